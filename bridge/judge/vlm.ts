/**
 * The VLM judge (spec section 8): a vision-language model looks at the goal, the agent's actions,
 * its answer and a sample of the episode's screenshots, and decides `success` (the goal was
 * achieved) and `clean` (nothing else was changed). Used where no state check exists (real
 * devices, tasks without one) and, in `--judge-mode both`, beside the state judge to measure how
 * far the two agree (agreement.ts).
 *
 * The judge may import only bridge/protocol (bridge/tools/checkBoundaries.ts), so the chat client
 * comes in as a parameter typed by its shape: `ChatClient` from bridge/agents/chatClient.ts fits
 * `JudgeChatClient` as it is. Everything here but `vlmJudge` is pure; `vlmJudge` makes one request
 * through that client and nothing else (no clock, no files: the caller saves `prompt` and `raw`).
 */
import { PhonegymError } from '../protocol/errors.ts';

/** The parts of an OpenAI-style chat message the judge sends (the shape of chatClient's ChatMessage). */
export type VlmContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface VlmChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | VlmContentPart[];
}

/** What the judge needs of a chat client; bridge/agents/chatClient.ts's `ChatClient` satisfies it. */
export interface JudgeChatClient {
  readonly model: string;
  /** Read only for `apiKey`, so that no returned text or error can carry the key. */
  readonly opts?: { readonly apiKey?: string | null };
  complete(req: { messages: VlmChatMessage[]; temperature?: number; maxTokens?: number; signal?: AbortSignal }): Promise<{
    text: string;
    usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
    latencyMs: number;
    model: string;
    finishReason: string | null;
  }>;
}

export interface VlmJudgeInput {
  goal: string;
  /** One human-readable line per step (`describeAction`), e.g. `tap(120, 540)`. */
  actions: string[];
  answer: string | null;
  /** Image bytes (JPEG, PNG or WebP) in time order: the initial screen, then the screen after each step. */
  screenshots: Uint8Array[];
  /**
   * The step each screenshot was taken after (0 = the initial screen), when some step has none
   * (a terminal action, a failed capture); by default screenshot i follows step i.
   */
  screenshotSteps?: number[];
  /** At most this many screenshots are shown (default 10). */
  maxImages?: number;
  /** `operation`: the goal asks for a change; `query`: it asks for information (judged on the answer). */
  taskKind?: 'operation' | 'query';
}

export interface VlmJudgeReply {
  success: boolean;
  clean: boolean;
  reasons: string;
  issues: string[];
}

export interface VlmVerdict extends VlmJudgeReply {
  passed: boolean;
  /** Indices into `screenshots` of the images sent. */
  shown: number[];
  /** The request's messages with each image replaced by a placeholder: `vlm_judge_prompt.json`. */
  prompt: VlmChatMessage[];
  /** The model's reply as it came: `vlm_judge_response.txt`. */
  raw: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
  latencyMs: number;
  model: string;
}

export type VlmJudgeErrorCode = 'vlm_judge_bad_reply' | 'vlm_judge_bad_input';

/**
 * The VLM judge could not give a verdict: its reply was unusable (`vlm_judge_bad_reply`, with the
 * reply in `raw` so it can still be saved) or the input was (`vlm_judge_bad_input`). Either way
 * the caller records an `eval_error` row: a judge failure is never a task failure.
 */
export class VlmJudgeError extends PhonegymError {
  override name = 'VlmJudgeError';
  constructor(
    message: string,
    code: VlmJudgeErrorCode,
    readonly raw: string | null = null,
    readonly prompt: VlmChatMessage[] | null = null,
  ) {
    super(message, { code });
  }
}

export const DEFAULT_MAX_IMAGES = 10;

/**
 * Which of `count` screenshots to show: all when they fit, else `maxImages` spread evenly over the
 * episode, the first and the last always among them (with room for one, only the last: the final
 * screen says most about the outcome). Sorted, no duplicates.
 */
