/**
 * The `openai` agent: any OpenAI-compatible chat-completions endpoint driving the phone. Each
 * step it sends the screenshot as an image part (and, with `--observation tree|both`, the UI tree
 * as text) in the conversation shape of its reply format (`--agent-format`: phonegym's own JSON /
 * function-call format, or a published GUI-model grammar), and reads the reply back into an
 * action. Tokens, latency and (with a price table) cost are recorded per step.
 *
 * A failing model service (after the client's retries) is a `run_error` of the episode, never the
 * agent's fault; a reply that cannot be read is a format error, which is.
 */
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import type { Action, CoordSpace } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';
import { apiKeyFrom, ChatClient } from './chatClient.ts';
import { findFormat } from './formats/index.ts';
import { keepHead, keepHeadOf } from './replyLimits.ts';
import { treeText } from './formats/treeText.ts';
import type { ReplyFormat, TurnInput, TurnRecord } from './formats/types.ts';
import type { Agent, AgentFactory, AgentFactoryOptions, AgentObservation, AgentReply, EpisodeContext, StepUsage } from './types.ts';

export type ObservationMode = 'screenshot' | 'tree' | 'both';

/** Dollars per million tokens, prompt and completion (`--price-in`, `--price-out`). */
export interface PriceTable {
  inputPerMTok: number;
  outputPerMTok: number;
}

export interface OpenAIAgentOptions {
  model: string;
  baseUrl: string;
  /** The NAME of the environment variable holding the key (the key itself never enters a config). */
  apiKeyEnv: string;
  temperature: number;
  maxTokens: number;
  imageDetail: 'low' | 'high' | 'auto' | null;
  observation: ObservationMode;
  format: string;
  /** The run's coordinate space (`--coords`): phonegym's own format asks the model for it. */
  coords: CoordSpace;
  /** The screenshot's device scale (`--screenshot-scale`): its size is 360x800 times this. */
  screenshotScale: number;
  price: PriceTable | null;
  timeoutS: number;
  retries: number;
  /** CSS pixels of the 360x800 viewport → the env's coordinate space (from the env). */
  coordsFromCss: (p: { x: number; y: number }) => { x: number; y: number };
  apps: string[];
  log?: (line: string) => void;
  /** For tests: the environment the key is read from. */
  env?: NodeJS.ProcessEnv;
}

export const OPENAI_DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  apiKeyEnv: 'OPENAI_API_KEY',
  temperature: 0,
  maxTokens: 1024,
  observation: 'screenshot' as ObservationMode,
  format: 'phonegym',
  timeoutS: 120,
  retries: 4,
};

/** Moves every coordinate of `a` (fractions of the screen) into the env's space. */
export function fractionsToEnv(a: Action, coordsFromCss: OpenAIAgentOptions['coordsFromCss']): Action {
  const p = (x: number, y: number) => coordsFromCss({ x: x * VIEWPORT.width, y: y * VIEWPORT.height });
  switch (a.type) {
    case 'tap':
    case 'double_tap':
    case 'long_press': {
      const q = p(a.x, a.y);
      return { ...a, x: q.x, y: q.y };
    }
    case 'swipe':
    case 'drag': {
      const q1 = p(a.x1, a.y1);
      const q2 = p(a.x2, a.y2);
      return { ...a, x1: q1.x, y1: q1.y, x2: q2.x, y2: q2.y };
    }
    case 'type': {
      if (a.x === undefined || a.y === undefined) return a;
      const q = p(a.x, a.y);
      return { ...a, x: q.x, y: q.y };
    }
    default:
      return a;
  }
}

export class OpenAIAgent implements Agent {
  readonly name = 'openai';
  private readonly client: ChatClient;
  private readonly format: ReplyFormat;
  private history: TurnRecord[] = [];
  private feedback: string[] = [];
  /** The goal of the episode the conversation began with, and a session's new goal not yet acted on. */
  private firstGoal = '';
  private newTask: string | null = null;

  /** `--observation`: the model is shown the screenshot, the UI tree as text, or both. */
  get observes(): { screenshot: boolean; tree: boolean } {
    return { screenshot: this.o.observation !== 'tree', tree: this.o.observation !== 'screenshot' };
  }

  constructor(private readonly o: OpenAIAgentOptions) {
    this.format = findFormat(o.format);
    this.client = new ChatClient({
      baseUrl: o.baseUrl,
      model: o.model,
      apiKey: apiKeyFrom(o.apiKeyEnv, o.env),
      timeoutMs: o.timeoutS * 1000,
      maxRetries: o.retries,
    });
  }

  start(ep: EpisodeContext): void {
    this.history = [];
    this.feedback = [];
    this.firstGoal = ep.goal;
    this.newTask = null;
  }

  /** A session's next goal: the conversation goes on, each goal marked on the turn that began it. */
  nextGoal(ep: EpisodeContext): void {
    if (this.history[0] && this.history[0].task === undefined) this.history[0] = { ...this.history[0], task: this.firstGoal };
    this.newTask = ep.goal;
    this.feedback = [];
  }

  /** The judge said the task is not done (feedback rounds): the conversation goes on with this in it. */
  feedbackFromJudge(text: string): void {
    this.feedback.push(text);
  }

