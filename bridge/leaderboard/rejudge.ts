/**
 * The leaderboard's provenance check: every row of a submitted run folder judged again by the
 * builder, from the row's saved initial and final state with the task's own judge (the task file
 * must be the very one the run judged with), and compared with what the row says. Nothing the
 * submitter wrote is taken on trust: a row whose verdict does not come out the same is a mismatch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import { isTrajectoryPath, sessionStateFiles, type TrajectoryDoc } from '../protocol/trajectory.ts';
import type { RunFolder } from '../runner/runFolder.ts';
import { configOfRun } from '../runner/runFolder.ts';
import { fileHash } from '../runner/meta.ts';
import { judgeTask } from '../tasks/judging.ts';
import { sessionEpisodes } from '../tasks/session.ts';
import type { LoadedTask, Registry } from '../tasks/registry.ts';
import { readStatePair } from './stateFiles.ts';

export interface RowCheck {
  key: string;
  ok: boolean;
  /** Why it is a mismatch (absent when it matched). */
  reason?: string;
}

export interface RunCheck {
  rows: RowCheck[];
  verified: number;
  mismatched: number;
  /** `verified` only when every row matched. */
  provenance: 'verified' | 'mismatch';
}

const HOME: Route = { app: 'home', path: '/' };
const keyOf = (r: ResultRow) => `${r.task_id}#${r.instance}#${r.trial_id}`;

/** What every row of a run is checked against: the builder's tasks by id and each task file's hash, read once. */
interface Judges {
  tasks: Map<string, LoadedTask>;
  fileHash(task: LoadedTask): string;
  evalMode: ReturnType<typeof configOfRun>['evalMode'];
  judgeMode: string;
}

function checkRow(dir: string, r: ResultRow, j: Judges): RowCheck {
  const key = keyOf(r);
  const bad = (reason: string): RowCheck => ({ key, ok: false, reason });
  // A row that did not complete has no verdict to check; it can only be a failure.
  if (r.status !== 'completed' || !r.judge) return r.success ? bad(`${r.status} row claims success`) : { key, ok: true };
  const task = j.tasks.get(r.task_id);
  if (!task) return bad(`task ${r.task_id} is not among the builder's tasks`);
  const here = j.fileHash(task);
  if (!r.hashes || r.hashes.task_file !== here) return bad(`the task file differs from the one the run judged with (${r.hashes?.task_file ?? 'no hash'} there, ${here} here)`);
  if (!isTrajectoryPath(r.trajectory)) return bad(`the row names no trajectory folder of the run (${JSON.stringify(r.trajectory).slice(0, 80)})`);
  const folder = join(dir, r.trajectory);
  if (r.episodes?.length) return sessionCheck(folder, r, task, j);
  const files = ['trajectory.json', 'initial_state.json', 'final_state.json'].map((f) => join(folder, f));
  const missing = files.find((f) => !existsSync(f));
  if (missing) return bad(`${r.trajectory}: no ${missing.slice(folder.length + 1)} to judge from`);
  let doc: TrajectoryDoc;
  let initial: PhoneState;
  let final: PhoneState;
  try {
    doc = JSON.parse(readFileSync(files[0]!, 'utf8')) as TrajectoryDoc;
    ({ initial, final } = readStatePair(files[1]!, files[2]!));
  } catch (e) {
    return bad(`${r.trajectory}: ${(e as Error).message}`);
  }
  const lastRoute = [...doc.steps].reverse().find((s) => s.route)?.route ?? null;
  let v;
  try {
    v = judgeTask(task, r.params, j.evalMode, { state: initial, route: doc.initial_route ?? HOME }, { state: final, route: doc.final_route ?? lastRoute ?? HOME }, r.answer, doc.steps.map((s) => s.action));
  } catch (e) {
    return bad(`the judge threw on the saved states: ${(e as Error).message}`);
  }
  const differs: string[] = [];
  if (v.success !== r.goal_success || v.success !== r.judge.success) differs.push(`goal met: ${v.success} here, ${r.goal_success} in the row`);
  if (v.clean !== r.clean || v.clean !== r.judge.clean) differs.push(`clean: ${v.clean} here, ${r.clean} in the row`);
  if (v.passed !== r.passed || v.passed !== r.judge.passed) differs.push(`passed: ${v.passed} here, ${r.passed} in the row`);
  // With the state judge counting, success is its verdict; a VLM judge's success cannot be re-derived.
  if (j.judgeMode !== 'vlm' && r.success !== v.passed) differs.push(`success: ${v.passed} here, ${r.success} in the row`);
  return differs.length ? bad(differs.join('; ')) : { key, ok: true };
}

/**
 * A session's row (docs/tasks.md, "Sessions"): every episode it played judged again between its own
 * saved start and end (`sessionStateFiles`) with that episode's judge, and the row's verdict as
 * the runner makes it from theirs: passed when every episode of the session was played and passed.
 */
