/**
 * An episode as a chat conversation, the part both export formats share: the system message the
 * agent was given, the goal as the user's turn with the first screen, then per action one
 * assistant message with one tool call and one tool message with what the phone showed after it.
 * Screenshots stay file names until the end, so `--last-images N` reads only the N it keeps.
 */
import { isTerminalAction, type CoordSpace } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { TrajectoryStep } from '../protocol/trajectory.ts';
import { findFormat, type TurnInput } from '../agents/formats/index.ts';
import { feedbackText } from '../agents/formats/conversation.ts';
import { OPENAI_DEFAULTS } from '../agents/openai.ts';
import { keepHead } from '../agents/replyLimits.ts';
import { APP_IDS } from '../../simulator-apps/catalog.ts';
import type { RunConfig } from '../runner/config.ts';
import type { RunMeta } from '../runner/meta.ts';
import { screenshotUri, type Episode } from './episodes.ts';
import { toolCallOf, type ToolCall } from './tools.ts';

export type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type Message =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | Part[] }
  | { role: 'assistant'; content: string; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string | Part[] };

/** A screenshot not read yet: a file of the episode, and the step whose screen it is (0: the first). */
interface PendingShot {
  type: 'screenshot';
  file: string;
  step: number;
}
type DraftPart = Part | PendingShot;
type Draft =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | DraftPart[] }
  | { role: 'assistant'; content: string; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string | DraftPart[] };

/** Where a step's screenshot goes: inside its tool message (Verifiers), or in a user message after it (OpenAI chat allows images only there). */
export type ImagePlacement = 'tool' | 'user';

export interface Conversation {
  prompt: Message[];
  completion: Message[];
}

/** Agents whose `thought` is a note of phonegym's (e.g. "oracle: tap(…)"), not a model's reasoning: it is not exported as theirs. */
const NOTE_AGENTS = new Set(['oracle', 'random', 'noop', 'replay']);
/** What the agent is told when the judge sent it back (as phonegym's own format words it). */
const FEEDBACK_INTRO = 'The task was checked and is not done yet:';

/**
 * The system message the episode's agent was given: the run's reply format (`--agent-format`)
 * for the openai agent, phonegym's default format for every other agent (the oracle and random
 * agents have none), built by the format itself for this goal and the run's coordinates.
 */
