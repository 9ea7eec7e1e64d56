/**
 * The leaderboard's provenance check: every row of a submitted run folder judged again by the
 * builder, from the row's saved initial and final state with the task's own judge (the task file
 * must be the very one the run judged with), and compared with what the row says. Nothing the
 * submitter wrote is taken on trust: a row whose verdict does not come out the same is a mismatch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import { isTrajectoryPath, type TrajectoryDoc } from '../protocol/trajectory.ts';
import type { RunFolder } from '../runner/runFolder.ts';
import { configOfRun } from '../runner/runFolder.ts';
import { fileHash } from '../runner/meta.ts';
import { judgeTask } from '../tasks/judging.ts';
import type { Registry } from '../tasks/registry.ts';

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
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const keyOf = (r: ResultRow) => `${r.task_id}#${r.instance}#${r.trial_id}`;

function checkRow(dir: string, r: ResultRow, registry: Registry, evalMode: ReturnType<typeof configOfRun>['evalMode'], judgeMode: string): RowCheck {
  const key = keyOf(r);
  const bad = (reason: string): RowCheck => ({ key, ok: false, reason });
  // A row that did not complete has no verdict to check; it can only be a failure.
  if (r.status !== 'completed' || !r.judge) return r.success ? bad(`${r.status} row claims success`) : { key, ok: true };
  const task = registry.tasks.find((t) => t.id === r.task_id);
  if (!task) return bad(`task ${r.task_id} is not among the builder's tasks`);
  const here = fileHash(task.file);
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
    doc = readJson(files[0]!) as TrajectoryDoc;
    initial = readJson(files[1]!) as PhoneState;
    final = readJson(files[2]!) as PhoneState;
  } catch (e) {
    return bad(`${r.trajectory}: ${(e as Error).message}`);
  }
  const lastRoute = [...doc.steps].reverse().find((s) => s.route)?.route ?? null;
  let v;
  try {
    v = judgeTask(task, r.params, evalMode, { state: initial, route: doc.initial_route ?? HOME }, { state: final, route: doc.final_route ?? lastRoute ?? HOME }, r.answer, doc.steps.map((s) => s.action));
  } catch (e) {
    return bad(`the judge threw on the saved states: ${(e as Error).message}`);
  }
  const differs: string[] = [];
  if (v.success !== r.goal_success || v.success !== r.judge.success) differs.push(`goal met: ${v.success} here, ${r.goal_success} in the row`);
  if (v.clean !== r.clean || v.clean !== r.judge.clean) differs.push(`clean: ${v.clean} here, ${r.clean} in the row`);
  if (v.passed !== r.passed || v.passed !== r.judge.passed) differs.push(`passed: ${v.passed} here, ${r.passed} in the row`);
  // With the state judge counting, success is its verdict; a VLM judge's success cannot be re-derived.
  if (judgeMode !== 'vlm' && r.success !== v.passed) differs.push(`success: ${v.passed} here, ${r.success} in the row`);
  return differs.length ? bad(differs.join('; ')) : { key, ok: true };
}

export function rejudgeRun(folder: RunFolder, registry: Registry): RunCheck {
  const config = configOfRun(folder.meta);
  const rows = folder.rows.map((r) => checkRow(folder.dir, r, registry, config.evalMode, config.judgeMode));
  const verified = rows.filter((c) => c.ok).length;
  return { rows, verified, mismatched: rows.length - verified, provenance: verified === rows.length ? 'verified' : 'mismatch' };
}