function sessionCheck(folder: string, r: ResultRow, task: LoadedTask, j: Judges): RowCheck {
  const key = keyOf(r);
  const bad = (reason: string): RowCheck => ({ key, ok: false, reason });
  const played = r.episodes!;
  const episodes = sessionEpisodes(task);
  if (played.length > episodes.length) return bad(`the row lists ${played.length} episodes; ${r.task_id} has ${episodes.length}`);
  let doc: TrajectoryDoc;
  try {
    doc = JSON.parse(readFileSync(join(folder, 'trajectory.json'), 'utf8')) as TrajectoryDoc;
  } catch (e) {
    return bad(`${r.trajectory}: ${(e as Error).message}`);
  }
  const differs: string[] = [];
  const verdicts: { success: boolean; clean: boolean; passed: boolean }[] = [];
  for (const e of played) {
    const files = sessionStateFiles(e.episode, played.length);
    const missing = [files.initial, files.final].find((f) => !existsSync(join(folder, f)));
    if (missing) return bad(`${r.trajectory}: no ${missing} to judge episode ${e.episode} from`);
    const routes = doc.episodes?.find((x) => x.episode === e.episode);
    const actions = doc.steps.filter((s) => s.index >= e.first_step && s.index < e.first_step + e.steps).map((s) => s.action);
    let v;
    try {
      const { initial, final } = readStatePair(join(folder, files.initial), join(folder, files.final));
      v = judgeTask(episodes[e.episode - 1]!, r.params, j.evalMode, { state: initial, route: routes?.initial_route ?? HOME }, { state: final, route: routes?.final_route ?? HOME }, e.answer, actions);
    } catch (err) {
      return bad(`episode ${e.episode}: the judge threw on the saved states: ${(err as Error).message}`);
    }
    verdicts.push(v);
    if (v.passed !== e.passed || v.success !== e.success || v.clean !== e.clean) differs.push(`episode ${e.episode}: passed ${v.passed} here, ${e.passed} in the row`);
  }
  const all = played.length === episodes.length;
  const passed = all && verdicts.every((v) => v.passed);
  if (passed !== r.passed) differs.push(`passed: ${passed} here, ${r.passed} in the row`);
  if (verdicts.every((v) => v.clean) !== r.clean) differs.push(`clean: ${!r.clean} here, ${r.clean} in the row`);
  if (j.judgeMode !== 'vlm' && r.success && !passed) differs.push(`success: false here, true in the row`);
  return differs.length ? bad(differs.join('; ')) : { key, ok: true };
}

function judgesFor(registry: Registry, evalMode: Judges['evalMode'], judgeMode: string): Judges {
  const hashes = new Map<string, string>();
  return {
    tasks: new Map(registry.tasks.map((t) => [t.id, t])),
    fileHash: (t) => hashes.get(t.file) ?? hashes.set(t.file, fileHash(t.file)).get(t.file)!,
    evalMode,
    judgeMode,
  };
}

function runCheck(rows: RowCheck[]): RunCheck {
  const verified = rows.filter((c) => c.ok).length;
  return { rows, verified, mismatched: rows.length - verified, provenance: verified === rows.length ? 'verified' : 'mismatch' };
}

/** One share of a run's rows, as a worker thread checks it (rejudgeWorker.mjs). */
export interface RowShare {
  dir: string;
  rows: ResultRow[];
  evalMode: Judges['evalMode'];
  judgeMode: string;
}

export function checkShare(share: RowShare, registry: Registry): RowCheck[] {
  const judges = judgesFor(registry, share.evalMode, share.judgeMode);
  return share.rows.map((r) => checkRow(share.dir, r, judges));
}

/**
 * A run's row indices in the order they are judged: the trials of one instance together. They
 * start from the same state file and a deterministic agent ends them in the same one (the runner
 * writes such a file once and links it: runner/stateFiles.ts), so a thread reads and scans each
 * state file once while its trials pass, whatever order the rows were written in (a run of many
 * instances cycled trial by trial would otherwise read every file again for every trial, each
 * long gone from the bounded cache of recent files by the time its next trial comes).
 */
export function judgingOrder(rows: readonly ResultRow[]): number[] {
  const first = new Map<string, number>();
  const instanceOf = (r: ResultRow) => `${r.task_id}#${r.instance}`;
  rows.forEach((r, i) => first.has(instanceOf(r)) || first.set(instanceOf(r), i));
  return rows.map((_, i) => i).sort((a, b) => first.get(instanceOf(rows[a]!))! - first.get(instanceOf(rows[b]!))! || a - b);
}

/** Every row of one run re-judged on this thread (in judging order), its checks in row order. */
export function rejudgeRun(folder: RunFolder, registry: Registry): RunCheck {
  const config = configOfRun(folder.meta);
  const order = judgingOrder(folder.rows);
  const checks = checkShare({ dir: folder.dir, rows: order.map((i) => folder.rows[i]!), evalMode: config.evalMode, judgeMode: config.judgeMode }, registry);
  const inRowOrder = new Array<RowCheck>(checks.length);
  order.forEach((row, k) => (inRowOrder[row] = checks[k]!));
  return runCheck(inRowOrder);
}

/** Rows a share holds: small enough that the threads finish together, large enough that posting costs nothing. */
const SHARE_ROWS = 100;
/** Below this many rows no worker is started: a worker's start (its own task registry) costs more than it saves. */
const ROWS_PER_WORKER = 400;
/** Shares a worker holds at once: the one it checks and those next, enough to last while this thread is busy. */
const IN_FLIGHT = 4;

