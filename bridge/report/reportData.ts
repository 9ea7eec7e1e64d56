/**
 * What a run report says (seed 002), worked out from the run folder alone: the setup, the headline
 * metrics, tables per suite, app and difficulty, every task's result, the failures grouped by
 * what went wrong with an example of each, judge agreement, the disclosures a reader needs (an
 * interrupted run, tasks that did not load, cancelled episodes) and the command that runs it
 * again. The Markdown and HTML renderers only lay this out; they compute nothing.
 */
import type { ResultRow, Summary } from '../protocol/runFolder.ts';
import type { RunFolder } from '../runner/runFolder.ts';
import { passKs, summarize } from '../runner/summary.ts';
import { configOfRun } from '../runner/runFolder.ts';
import { ERROR_CODES } from '../runner/errorCodes.ts';
import { taskSetHash } from '../protocol/contentHash.ts';
import { envIdOfMeta } from '../protocol/environment.ts';

/** One line of a per-suite, per-app or per-difficulty table. */
export interface GroupLine {
  name: string;
  episodes: number;
  success: number;
  success_rate: number;
  progress_rate: number;
  avg_steps: number | null;
  /** Rows that did not complete (run_error, eval_error, timeout, rejected). */
  errors: number;
}

export interface EpisodeLine {
  instance: number;
  trial_id: number;
  success: boolean;
  status: ResultRow['status'];
  stop_reason: ResultRow['stop_reason'];
  error_code: string | null;
  steps: number;
  max_steps: number;
  trajectory: string;
}

export interface TaskLine {
  task_id: string;
  suite: string;
  difficulty: string;
  objective: string;
  apps: string[];
  episodes: number;
  success: number;
  success_rate: number;
  avg_steps: number | null;
  /** What the episodes that failed ended with, most frequent first ("goal not met ×2"). */
  failures: string[];
  runs: EpisodeLine[];
}

export interface FailureGroup {
  /** `run_error: model_timeout`, `goal not met`, `step budget used up`… */
  kind: string;
  meaning: string;
  count: number;
  example: {
    task_id: string;
    instance: number;
    trial_id: number;
    goal: string;
    /** The row's error, the answer given, or the first goal check that failed. */
    detail: string;
    trajectory: string;
  };
}

export interface ReportSetup {
  run_id: string;
  agent: string;
  model: string | null;
  /** The flags that decide results, as `--name value` pairs (defaults left out). */
  flags: string[];
  sample_seed: number;
  sample_seed_source: string;
  sample_n: number | null;
  repeat_n: number;
  tasks: number;
  instances: number;
  episodes_planned: number;
  eval_mode: string;
  judge_mode: string;
  observation: string;
  started_at: string;
  ended_at: string | null;
  duration_s: number | null;
  versions: Record<string, string | number | null>;
  app_build: string;
  /** One hash over every task file's hash, in task-id order. */
  task_set_hash: string;
  /** The env id (`name@version+hash`, phonegym.toml); null for a run from before the manifest. */
  env: string | null;
  execution: Record<string, unknown> | null;
}

export interface RunReport {
  title: string;
  setup: ReportSetup;
  summary: Summary;
  pass_k: number[];
  per_suite: GroupLine[];
  per_app: GroupLine[];
  per_difficulty: GroupLine[];
  /** A run in more than one look (`--variant`): one line per look; empty otherwise. */
  per_variant: GroupLine[];
  tasks: TaskLine[];
  failures: FailureGroup[];
  /** Things a reader must know to trust the numbers. */
  notes: string[];
  reproduce: string;
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function groupLine(name: string, rows: ResultRow[]): GroupLine {
  const ok = rows.filter((r) => r.success).length;
  const steps = mean(rows.map((r) => r.steps));
  return {
    name,
    episodes: rows.length,
    success: ok,
    success_rate: rows.length ? round(ok / rows.length) : 0,
    progress_rate: round(mean(rows.map((r) => r.progress)) ?? 0),
    avg_steps: steps === null ? null : round(steps, 2),
    errors: rows.filter((r) => r.status !== 'completed').length,
  };
}

function groupBy(rows: ResultRow[], keys: (r: ResultRow) => string[]): GroupLine[] {
  const groups = new Map<string, ResultRow[]>();
  for (const r of rows) for (const k of keys(r)) groups.set(k, [...(groups.get(k) ?? []), r]);
  return [...groups.keys()].sort().map((k) => groupLine(k, groups.get(k)!));
}

const STOP_MEANINGS: Partial<Record<ResultRow['stop_reason'], string>> = {
  max_steps: 'the step budget was used up before the agent said it was done',
  loop_detected: 'the agent repeated the same action until loop detection ended the episode',
  format_error: 'a reply could not be read as an action (the raw reply is in the trajectory)',
  abort: 'the agent gave up (ABORT)',
  agent_error: 'the agent itself failed',
};

/** What a failed row ended with, and what that means: the key failures are grouped by. */
export function failureKind(r: ResultRow): { kind: string; meaning: string } {
  if (r.status !== 'completed') {
    const code = r.error_code ?? 'no error code';
    return { kind: `${r.status}: ${code}`, meaning: ERROR_CODES[code]?.meaning ?? r.status };
  }
  if (r.stop_reason === 'complete' || r.stop_reason === 'answer') {
    if (!r.goal_success) return { kind: r.objective === 'query' ? 'wrong or missing answer' : 'goal not met', meaning: `the agent said it was done (${r.stop_reason.toUpperCase()}) but the judge found the goal not met` };
    if (!r.clean) return { kind: 'unexpected side effects', meaning: 'the goal was met, but the agent also changed what the task did not ask for' };
    return { kind: 'judged failed', meaning: 'the judge failed the episode' };
  }
  return { kind: r.stop_reason.replaceAll('_', ' '), meaning: STOP_MEANINGS[r.stop_reason] ?? r.stop_reason };
}

function failureDetail(r: ResultRow): string {
  if (r.error) return r.error;
  const issue = r.judge?.issues[0];
  if (issue) return issue.message ?? `${issue.field}: expected ${JSON.stringify(issue.expected)}, got ${JSON.stringify(issue.actual)}`;
  const side = r.judge?.warnings[0];
  if (side) return `unexpected ${side.kind} at ${side.path}`;
  if (r.answer !== null) return `answered: ${r.answer}`;
  return `stopped after ${r.steps} of ${r.max_steps} steps (${r.stop_reason})`;
}

function failuresOf(rows: ResultRow[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const r of rows) {
    if (r.success) continue;
    const { kind, meaning } = failureKind(r);
    const g = groups.get(kind);
    if (g) g.count++;
    else groups.set(kind, { kind, meaning, count: 1, example: { task_id: r.task_id, instance: r.instance, trial_id: r.trial_id, goal: r.goal, detail: failureDetail(r), trajectory: r.trajectory } });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
}

function tasksOf(rows: ResultRow[]): TaskLine[] {
  const byTask = new Map<string, ResultRow[]>();
  for (const r of rows) byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r]);
  return [...byTask.keys()].sort().map((id) => {
    const rs = byTask.get(id)!.sort((a, b) => a.instance - b.instance || a.trial_id - b.trial_id);
    const line = groupLine(id, rs);
    const counts = new Map<string, number>();
    for (const r of rs) if (!r.success) counts.set(failureKind(r).kind, (counts.get(failureKind(r).kind) ?? 0) + 1);
    const first = rs[0]!;
    return {
      task_id: id,
      suite: first.suite,
      difficulty: first.difficulty,
      objective: first.objective,
      apps: first.apps,
      episodes: line.episodes,
      success: line.success,
      success_rate: line.success_rate,
      avg_steps: line.avg_steps,
      failures: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)),
      runs: rs.map((r) => ({ instance: r.instance, trial_id: r.trial_id, success: r.success, status: r.status, stop_reason: r.stop_reason, error_code: r.error_code, steps: r.steps, max_steps: r.max_steps, trajectory: r.trajectory })),
    };
  });
}