export function sampleImages(count: number, maxImages: number = DEFAULT_MAX_IMAGES): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`sampleImages: count must be a whole number >= 0, got ${count}`);
  if (!Number.isInteger(maxImages) || maxImages < 1) throw new RangeError(`sampleImages: maxImages must be a whole number >= 1, got ${maxImages}`);
  if (count === 0) return [];
  if (maxImages === 1) return [count - 1];
  if (count <= maxImages) return Array.from({ length: count }, (_, i) => i);
  // The spacing (count-1)/(maxImages-1) is above 1, so rounded positions never collide.
  return Array.from({ length: maxImages }, (_, i) => Math.round((i * (count - 1)) / (maxImages - 1)));
}

const SYSTEM_PROMPT = `You are the judge of a benchmark for mobile GUI agents. An agent was given a goal and operated a phone step by step. You get the goal, every action the agent took, its final answer (if any), and screenshots from the episode in time order: the initial screen, a sample of the screens in between, and the final screen. Decide two things, independently of each other.

success: was the goal achieved?
- If the goal asks for a change (send, create, edit, delete, set, turn on or off, book, ...), the screens must show the change made completely and correctly: the right target (contact, chat, item, setting), the exact content or values the goal gives, and committed (sent, saved, confirmed), not left as a draft, an unsent text in an input field or an unconfirmed dialog.
- If the goal asks for information, judge the final answer text: it must state the correct information, as the screens show it, and answer what was asked. A missing answer, a wrong or partial one, or one the screens contradict is not a success. Wording and formatting may differ.
- If the goal asks for both, both parts must be done.
- Judge from evidence, not from the agent's claims: an answer saying "done" proves nothing, and an action is only an attempt (a tap can miss). If the screens do not show that the goal was achieved, success is false.

clean: did the agent leave everything else as it was?
- A side effect is a lasting change to the phone's data or settings that the goal did not ask for: a message sent to the wrong person or an extra message, an item created, edited or deleted that the goal does not mention, a setting toggled, a contact added, followed, muted or blocked, a call placed, something posted, bought or shared.
- Not side effects: opening or switching apps, navigating between screens, scrolling, searching, opening a menu or dialog and dismissing it, typing into a field and clearing it without saving, the clock moving, and what follows from the requested change itself (a sent message showing in the chat list, an unread badge clearing on a chat the goal required opening).
- A change the agent undid exactly before the end is not a side effect.
- clean does not depend on success: a failed attempt that changed nothing is clean; a successful one that also changed something else is not. With no sign of an unrequested change, clean is true.

Reply with one JSON object and nothing else:
{"success": true or false, "clean": true or false, "reasons": "a few sentences: what the screens and the answer show, for each decision", "issues": ["one short line per problem: a part of the goal not met, or a side effect"]}
"issues" is [] when success and clean are both true.`;

function stepLabel(step: number, actions: readonly string[]): { text: string; placeholder: string } {
  if (step === 0) return { text: 'Initial screen', placeholder: 'initial screen' };
  const action = actions[step - 1];
  return { text: `Screen after step ${step}${action !== undefined ? ` (${action})` : ''}`, placeholder: `screen after step ${step}` };
}

/** The MIME type from the file's first bytes; null when it is none the judge sends. */
function sniffImageType(bytes: Uint8Array): string | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** Base64 without Node's Buffer (the judge runs anywhere); chunked so the argument list stays short. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function describeGoal(input: VlmJudgeInput, shownCount: number): string {
  const kind =
    input.taskKind === 'query'
      ? 'query: the goal asks for information; judge success on the final answer, and clean on whether anything was changed.'
      : input.taskKind === 'operation'
        ? 'operation: the goal asks for a change on the phone; judge success on what the screens show.'
        : 'not given: decide from the goal whether it asks for a change, for information, or both.';
  const actions = input.actions.length ? input.actions.map((a, i) => `${i + 1}. ${a}`).join('\n') : '(none: the agent took no action)';
  const answer = input.answer === null ? '(none)' : JSON.stringify(input.answer);
  const total = input.screenshots.length;
  const sampling = shownCount === total ? `all ${total} screens of the episode` : `${shownCount} of the episode's ${total} screens, spread evenly, the first and the last included`;
  return [
    `Goal: ${input.goal}`,
    `Task kind: ${kind}`,
    `Actions (${input.actions.length} steps):\n${actions}`,
    `Final answer: ${answer}`,
    `Screenshots below: ${sampling}, in time order, each named by the step it follows.`,
  ].join('\n\n');
}

