/**
 * The remote-agent wire protocol (docs/remote-agents.md): the turns a client is handed, the
 * requests it answers with, and their strict parsers. Pure: the hub (bridge/agents/remoteHub.ts)
 * serves it over HTTP, and any other transport could carry the same objects.
 */
import { ACTION_TYPES, KEY_NAMES, type Action, type ActionType, type CoordSpace } from './actions.ts';
import { PhonegymError, type HttpProblem } from './errors.ts';
import type { EnvironmentEvent } from './messages.ts';
import type { Route, UiNode } from './state.ts';
import { didYouMean } from './suggest.ts';

export const REMOTE_PROTOCOL_VERSION = 1;
/** How long `next` holds a request open when the client does not say (`wait_s`). */
export const DEFAULT_POLL_WAIT_S = 25;
export const MAX_POLL_WAIT_S = 60;
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
export const CLIENT_ID_RULE = 'client must be 1-64 characters of letters, digits, ".", "_", ":" or "-" (one id per client process, e.g. a UUID)';

// -------------------------------------------------------------------------------------------------
// Turns (snake_case, as a Python client reads them)

/** Actions are given in `space`, x in [0, width] and y in [0, height]. */
export interface WireCoords {
  space: CoordSpace;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** What every turn of an episode repeats, so a stateless client needs nothing but the turn. */
export interface EpisodeHeader {
  task_id: string;
  goal: string;
  max_steps: number;
  coords: WireCoords;
  /** CSS pixels: the space of the UI tree's bounds. */
  viewport: Size;
  /**
   * A session template (docs/tasks.md, "Sessions"): which of its episodes this is (1-based) of
   * how many, all on one phone, each a new goal after the one before passed. Absent for a task.
   */
  session?: { episode: number; episodes: number };
}

export interface StartTurn extends EpisodeHeader {
  type: 'start';
  episode: string;
  seed: number;
  eval_mode: string;
  /** The screenshot's size in pixels. */
  screen: Size;
}

export interface ActTurn extends EpisodeHeader {
  type: 'act';
  episode: string;
  /** Actions taken so far; the reply must carry the same number. */
  step: number;
  route: Route;
  tree: UiNode[];
  /** Base64 JPEG. */
  screenshot: string;
  /** The judge's findings from earlier feedback rounds, oldest first. */
  feedback: string[];
  /**
   * What the world did since your last action, already on the phone in this turn's screenshot
   * and tree (interactive tasks: a scripted contact's message, `chat.incoming`); usually empty.
   */
  events: EnvironmentEvent[];
}

/**
 * A session's next episode: the one before passed, and the same phone, as it left it, gets a new
 * goal (`goal`, `session.episode`). The conversation goes on: an agent that keeps what it saw
 * should keep it. No answer is due; the next act turn (which carries the new goal too) follows.
 */
export interface NextGoalTurn extends EpisodeHeader {
  type: 'next_goal';
  episode: string;
  /** Actions taken so far in the session. */
  step: number;
}

/** What this side knows of why the episode ended (the verdict is in results.jsonl). */
export type EndReason = 'terminal_action' | 'format_error' | 'invalid_action' | 'agent_error' | 'turn_timeout' | 'stopped';

export interface EndTurn {
  type: 'end';
  episode: string;
  task_id: string;
  /** Actions the agent answered with. */
  steps: number;
  reason: EndReason;
}

/** The run is over: the client may exit. */
export interface DoneTurn {
  type: 'done';
}

export type Turn = StartTurn | ActTurn | NextGoalTurn | EndTurn | DoneTurn;

// -------------------------------------------------------------------------------------------------
// Errors

/**
 * `remote_agent_absent` (no client came) and `remote_agent_silent` (clients went quiet, or a turn
 * was never answered) are row error codes (bridge/runner/errorCodes.ts); an invalid action or an
 * error the client reports is the agent's own failure (`agent_error`); `remote_closed` means the
 * bridge shut down under the episode.
 */
export type RemoteAgentErrorCode = 'remote_agent_absent' | 'remote_agent_silent' | 'remote_invalid_action' | 'remote_agent_error' | 'remote_closed';

/** An episode the remote agent failed, or never came to. */
export class RemoteAgentError extends PhonegymError {
  override name = 'RemoteAgentError';
  constructor(code: RemoteAgentErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { code, ...(details ? { details } : {}) });
  }
}