export function systemMessageOf(ep: Episode, meta: RunMeta): string | null {
  const config = meta.config as Partial<RunConfig>;
  const format = findFormat(ep.row.agent === 'openai' ? (config.agentFormat ?? OPENAI_DEFAULTS.format) : OPENAI_DEFAULTS.format);
  const scale = config.screenshotScale ?? 1;
  const input: TurnInput = {
    goal: keepHead(ep.row.goal),
    step: 0,
    maxSteps: ep.row.max_steps,
    image: config.observation === 'tree' ? null : { url: '', width: Math.round(VIEWPORT.width * scale), height: Math.round(VIEWPORT.height * scale) },
    tree: null,
    history: [],
    feedback: [],
    coords: (config.coords ?? 'pixels') as CoordSpace,
    apps: [...APP_IDS],
  };
  const first = format.messages(input)[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : null;
}

/** What the agent wrote with an action: the model's raw reply, else its recorded thought (not phonegym's notes), bounded. */
function assistantText(step: TrajectoryStep, agent: string): string {
  if (step.raw) return keepHead(step.raw);
  if (step.thought && !NOTE_AGENTS.has(agent)) return keepHead(step.thought);
  return '';
}

function eventText(e: EnvironmentEvent): string {
  switch (e.kind) {
    case 'chat.incoming':
      return `A message came in from ${keepHead(e.from, 200)} (chat ${keepHead(e.chatId, 100)}): ${keepHead(e.text, 4096)}`;
    default:
      // A kind this phonegym does not know (a newer trajectory): kept as data.
      return `Event: ${keepHead(JSON.stringify(e), 1000)}`;
  }
}

/** The tool's result in words: what the action did and where the phone is now. */
function resultText(step: TrajectoryStep, stopReason: string): string {
  const lines: string[] = [];
  if (isTerminalAction(step.action)) lines.push(`${step.action.type}: the episode ended (${stopReason}).`);
  else if (step.route) lines.push(`Done. The screen shows app "${keepHead(step.route.app, 100)}", page "${keepHead(step.route.path, 400)}".`);
  else lines.push('Done.');
  for (const e of step.events ?? []) lines.push(eventText(e));
  return lines.join('\n');
}

function shot(file: string | null, step: number): PendingShot[] {
  return file ? [{ type: 'screenshot', file, step }] : [];
}

/** The episode as draft messages, screenshots not read yet. */
function draft(ep: Episode, meta: RunMeta, images: ImagePlacement): { prompt: Draft[]; completion: Draft[] } {
  const { row, doc } = ep;
  const system = systemMessageOf(ep, meta);
  const prompt: Draft[] = [
    ...(system !== null ? [{ role: 'system' as const, content: system }] : []),
    // A session's first goal only: each later one arrives as the user's turn where its episode began.
    { role: 'user', content: [{ type: 'text', text: keepHead(doc.episodes?.[0]?.goal ?? row.goal) }, ...shot(doc.initial_screenshot, 0)] },
  ];
  const completion: Draft[] = [];
  const feedbackAfter = new Map(doc.rounds.filter((r) => r.delivered).map((r) => [r.after_step, r.feedback]));
  const episodeAt = new Map((doc.episodes ?? []).slice(1).map((e) => [e.first_step, e]));
  for (const step of doc.steps) {
    const id = `call_${step.index}`;
    const next = episodeAt.get(step.index);
    if (next) completion.push({ role: 'user', content: [{ type: 'text', text: keepHead(next.goal) }, ...shot(next.screenshot, step.index - 1)] });
    completion.push({ role: 'assistant', content: assistantText(step, row.agent), tool_calls: [toolCallOf(boundAction(step), id)] });
    const text = resultText(step, row.stop_reason);
    const screen = shot(step.screenshot, step.index);
    if (images === 'tool') completion.push({ role: 'tool', tool_call_id: id, content: [{ type: 'text', text }, ...screen] });
    else {
      completion.push({ role: 'tool', tool_call_id: id, content: text });
      if (screen.length) completion.push({ role: 'user', content: [{ type: 'text', text: `The screen after step ${step.index}:` }, ...screen] });
    }
    const feedback = feedbackAfter.get(step.index);
    if (feedback !== undefined) completion.push({ role: 'user', content: feedbackText([keepHead(feedback)], FEEDBACK_INTRO)! });
  }
  // A reply that could not be read as an action ended the episode: it is the model's last turn, with no tool call.
  if (doc.format_error?.raw) completion.push({ role: 'assistant', content: keepHead(doc.format_error.raw) });
  return { prompt, completion };
}

/** The recorded action with its texts bounded as every stored reply is. */
function boundAction(step: TrajectoryStep): TrajectoryStep['action'] {
  const a = step.action;
  switch (a.type) {
    case 'type':
    case 'answer':
      return { ...a, text: keepHead(a.text) };
    case 'info':
      return { ...a, question: keepHead(a.question) };
    case 'abort':
      return a.reason === undefined ? a : { ...a, reason: keepHead(a.reason) };
    case 'open_app':
      return { ...a, app: keepHead(a.app, 200) };
    default:
      return a;
  }
}

/**
 * The episode as a conversation. With `lastImages` set, only the last that many screenshots are
 * images (only they are read); earlier ones become a one-line note, as multimodal trainers bound
 * their context.
 */
export function episodeConversation(ep: Episode, meta: RunMeta, opts: { images: ImagePlacement; lastImages: number | null }): Conversation {
  const d = draft(ep, meta, opts.images);
  const all = [...d.prompt, ...d.completion];
  const shots = all.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p): p is PendingShot => p.type === 'screenshot')));
  const kept = new Set(opts.lastImages === null ? shots : shots.slice(Math.max(0, shots.length - opts.lastImages)));
  const resolve = (m: Draft): Message => {
    if (typeof m.content === 'string') return m as Message;
    const content = m.content.map((p): Part => {
      if (p.type !== 'screenshot') return p;
      return kept.has(p) ? { type: 'image_url', image_url: { url: screenshotUri(ep, p.file) } } : { type: 'text', text: `[screenshot of step ${p.step} dropped to bound the context]` };
    });
    return { ...m, content } as Message;
  };
  return { prompt: d.prompt.map(resolve), completion: d.completion.map(resolve) };
}