  async act(obs: AgentObservation, ep: EpisodeContext, signal?: AbortSignal): Promise<AgentReply> {
    const send = this.o.observation !== 'tree';
    const input: TurnInput = {
      goal: ep.goal,
      step: obs.step,
      maxSteps: ep.maxSteps,
      image:
        send && obs.screenshot.length
          ? {
              url: `data:image/jpeg;base64,${obs.screenshot.toString('base64')}`,
              width: Math.round(VIEWPORT.width * this.o.screenshotScale),
              height: Math.round(VIEWPORT.height * this.o.screenshotScale),
              ...(this.o.imageDetail ? { detail: this.o.imageDetail } : {}),
            }
          : null,
      tree: this.o.observation === 'screenshot' ? null : treeText(obs.tree),
      history: this.history,
      feedback: this.feedback,
      coords: this.o.coords,
      apps: this.o.apps,
    };
    const retries: NonNullable<StepUsage['retries']> = [];
    const result = await this.client.complete({
      messages: this.format.messages(input),
      temperature: this.o.temperature,
      maxTokens: this.o.maxTokens,
      signal,
      onRetry: (r) => {
        retries.push({ attempt: r.attempt, code: r.code, message: keepHead(r.message, 500), wait_ms: r.waitMs });
        this.o.log?.(`model service: ${r.message}; retry ${r.attempt} in ${(r.waitMs / 1000).toFixed(1)} s`);
      },
    });
    const usage: StepUsage = {
      prompt_tokens: result.usage?.prompt_tokens ?? 0,
      completion_tokens: result.usage?.completion_tokens ?? 0,
      latency_ms: result.latencyMs,
      requests: result.attempts,
      cost_usd: this.o.price && result.usage ? cost(this.o.price, result.usage.prompt_tokens, result.usage.completion_tokens) : null,
      ...(retries.length ? { retries } : {}),
    };
    const parsed = this.format.parse(result.text, input);
    if ('formatError' in parsed) return { formatError: parsed.formatError, raw: result.text, usage };
    // What goes back to the model each turn is capped like what is stored: a runaway reply is not resent whole.
    this.history.push({ raw: keepHead(result.text), thought: keepHeadOf(parsed.thought), action: parsed.action, ...(this.newTask ? { task: this.newTask } : {}) });
    this.newTask = null;
    return { action: fractionsToEnv(parsed.action, this.o.coordsFromCss), raw: result.text, thought: parsed.thought, usage };
  }
}

export function cost(p: PriceTable, promptTokens: number, completionTokens: number): number {
  return Math.round(((promptTokens * p.inputPerMTok + completionTokens * p.outputPerMTok) / 1e6) * 1e6) / 1e6;
}

const num = (v: unknown, name: string, fallback: number): number => {
  if (v === undefined || v === null) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`${name} must be a number (got ${JSON.stringify(v)})`);
  return n;
};

export const openaiAgent: AgentFactory = {
  name: 'openai',
  description: 'any OpenAI-compatible chat-completions endpoint (--model-name, --base-url, --agent-format)',
  create(opts: AgentFactoryOptions): Agent {
    const model = opts.modelName;
    if (typeof model !== 'string' || !model) throw new UsageError('the openai agent needs --model-name (the model the endpoint serves, e.g. gpt-4o or Qwen/Qwen2.5-VL-7B-Instruct)');
    const observation = (opts.observation ?? OPENAI_DEFAULTS.observation) as ObservationMode;
    if (!['screenshot', 'tree', 'both'].includes(observation)) throw new UsageError(`--observation must be screenshot, tree or both (got "${observation}")`);
    const detail = (opts.imageDetail ?? null) as OpenAIAgentOptions['imageDetail'];
    if (detail !== null && !['low', 'high', 'auto'].includes(detail)) throw new UsageError(`--image-detail must be low, high or auto (got "${detail}")`);
    const priceIn = opts.priceIn === undefined || opts.priceIn === null ? null : num(opts.priceIn, '--price-in', 0);
    const priceOut = opts.priceOut === undefined || opts.priceOut === null ? null : num(opts.priceOut, '--price-out', 0);
    if ((priceIn === null) !== (priceOut === null)) throw new UsageError('give both --price-in and --price-out (dollars per million prompt and completion tokens), or neither');
    if (typeof opts.coordsFromCss !== 'function') throw new PhonegymError('the openai agent needs coordsFromCss from its env', { code: 'internal' });
    return new OpenAIAgent({
      model,
      baseUrl: String(opts.baseUrl ?? OPENAI_DEFAULTS.baseUrl),
      apiKeyEnv: String(opts.apiKeyEnv ?? OPENAI_DEFAULTS.apiKeyEnv),
      temperature: num(opts.temperature, '--temperature', OPENAI_DEFAULTS.temperature),
      maxTokens: num(opts.maxTokens, '--max-tokens', OPENAI_DEFAULTS.maxTokens),
      imageDetail: detail,
      observation,
      format: String(opts.format ?? OPENAI_DEFAULTS.format),
      coords: (opts.coords ?? 'pixels') as CoordSpace,
      screenshotScale: num(opts.screenshotScale, '--screenshot-scale', 1),
      price: priceIn !== null && priceOut !== null ? { inputPerMTok: priceIn, outputPerMTok: priceOut } : null,
      timeoutS: num(opts.timeoutS, '--model-timeout', OPENAI_DEFAULTS.timeoutS),
      retries: num(opts.retries, '--model-retries', OPENAI_DEFAULTS.retries),
      coordsFromCss: opts.coordsFromCss as OpenAIAgentOptions['coordsFromCss'],
      apps: Array.isArray(opts.apps) ? (opts.apps as string[]) : [],
      log: typeof opts.log === 'function' ? (opts.log as (l: string) => void) : undefined,
      env: (opts.env as NodeJS.ProcessEnv | undefined) ?? process.env,
    });
  },
};