/** How many threads re-judge besides the calling one. */
export interface RejudgeThreads {
  /** At most this many worker threads (default: one fewer than the cores: the calling thread judges too). */
  workers?: number;
  /** One worker only for every this many rows. */
  rowsPerWorker?: number;
  /** Rows handed out at a time. */
  shareRows?: number;
  /** False: the calling thread takes no share, the workers check every row (when there are any). */
  callerJudges?: boolean;
}

/**
 * Re-judging many runs over worker threads and the calling thread together, share by share from
 * one queue (a thread that is slower, or busy with something else for a while, simply takes fewer).
 * Workers start at once and work while the caller does other things; `helpHere` lets the caller
 * take shares itself (yielding between shares, so the workers are fed), and `done` gives each
 * run's check in row order, whichever thread checked a row and however many threads there were.
 */
export class RejudgeQueue {
  /** A share: some rows of run `run`, which are its rows `rows[k]` (in judging order, not row order). */
  private readonly shares: { run: number; rows: number[]; share: RowShare }[] = [];
  private readonly results: RowCheck[][];
  private left: number;
  private readonly finished: Promise<void>;
  private finish!: () => void;
  private fail!: (e: Error) => void;
  private readonly workers: Worker[] = [];
  readonly done: Promise<RunCheck[]>;
  /** How many shares the worker threads checked, and how many the calling thread did. */
  readonly counts = { workers: 0, here: 0 };
  private readonly callerJudges: boolean;

  constructor(
    folders: readonly RunFolder[],
    private readonly registry: Registry,
    { workers = Math.max(1, availableParallelism() - 1), rowsPerWorker = ROWS_PER_WORKER, shareRows = SHARE_ROWS, callerJudges = true }: RejudgeThreads = {},
  ) {
    this.callerJudges = callerJudges;
    this.results = folders.map((f) => new Array<RowCheck>(f.rows.length));
    folders.forEach((folder, run) => {
      const config = configOfRun(folder.meta);
      const order = judgingOrder(folder.rows);
      for (let at = 0; at < order.length; at += shareRows) {
        const rows = order.slice(at, at + shareRows);
        this.shares.push({ run, rows, share: { dir: folder.dir, rows: rows.map((i) => folder.rows[i]!), evalMode: config.evalMode, judgeMode: config.judgeMode } });
      }
    });
    this.left = this.shares.length;
    this.finished = new Promise<void>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    const rows = folders.reduce((n, f) => n + f.rows.length, 0);
    for (let i = 0; i < Math.min(workers, Math.floor(rows / rowsPerWorker)); i++) this.startWorker();
    if (this.left === 0) this.finish();
    this.done = this.finished.then(() => this.results.map((checks) => runCheck(checks)));
    this.done.finally(() => this.workers.forEach((w) => void w.terminate())).catch(() => {});
  }

  private record({ run, rows }: { run: number; rows: number[] }, checks: RowCheck[]): void {
    rows.forEach((row, k) => (this.results[run]![row] = checks[k]!));
    if (--this.left === 0) this.finish();
  }

  private startWorker(): void {
    const w = new Worker(new URL('./rejudgeWorker.mjs', import.meta.url));
    this.workers.push(w);
    // Shares sent and not yet answered, in order (a worker answers in the order it is sent). Several in
    // flight: the worker starts the next share at once instead of waiting for this thread, which
    // may be in the middle of a share of its own, to hear from it and send one.
    const sent: (typeof this.shares)[number][] = [];
    const feed = () => {
      while (sent.length < IN_FLIGHT) {
        const s = this.shares.shift();
        if (!s) return;
        sent.push(s);
        w.postMessage(s.share);
      }
    };
    w.on('message', (m: { ready?: true; checks?: RowCheck[]; error?: string }) => {
      if (m.error !== undefined) return this.fail(new Error(`re-judging in a worker failed: ${m.error}`));
      const done = m.checks ? sent.shift() : undefined;
      if (done && m.checks) {
        this.counts.workers++;
        this.record(done, m.checks);
      }
      feed();
    });
    w.once('error', (e) => this.fail(e));
    w.once('exit', (code) => {
      if (code !== 0 && this.left > 0 && sent.length > 0) this.fail(new Error(`a re-judging worker exited with code ${code}`));
    });
  }

  /** The calling thread takes shares until none are left, then waits for the workers' last ones. */
  async helpHere(): Promise<RunCheck[]> {
    if (!this.callerJudges && this.workers.length) return this.done;
    for (let s = this.shares.shift(); s; s = this.shares.shift()) {
      this.counts.here++;
      this.record(s, checkShare(s.share, this.registry));
      await new Promise((r) => setImmediate(r));
    }
    return this.done;
  }
}

/** Every row of one run re-judged, over worker threads and this one. */
export function rejudgeRunInWorkers(folder: RunFolder, registry: Registry): Promise<RunCheck> {
  return new RejudgeQueue([folder], registry).helpHere().then((c) => c[0]!);
}