/**
 * The request for one episode: a system message with the criteria and the reply format, and a
 * user message with the goal, the numbered actions, the answer and the sampled screenshots (each
 * a data URL, after a text part naming it). `prompt` is the same messages with every image
 * replaced by a placeholder (what `vlm_judge_prompt.json` holds); `shown` indexes `screenshots`.
 */
export function buildVlmJudgeRequest(input: VlmJudgeInput): { messages: VlmChatMessage[]; prompt: VlmChatMessage[]; shown: number[] } {
  const { screenshots, screenshotSteps } = input;
  if (screenshots.length === 0) {
    throw new VlmJudgeError('the VLM judge got no screenshots: it judges from the screens, so the episode must record at least its initial and final screen', 'vlm_judge_bad_input');
  }
  if (screenshotSteps && screenshotSteps.length !== screenshots.length) {
    throw new VlmJudgeError(`screenshotSteps has ${screenshotSteps.length} entries for ${screenshots.length} screenshots: give one step index per screenshot`, 'vlm_judge_bad_input');
  }
  const shown = sampleImages(screenshots.length, input.maxImages ?? DEFAULT_MAX_IMAGES);
  const parts: VlmContentPart[] = [{ type: 'text', text: describeGoal(input, shown.length) }];
  const placeholderParts: VlmContentPart[] = [...parts];
  for (const i of shown) {
    const bytes = screenshots[i]!;
    const mime = sniffImageType(bytes);
    if (!mime) {
      const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
      throw new VlmJudgeError(`screenshot ${i} (${bytes.length} bytes, starting ${head || 'with nothing'}) is not a JPEG, PNG or WebP image`, 'vlm_judge_bad_input');
    }
    const step = screenshotSteps ? screenshotSteps[i]! : i;
    const label = stepLabel(step, input.actions);
    const text: VlmContentPart = { type: 'text', text: `${label.text}:` };
    parts.push(text, { type: 'image_url', image_url: { url: `data:${mime};base64,${toBase64(bytes)}` } });
    placeholderParts.push(text, { type: 'image_url', image_url: { url: `<image ${i}: ${label.placeholder}, ${bytes.length} bytes>` } });
  }
  const closing: VlmContentPart = { type: 'text', text: 'Judge this episode now. Reply with the JSON object only.' };
  parts.push(closing);
  placeholderParts.push(closing);
  const system: VlmChatMessage = { role: 'system', content: SYSTEM_PROMPT };
  return { messages: [system, { role: 'user', content: parts }], prompt: [system, { role: 'user', content: placeholderParts }], shown };
}

/** Every balanced `{…}` in `text` that parses as a JSON object, in order of appearance. */
function jsonObjectsIn(text: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          const v: unknown = JSON.parse(text.slice(start, i + 1));
          if (typeof v === 'object' && v !== null && !Array.isArray(v)) found.push(v as Record<string, unknown>);
        } catch {
          /* not JSON: a later `{` may start the real object */
        }
        break;
      }
    }
  }
  return found;
}

function readBoolean(value: unknown, field: string, raw: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
  throw new VlmJudgeError(`the VLM judge's reply gives "${field}": ${JSON.stringify(value)}; it must be true or false`, 'vlm_judge_bad_reply', raw);
}

function readText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(readText).filter(Boolean).join(' ');
  return JSON.stringify(value);
}

