/**
 * The env server's requests, read strictly (every field named and typed, nothing extra): a bad
 * request is a `SessionError` with the HTTP status, a code and a message that says what to send.
 * Shared by the HTTP endpoints and the WebSocket (OpenEnv) messages.
 */
import type { ServerResponse } from 'node:http';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { sendJson } from '../server/http.ts';
import { parseAction } from '../protocol/remoteAgent.ts';
import { SnapshotError } from '../env/snapshots.ts';
import type { Action } from '../protocol/actions.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { MAX_VARIANT } from '../protocol/robustness.ts';
import { EVAL_MODES, type EvalMode } from '../tasks/grounded.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import { isSession, sessionEpisodes } from '../tasks/session.ts';
import { REWARD_MODES, SessionError, type EpisodeRequest, type RewardMode } from './session.ts';

/** The longest a create may wait in the queue for a phone. */
export const MAX_WAIT_S = 600;

const bad = (message: string, code = 'bad_request') => new SessionError(message, 400, code);

function object(v: unknown, what: string, example: string): Record<string, unknown> {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(`${what} must be a JSON object, e.g. ${example}`);
  return v as Record<string, unknown>;
}

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) throw bad(`${what} takes ${allowed.join(', ')}; not "${key.slice(0, 40)}"${didYouMean(key, allowed)}`);
  }
}

function int(o: Record<string, unknown>, key: string, min: number, fallback?: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bad(`${key} must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`}, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function bool(o: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = o[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw bad(`${key} must be true or false, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function oneOf<T extends string>(o: Record<string, unknown>, key: string, values: readonly T[]): T | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !values.includes(v as T)) throw bad(`${key} must be one of ${values.join(', ')}, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v as T;
}

/** A task by id, or 404 `unknown_task` with the nearest ids. */
export function findTask(tasks: readonly LoadedTask[], id: unknown): LoadedTask {
  if (typeof id !== 'string' || id === '') throw bad('task must be a task id, e.g. "chat.PinChat" (GET /v1/tasks lists them)', 'missing_task');
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new SessionError(`unknown task id ${JSON.stringify(id.slice(0, 80))}${didYouMean(id, tasks.map((t) => t.id))}: GET /v1/tasks lists the ${tasks.length} tasks this server has`, 404, 'unknown_task');
  return task;
}

export interface EpisodeOptions {
  episode: EpisodeRequest;
  /** Observations carry the screenshot (base64 JPEG) unless false. */
  screenshot: boolean;
}

const EPISODE_KEYS = ['task', 'seed', 'variant', 'params', 'eval_mode', 'max_steps', 'reward', 'screenshot'] as const;

/** `{task, seed, variant, params, eval_mode, max_steps, reward, screenshot}`; `extra` keys are the caller's to read. */
export function parseEpisode(body: unknown, tasks: readonly LoadedTask[], extra: readonly string[] = [], what = 'the body'): EpisodeOptions {
  const o = object(body, what, '{"task": "chat.PinChat", "seed": 3}');
  onlyKeys(o, [...EPISODE_KEYS, ...extra], what);
  const task = findTask(tasks, o.task);
  // A session's later episodes start from the phone the runner carries over; a served episode is one.
  if (isSession(task)) throw bad(`${task.id} is a session template (${sessionEpisodes(task).length} episodes played in order on one phone): phonegym run and verify play it; the env server serves single-episode tasks`, 'session_task');
  const params = o.params === undefined || o.params === null ? undefined : object(o.params, 'params', '{"contact": "张伟"}');
  const evalMode = oneOf<EvalMode>(o, 'eval_mode', EVAL_MODES);
  const reward = oneOf<RewardMode>(o, 'reward', REWARD_MODES);
  const episode: EpisodeRequest = { task, seed: int(o, 'seed', 0, 0)!, ...(params ? { params } : {}), ...(evalMode ? { evalMode } : {}), ...(reward ? { reward } : {}) };
  const variant = int(o, 'variant', 0, 0, MAX_VARIANT);
  if (variant) episode.variant = variant;
  const maxSteps = int(o, 'max_steps', 1);
  if (maxSteps !== undefined) episode.maxSteps = maxSteps;
  return { episode, screenshot: bool(o, 'screenshot', true) };
}

/** How long a create waits in the fair queue when the server is full (0: answer 429 at once). */
export function parseWait(body: unknown): number {
  const o = object(body, 'the body', '{"task": "chat.PinChat", "wait_s": 30}');
  const v = o.wait_s;
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_WAIT_S) throw bad(`wait_s must be a number of seconds from 0 to ${MAX_WAIT_S}, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

/** `{action, screenshot?}`: the action checked against the Action union (400 `bad_action` naming the field). */
export function parseStep(body: unknown): { action: Action; screenshot: boolean | null } {
  const o = object(body, 'the body', '{"action": {"type": "tap", "x": 180, "y": 400}}');
  onlyKeys(o, ['action', 'screenshot'], 'step');
  const parsed = parseAction(o.action);
  if ('message' in parsed) throw new SessionError(`malformed action: ${parsed.message}`, 400, 'bad_action');
  return { action: parsed.action, screenshot: o.screenshot === undefined ? null : bool(o, 'screenshot', true) };
}

/** `{snapshot, screenshot?}` for a restore. */
export function parseRestore(body: unknown): { snapshot: string; screenshot: boolean } {
  const o = object(body, 'the body', '{"snapshot": "snap_…"}');
  onlyKeys(o, ['snapshot', 'screenshot'], 'restore');
  if (typeof o.snapshot !== 'string' || o.snapshot === '') throw bad('snapshot must be the id a snapshot call returned, e.g. "snap_4f2a…"', 'missing_snapshot');
  return { snapshot: o.snapshot, screenshot: bool(o, 'screenshot', true) };
}

/** `{snapshot, n, screenshot?}` for a fork. */
export function parseFork(body: unknown): { snapshot: string; n: number; screenshot: boolean } {
  const o = object(body, 'the body', '{"snapshot": "snap_…", "n": 8}');
  onlyKeys(o, ['snapshot', 'n', 'screenshot'], 'fork');
  if (typeof o.snapshot !== 'string' || o.snapshot === '') throw bad('snapshot must be the id a snapshot call returned, e.g. "snap_4f2a…"', 'missing_snapshot');
  return { snapshot: o.snapshot, n: int(o, 'n', 1, 1)!, screenshot: bool(o, 'screenshot', true) };
}

/** `{error: {code, message}}` with the error's status; anything unexpected is a 500 that names itself. */
/** Answers `e` as the JSON error body its problem gives (with Retry-After when it has one). */
export function sendProblem(res: ServerResponse, e: unknown): void {
  const p = problemOf(e);
  sendJson(res, p.status, { error: { code: p.code, message: p.message } }, p.retryAfterS ? { 'Retry-After': String(p.retryAfterS) } : {});
}

export function problemOf(e: unknown): { status: number; code: string; message: string; retryAfterS?: number } {
  if (e instanceof SessionError) return { status: e.status, code: String(e.code), message: e.message, ...(e.retryAfterS ? { retryAfterS: e.retryAfterS } : {}) };
  if (e instanceof SnapshotError) return { status: e.code === 'unknown_snapshot' ? 404 : 409, code: String(e.code), message: e.message };
  if (e instanceof UsageError) return { status: 400, code: 'bad_params', message: e.message };
  if (e instanceof PhonegymError) return { status: 500, code: String(e.code), message: e.message };
  return { status: 500, code: 'internal', message: `internal error: ${(e as Error)?.message ?? String(e)}` };
}