/** A request refused before the hub acts on it. */
export type WireProblem = HttpProblem;

const bad = (message: string, field?: string): WireProblem => ({ status: 400, code: 'bad_request', message, ...(field !== undefined ? { field } : {}) });

// -------------------------------------------------------------------------------------------------
// Requests

/** The body of `POST /agent/v1/next`. */
export interface NextRequest {
  client: string;
  wait_s?: number;
}

export function parseNextRequest(body: unknown): NextRequest | WireProblem {
  const b = body === undefined ? {} : body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return bad('the body of next must be a JSON object like {"client": "my-agent-1"} (or empty)');
  const o = b as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== 'client' && key !== 'wait_s') return bad(`next takes "client" and "wait_s", not "${key.slice(0, 40)}"`, key);
  }
  if (o.client !== undefined && (typeof o.client !== 'string' || !CLIENT_ID_PATTERN.test(o.client))) return bad(CLIENT_ID_RULE, 'client');
  if (o.wait_s !== undefined && (typeof o.wait_s !== 'number' || !Number.isFinite(o.wait_s) || o.wait_s < 0 || o.wait_s > MAX_POLL_WAIT_S)) {
    return bad(`wait_s must be a number of seconds from 0 to ${MAX_POLL_WAIT_S}`, 'wait_s');
  }
  return { client: (o.client as string | undefined) ?? '', ...(o.wait_s !== undefined ? { wait_s: o.wait_s as number } : {}) };
}

/** The body of `POST /agent/v1/act`: exactly one of an action, a format error or an error. */
export interface ActRequest {
  episode: string;
  step: number;
  /** Still unparsed: an invalid action ends the episode, so the hub parses it with `parseAction`. */
  action?: unknown;
  format_error?: string;
  error?: string;
  thought?: string;
  raw?: string;
}

const ACT_FIELDS = ['episode', 'step', 'action', 'format_error', 'error', 'thought', 'raw'];

export function parseActRequest(body: unknown): ActRequest | WireProblem {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('the body of act must be a JSON object: {"episode": "e1", "step": 0, "action": {...}}');
  const o = body as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!ACT_FIELDS.includes(key)) return bad(`act takes ${ACT_FIELDS.join(', ')}, not "${key.slice(0, 40)}"${didYouMean(key, ACT_FIELDS)}`, key);
  }
  if (typeof o.episode !== 'string') return bad('episode must be the id from the act turn, e.g. "e1"', 'episode');
  if (typeof o.step !== 'number' || !Number.isInteger(o.step) || o.step < 0) return bad('step must be the step number from the act turn (an integer >= 0)', 'step');
  for (const key of ['thought', 'raw', 'format_error', 'error'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'string') return bad(`${key} must be a string`, key);
  }
  const kinds = (['action', 'format_error', 'error'] as const).filter((k) => o[k] !== undefined);
  if (kinds.length !== 1) {
    return bad(`give exactly one of "action" (what to do), "format_error" (the model's output could not be read) or "error" (the agent crashed)${kinds.length ? `, not ${kinds.join(' and ')}` : ''}`, kinds[1] ?? 'action');
  }
  return o as unknown as ActRequest;
}

export function isWireProblem(v: unknown): v is WireProblem {
  return typeof v === 'object' && v !== null && typeof (v as WireProblem).status === 'number' && typeof (v as WireProblem).code === 'string';
}

// -------------------------------------------------------------------------------------------------
// Actions

type FieldKind = 'number' | 'string' | 'boolean';
interface FieldSpec {
  kind: FieldKind;
  optional?: boolean;
  oneOf?: readonly string[];
}

const XY: Record<string, FieldSpec> = { x: { kind: 'number' }, y: { kind: 'number' } };
const STROKE: Record<string, FieldSpec> = { x1: { kind: 'number' }, y1: { kind: 'number' }, x2: { kind: 'number' }, y2: { kind: 'number' }, durationMs: { kind: 'number', optional: true } };