/**
 * Reads the judge's reply: the last JSON object in it that has a `success` (or `passed`) field,
 * after dropping `<think>…</think>` reasoning; code fences and prose around the object are
 * ignored. Also accepted: `"true"`/`"false"` strings for the booleans, `passed` for `success`
 * when `success` is missing, `reason` for `reasons`, a missing `reasons` (empty), and `issues` as
 * one string or absent (empty). `clean` is always required. Throws VlmJudgeError
 * (`vlm_judge_bad_reply`, the reply in `raw`) saying what was wrong.
 */
export function parseVlmJudgeReply(text: string): VlmJudgeReply {
  const body = text.replace(/<think>[\s\S]*?<\/think>/gi, '').replace(/^[\s\S]*<\/think>/i, '').trim();
  if (!body) throw new VlmJudgeError('the VLM judge\'s reply is empty (apart from any <think> block): expected a JSON object with "success" and "clean"', 'vlm_judge_bad_reply', text);
  const candidates = jsonObjectsIn(body).filter((o) => 'success' in o || 'passed' in o);
  const reply = candidates.at(-1);
  if (!reply) {
    const start = body.replace(/\s+/g, ' ').slice(0, 120);
    throw new VlmJudgeError(`the VLM judge's reply has no JSON object with "success" and "clean" (it starts: ${JSON.stringify(start)})`, 'vlm_judge_bad_reply', text);
  }
  const success = readBoolean('success' in reply ? reply.success : reply.passed, 'success' in reply ? 'success' : 'passed', text);
  if (!('clean' in reply)) throw new VlmJudgeError('the VLM judge\'s reply has no "clean" field: it must say whether anything the goal did not ask for was changed', 'vlm_judge_bad_reply', text);
  const clean = readBoolean(reply.clean, 'clean', text);
  const issuesValue = reply.issues;
  const issues = issuesValue === undefined || issuesValue === null ? [] : (Array.isArray(issuesValue) ? issuesValue : [issuesValue]).map(readText).filter(Boolean);
  return { success, clean, reasons: readText(reply.reasons ?? reply.reason), issues };
}

/** Hides the key wherever a reply could echo it (a model or proxy repeating its request headers). */
function hideKey(text: string, key: string | null | undefined): string {
  const out = key && key.length >= 4 ? text.split(key).join('***') : text;
  return out.replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1***');
}

function hideKeyIn<T>(value: T, key: string | null | undefined): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? hideKey(v, key) : v))) as T;
}

/**
 * Judges one episode with a VLM. A failure of the model service propagates as the client's
 * `ModelServiceError`; an unusable reply throws `VlmJudgeError` carrying the reply and the prompt.
 * Either is an `eval_error` for the caller. Temperature defaults to 0; `maxTokens` to the
 * server's default (a reasoning model needs room for its thinking before the JSON).
 */
export async function vlmJudge(
  client: JudgeChatClient,
  input: VlmJudgeInput,
  opts: { signal?: AbortSignal; temperature?: number; maxTokens?: number } = {},
): Promise<VlmVerdict> {
  const key = client.opts?.apiKey;
  const { messages, prompt: withPlaceholders, shown } = buildVlmJudgeRequest(input);
  const prompt = hideKeyIn(withPlaceholders, key);
  const result = await client.complete({
    messages,
    temperature: opts.temperature ?? 0,
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const raw = hideKey(result.text, key);
  let reply: VlmJudgeReply;
  try {
    reply = parseVlmJudgeReply(raw);
  } catch (e) {
    if (!(e instanceof VlmJudgeError)) throw e;
    const cut = result.finishReason === 'length' ? ` (the reply was cut off at the token limit${opts.maxTokens !== undefined ? ` of ${opts.maxTokens}` : ''}: raise maxTokens)` : '';
    throw new VlmJudgeError(`${e.message}${cut}`, 'vlm_judge_bad_reply', raw, prompt);
  }
  return {
    ...reply,
    passed: reply.success && reply.clean,
    shown,
    prompt,
    raw,
    usage: result.usage,
    latencyMs: result.latencyMs,
    model: result.model,
  };
}
