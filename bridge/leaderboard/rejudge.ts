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
import { isTrajectoryPath, type TrajectoryDoc } from '../protocol/trajectory.ts';
import type { RunFolder } from '../runner/runFolder.ts';
import { configOfRun } from '../runner/runFolder.ts';
import { fileHash } from '../runner/meta.ts';
import { judgeTask } from '../tasks/judging.ts';
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

export function rejudgeRun(folder: RunFolder, registry: Registry): RunCheck {
  const config = configOfRun(folder.meta);
  return runCheck(checkShare({ dir: folder.dir, rows: folder.rows, evalMode: config.evalMode, judgeMode: config.judgeMode }, registry));
}

/** Rows below this many are checked on the calling thread: a worker's start (its own task registry) costs more. */
const ROWS_PER_WORKER = 400;

/**
 * `rejudgeRun` over worker threads, one share of the rows each (re-judging is reading and parsing
 * state files: it scales with cores), while the caller goes on (the site copies run data meanwhile).
 */
export async function rejudgeRunInWorkers(folder: RunFolder, registry: Registry, workers = Math.min(4, availableParallelism())): Promise<RunCheck> {
  const n = Math.min(workers, Math.floor(folder.rows.length / ROWS_PER_WORKER));
  if (n < 2) return rejudgeRun(folder, registry);
  const config = configOfRun(folder.meta);
  const size = Math.ceil(folder.rows.length / n);
  const shares = Array.from({ length: n }, (_, i) => folder.rows.slice(i * size, (i + 1) * size));
  const parts = await Promise.all(
    shares.map(
      (rows) =>
        new Promise<RowCheck[]>((resolve, reject) => {
          const share: RowShare = { dir: folder.dir, rows, evalMode: config.evalMode, judgeMode: config.judgeMode };
          const w = new Worker(new URL('./rejudgeWorker.mjs', import.meta.url), { workerData: share });
          w.once('message', (m: { checks?: RowCheck[]; error?: string }) => (m.checks ? resolve(m.checks) : reject(new Error(`re-judging in a worker failed: ${m.error}`))));
          w.once('error', reject);
          w.once('exit', (code) => code !== 0 && reject(new Error(`a re-judging worker exited with code ${code}`)));
        }),
    ),
  );
  return runCheck(parts.flat());
}