const ACTION_FIELDS: Record<ActionType, Record<string, FieldSpec>> = {
  tap: XY,
  double_tap: XY,
  long_press: { ...XY, durationMs: { kind: 'number', optional: true } },
  swipe: STROKE,
  drag: STROKE,
  type: { text: { kind: 'string' }, x: { kind: 'number', optional: true }, y: { kind: 'number', optional: true }, clear: { kind: 'boolean', optional: true } },
  key: { key: { kind: 'string', oneOf: KEY_NAMES } },
  open_app: { app: { kind: 'string' } },
  wait: { ms: { kind: 'number' } },
  info: { question: { kind: 'string' } },
  answer: { text: { kind: 'string' } },
  complete: {},
  abort: { reason: { kind: 'string', optional: true } },
};

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

/**
 * Reads phonegym action JSON strictly: every field named and typed, nothing extra (a typo such as
 * `"X"` would otherwise become a tap at 0). Coordinates are in the run's space; the env clamps them.
 */
export function parseAction(v: unknown, where = 'action'): { action: Action } | { field: string; message: string } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { field: where, message: `${where} must be an object like {"type": "tap", "x": 180, "y": 400}, got ${show(v)}` };
  const o = v as Record<string, unknown>;
  const type = o.type;
  if (typeof type !== 'string') return { field: `${where}.type`, message: `${where}.type must be one of ${ACTION_TYPES.join(', ')}, got ${show(type)}` };
  if (!(ACTION_TYPES as readonly string[]).includes(type)) {
    return { field: `${where}.type`, message: `${where}.type "${type.slice(0, 40)}" is not an action type${didYouMean(type, ACTION_TYPES)}; types: ${ACTION_TYPES.join(', ')}` };
  }
  const spec = ACTION_FIELDS[type as ActionType];
  for (const key of Object.keys(o)) {
    if (key !== 'type' && !Object.hasOwn(spec, key)) {
      const known = Object.keys(spec);
      return { field: `${where}.${key}`, message: `${where}.${key.slice(0, 40)} is not a field of a ${type} action${didYouMean(key, known)} (fields: ${known.length ? ['type', ...known].join(', ') : 'type only'})` };
    }
  }
  for (const [key, f] of Object.entries(spec)) {
    const value = o[key];
    const name = `${where}.${key}`;
    if (value === undefined || value === null) {
      if (f.optional) continue;
      return { field: name, message: `${name} is missing: a ${type} action needs ${Object.entries(spec).filter(([, s]) => !s.optional).map(([k]) => k).join(', ')}` };
    }
    if (f.kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return { field: name, message: `${name} must be a finite number, got ${show(value)}` };
    if (f.kind === 'string' && typeof value !== 'string') return { field: name, message: `${name} must be a string, got ${show(value)}` };
    if (f.kind === 'boolean' && typeof value !== 'boolean') return { field: name, message: `${name} must be true or false, got ${show(value)}` };
    if (f.oneOf && !f.oneOf.includes(value as string)) return { field: name, message: `${name} must be one of ${f.oneOf.join(', ')}, got ${show(value)}` };
    if ((key === 'ms' || key === 'durationMs') && (value as number) < 0) return { field: name, message: `${name} must not be negative, got ${show(value)}` };
  }
  if (type === 'type' && (o.x === undefined || o.x === null) !== (o.y === undefined || o.y === null)) {
    return { field: `${where}.${o.x === undefined || o.x === null ? 'x' : 'y'}`, message: `${where}: give both x and y (to tap the field first) or neither (type into the focused field)` };
  }
  if (type === 'open_app' && (o.app as string).trim() === '') return { field: `${where}.app`, message: `${where}.app must name an app, e.g. "chat"` };
  // Only the known fields go on: the object is ours, not the client's.
  const action: Record<string, unknown> = { type };
  for (const key of Object.keys(spec)) if (o[key] !== undefined && o[key] !== null) action[key] = o[key];
  return { action: action as Action };
}