/** The report of a run folder; `reproduce` is the `phonegym run …` line that runs it again, and its flags. */
export function buildReport(folder: RunFolder, reproduce: { command: string; flags: string[] }): RunReport {
  const { meta } = folder;
  const config = configOfRun(meta);
  const passK = passKs(meta.repeat_n, config.passK);
  const summary = summarize(folder.rows, { passK, errors: folder.errors });
  const rated = folder.rows.filter((r) => r.status !== 'cancelled');
  const notes: string[] = [];
  if (meta.interrupted) notes.push(`The run was interrupted: ${meta.unfinished_episodes ?? '?'} of ${meta.episodes} episodes did not finish (finish it with phonegym run --resume).`);
  else if (folder.rows.length < meta.episodes) notes.push(`${meta.episodes - folder.rows.length} of ${meta.episodes} planned episodes have no row (still running, or the folder is incomplete).`);
  if (summary.status_counts.cancelled) notes.push(`${summary.status_counts.cancelled} cancelled episode(s) are counted but not rated.`);
  if (meta.task_load_errors.length) notes.push(`${meta.task_load_errors.length} task file(s) failed to load and are not in the task set.`);
  if (folder.duplicates.length) notes.push(`${folder.duplicates.length} duplicate row(s) in the folder were left out (the first row of each episode counts).`);
  if (meta.shard) notes.push(`This folder is shard ${meta.shard.index} of ${meta.shard.count}: the numbers cover only its part of the plan.`);
  if (meta.resumes.length) notes.push(`Resumed ${meta.resumes.length} time(s); every episode's row is from one attempt.`);
  if (summary.retries.retried_attempts) notes.push(`${summary.retries.retried_attempts} attempt(s) were retried after infrastructure errors; the retries started fresh (no memory of the failed attempt).`);
  const model = config.agent === 'openai' ? config.modelName : null;
  return {
    title: `${config.agent}${model ? ` (${model})` : ''} on ${meta.tasks.length} task${meta.tasks.length === 1 ? '' : 's'}`,
    setup: {
      run_id: meta.run_id,
      agent: config.agent,
      model,
      flags: reproduce.flags.filter((f) => !f.startsWith('--sample-seed ')),
      sample_seed: meta.sample_seed,
      sample_seed_source: meta.sample_seed_source,
      sample_n: meta.sample_n,
      repeat_n: meta.repeat_n,
      tasks: meta.tasks.length,
      instances: meta.instances.length,
      episodes_planned: meta.episodes,
      eval_mode: config.evalMode,
      judge_mode: config.judgeMode,
      observation: config.observation,
      started_at: meta.started_at,
      ended_at: meta.ended_at ?? null,
      duration_s: meta.duration_s ?? null,
      versions: { ...meta.versions, schema: meta.schema_version },
      app_build: meta.hashes.app_build,
      task_set_hash: taskSetHash(meta.hashes.task_files),
      env: envIdOfMeta(meta),
      execution: meta.execution,
    },
    summary,
    pass_k: passK,
    per_suite: groupBy(rated, (r) => [r.suite]),
    per_app: groupBy(rated, (r) => r.apps),
    per_difficulty: groupBy(rated, (r) => [r.difficulty]),
    per_variant: summary.robustness ? groupBy(rated, (r) => [`variant ${r.variant ?? 0}`]) : [],
    tasks: tasksOf(rated),
    failures: failuresOf(rated),
    notes,
    reproduce: reproduce.command,
  };
}
