/**
 * Long file: the run folder's whole contract is one versioned module on purpose (a change to it is
 * a change to one file and one version number).
 * The run folder's contract (DESIGN.md "Run folder", seed 002): the types of `meta.json`,
 * `results.jsonl`, `errors.jsonl` and `summary.json`, versioned as one, and the checks a reader
 * runs on what it reads. Every face reads run folders through this: merge, `--resume`, the
 * studio's messages, the viewer, the report and the leaderboard. A folder of another version, or
 * a line that is not a row, is refused with the file, the line and the reason.
 *
 * Change it deliberately: a field added is a new optional field; a field renamed, removed or
 * retyped is a new `RUN_SCHEMA_VERSION` (and readers refuse the old one by name).
 */
import { UsageError } from './errors.ts';
import type { Verdict } from './verdict.ts';
import type { EnvironmentMeta } from './environment.ts';

/** The version of everything below; in meta.json as `schema_version` and on each shard's first line. */
export const RUN_SCHEMA_VERSION = 1;
/** meta.json's `format` (kept from before `schema_version`: both name the same version). */
export const RUN_FORMAT = `phonegym.run/${RUN_SCHEMA_VERSION}`;

// -------------------------------------------------------------------------------------------------
// results.jsonl: one row per task instance x trial (snake_case keys, as in the spec)

export const EPISODE_STATUSES = ['completed', 'run_error', 'eval_error', 'timeout', 'rejected', 'cancelled'] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export const STOP_REASONS = ['complete', 'answer', 'abort', 'max_steps', 'loop_detected', 'format_error', 'agent_error', 'timeout', 'error', 'cancelled'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export interface JudgeSummary {
  success: boolean;
  clean: boolean;
  progress: number;
  passed: boolean;
  issues: Verdict['issues'];
  warnings: Verdict['warnings'];
}

export interface EpisodeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  requests: number;
  /** Sum of the successful requests' wall times. */
  latency_ms: number;
  /** With a price table, else null. */
  cost_usd: number | null;
  /** Model requests that failed and were retried by the client (each step's are in its trajectory `usage.retries`). */
  retried_requests?: number;
}

export interface ResultRow {
  task_id: string;
  task_name: string;
  suite: string;
  apps: string[];
  difficulty: string;
  objective: string;
  instance: number;
  trial_id: number;
  seed: number;
  /** The look the phone was drawn with (`--variant`; simulator-apps/os/look.ts); absent in folders from before variants: 0. */
  variant?: number;
  params: Record<string, unknown>;
  goal: string;
  agent: string;
  status: EpisodeStatus;
  error_code: string | null;
  error: string | null;
  stop_reason: StopReason;
  steps: number;
  max_steps: number;
  success: boolean;
  goal_success: boolean;
  progress: number;
  clean: boolean;
  passed: boolean;
  false_complete: boolean;
  overdue_termination: boolean;
  answer: string | null;
  judge: JudgeSummary | null;
  init_state_hash: string | null;
  runtime_s: number;
  trajectory: string;
  /** Model calls of the episode summed (null for agents that call no model). */
  usage: EpisodeUsage | null;
  /**
   * Feedback rounds used (`--max-rounds`): 1 when the first COMPLETE was final. `blind_rounds`
   * counts rounds whose agent could not be told the judge's findings.
   */
  rounds: number;
  blind_rounds: number;
  /**
   * The VLM judge's verdict when it ran (`--judge-mode vlm|both`), or why it could not give one
   * (under `both` the state verdict still counts), else null.
   */
  vlm_judge: { success: boolean; clean: boolean; passed: boolean; reasons: string } | { error_code: string; error: string } | null;
  /**
   * How many times the episode ran: more than 1 when infrastructure errors were retried
   * (--retries). Every retry starts a fresh conversation with no feedback: a blind retry.
   */
  attempts: number;
  /** `blind` when this row comes from a retry that started over without the failed attempt's feedback (seed 003). */
  retry: 'blind' | null;
  /** What produced the row: the phone's build and the task file, by content (as in meta.json). */
  hashes: RowHashes | null;
  /** The env id the episode ran in, `name@version+hash` (bridge/manifest); absent in folders from before it. */
  env?: string | null;
  /**
   * A session template's episodes as they were played (docs/tasks.md, "Sessions"), in order: the
   * row passes when every one of them did. A session ends at its first failed episode, so the
   * last one listed is the one that failed, if any. Absent for a task that is no session.
   */
  episodes?: SessionEpisodeRow[];
}

/** One episode of a session, in its row: its goal, its own verdict and where its steps are in the trajectory. */
export interface SessionEpisodeRow {
  /** 1-based. */
  episode: number;
  goal: string;
  objective: string;
  /** The trajectory index of its first step (1-based) and how many it took. */
  first_step: number;
  steps: number;
  stop_reason: StopReason;
  answer: string | null;
  success: boolean;
  progress: number;
  clean: boolean;
  passed: boolean;
  judge: JudgeSummary | null;
}

/** An episode's identity in a run, a resume and a merge: `task_id#instance#trial`, and `~vN` after it for a look other than the designed one (`--variant`). */
export function episodeKey(r: { task_id: string; instance: number; trial_id: number; variant?: number }): string {
  return `${r.task_id}#${r.instance}#${r.trial_id}${r.variant ? `~v${r.variant}` : ''}`;
}

export interface RowHashes {
  app_build: string;
  task_file: string;
}

// -------------------------------------------------------------------------------------------------
// errors.jsonl: every attempt that did not complete

export interface ErrorEntry {
  task_id: string;
  instance: number;
  trial_id: number;
  /** The look (`--variant`), when not 0. */
  variant?: number;
  attempt: number;
  status: EpisodeStatus;
  error_code: string | null;
  error: string | null;
  trajectory: string;
  /** True when the runner ran the episode again after this error. */
  retried: boolean;
}

// -------------------------------------------------------------------------------------------------
// summary.json

export interface JudgeDecision {
  success: boolean;
  clean: boolean;
}

export interface JudgePair {
  /** Names the episode in `disagreements` (e.g. the trajectory folder). */
  key: string;
  state: JudgeDecision;
  /** null when the VLM judge failed (an eval_error of its own): not compared, counted in `vlm_failed`. */
  vlm: JudgeDecision | null;
}

export interface JudgeAgreement {
  /** Pairs with both verdicts. */
  compared: number;
  /** Compared pairs where success and clean both match. */
  agree: number;
  /** agree / compared; null when nothing was compared. */
  rate: number | null;
  success_agree: number;
  clean_agree: number;
  vlm_failed: number;
  /** In input order, with only the two decisions of each side. */
  disagreements: { key: string; state: JudgeDecision; vlm: JudgeDecision }[];
}

/** The part of an errors.jsonl entry the summary reads. */
export interface AttemptError {
  error_code: string | null;
  retried: boolean;
}

export interface SuiteSummary {
  episodes: number;
  success: number;
  success_rate: number;
  progress_rate: number;
}

export interface Summary {
  /** Finished episodes (cancelled ones are only in status_counts). */
  episodes: number;
  status_counts: Record<EpisodeStatus, number>;
  success: number;
  failed: number;
  errors: number;
  /** Successes over every rated row (all but cancelled): run errors, judge errors and rejections count as failures. */
  success_rate: number;
  /**
   * Successes over the rows where the machine, the model service and the judge all worked (no
   * run_error, eval_error or rejected): what the agent itself achieved. Null when there are none.
   */
  success_rate_excluding_infra: number | null;
  /** Which rows each success rate is over, in words (printed with the rates). */
  rates: { success_rate: string; success_rate_excluding_infra: string };
  /** Every error code met, with its status, meaning, count and one example row. */
  error_taxonomy: Record<string, { count: number; status: string; meaning: string; example: { task_id: string; instance: number; trial_id: number; error: string | null } }>;
  progress_rate: number;
  false_complete: number;
  overdue_termination: number;
  unexpected_side_effects: number;
  avg_steps: { success: number | null; all: number | null };
  avg_runtime_s: number | null;
  per_suite: Record<string, SuiteSummary>;
  tasks: { passed: string[]; failed: string[]; errored: string[] };
  pass_at_k?: Record<string, number>;
  pass_hat_k?: Record<string, number>;
  /**
   * Infrastructure errors (a crashed page or browser) that were run again (--retries): kept apart
   * from the agent's results. `recovered` episodes passed through a retry to a final row.
   */
  /** `blind`: rows that come from a retry started over without the failed attempt's feedback (all retries are). */
  retries: { retried_attempts: number; by_code: Record<string, number>; recovered: number; blind: number };
  /** Model calls of the run (agents that call a model), or null. */
  usage: { prompt_tokens: number; completion_tokens: number; requests: number; avg_latency_ms: number | null; cost_usd: number | null; retried_requests?: number } | null;
  /** Feedback rounds (--max-rounds): episodes that got the judge's findings, and how many then passed. */
  rounds: { episodes_with_feedback: number; passed_after_feedback: number; blind_rounds: number } | null;
  /** `--judge-mode both`: how often the VLM judge agreed with the state judge, and where not. */
  judge_agreement?: JudgeAgreement;
  /** A run in more than one look (`--variant`): success per look and the trials that flip between them. */
  robustness?: Robustness;
}

export interface Robustness {
  /** The looks the run has rows of. */
  variants: number[];
  per_variant: Record<string, { episodes: number; success: number; success_rate: number }>;
  /** Instance trials (task, instance, trial) with a row in every look. */
  compared: number;
  /** Of those, the ones that passed in some looks and failed in others. */
  flips: number;
  flip_rate: number;
  /** The best look's success rate minus the worst's. */
  spread: number;
  /** Up to 20 flipped trials, `task#instance#trial`, with the looks they passed in. */
  flipped: { episode: string; passed_in: number[] }[];
}

// -------------------------------------------------------------------------------------------------
// meta.json and shard headers

/** meta.json; `C` is the run's resolved config (bridge/runner/config.ts `RunConfig`). */
export interface RunMeta<C = Record<string, unknown>> {
  format: string;
  schema_version: number;
  run_id: string;
  command: string;
  config: C;
  agent: string;
  sample_seed: number;
  sample_seed_source: string;
  sample_n: number | null;
  repeat_n: number;
  /** `--shard i/K`: this folder holds shard i of K of the plan identified by plan_id. */
  shard: { index: number; count: number } | null;
  plan_id: string;
  plan_total: { instances: number; episodes: number };
  tasks: string[];
  instances: { task_id: string; instance: number; seed: number }[];
  episodes: number;
  task_max_steps: Record<string, number>;
  task_load_errors: unknown[];
  versions: { phonegym: string | null; protocol: number; node: string; playwright: string | null; svelte: string | null; chromium: string | null };
  hashes: { app_build: string; task_files: Record<string, string> };
  started_at: string;
  /** How the episodes ran (processes, pages per process, …): may change on a resume. */
  execution: null | Record<string, unknown>;
  /** One entry per `--resume` of this folder. */
  resumes: { at: string; kept: number; to_run: number; dropped?: number }[];
  ended_at?: string;
  duration_s?: number;
  interrupted?: boolean;
  unfinished_episodes?: number;
  env_replacements?: number;
  /** The env id every row carries (`name@version+hash`); absent in folders written before the manifest. */
  env?: string;
  /** What the env id stands for, from the manifest(s) the run read. */
  environment?: EnvironmentMeta;
}

/** The first line of each `shards/pNN/results.jsonl` (the parent reads shards only of its own version). */
export interface ShardHeader {
  schema_version: number;
  shard: string;
  run_id: string;
}

// -------------------------------------------------------------------------------------------------
// Checks

/** A run folder (or one of its files) that cannot be read as this version of the contract. */
export class RunFolderError extends UsageError {
  override name = 'RunFolderError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(`${file}${line !== null ? `:${line}` : ''}: ${reason}`, { details: { file, line } });
  }
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
/** `?` after a kind: the value may also be null. */
type FieldRule = Kind | `${Kind}?` | readonly string[];

const ROW_FIELDS: Record<string, FieldRule> = {
  task_id: 'string', task_name: 'string', suite: 'string', apps: 'array', instance: 'integer', trial_id: 'integer', seed: 'integer', params: 'object',
  status: EPISODE_STATUSES, error_code: 'string?', error: 'string?', stop_reason: STOP_REASONS, steps: 'integer', max_steps: 'integer',
  success: 'boolean', goal_success: 'boolean', progress: 'number', clean: 'boolean', passed: 'boolean', false_complete: 'boolean', overdue_termination: 'boolean',
  answer: 'string?', judge: 'object?', init_state_hash: 'string?', runtime_s: 'number', trajectory: 'string',
};

const ERROR_FIELDS: Record<string, FieldRule> = {
  task_id: 'string', instance: 'integer', trial_id: 'integer', attempt: 'integer', status: EPISODE_STATUSES, error_code: 'string?', error: 'string?', trajectory: 'string', retried: 'boolean',
};

const META_FIELDS: Record<string, FieldRule> = {
  schema_version: 'integer', run_id: 'string', config: 'object', sample_seed: 'integer', plan_id: 'string', tasks: 'array', instances: 'array', task_max_steps: 'object', versions: 'object', hashes: 'object', started_at: 'string',
};

function kindOf(v: unknown): Kind | 'null' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as Kind;
}

/** The first field of `v` that breaks `fields`, in words, or null. */
function fieldProblem(v: unknown, fields: Record<string, FieldRule>): string | null {
  if (kindOf(v) !== 'object') return `not a JSON object but ${kindOf(v)}`;
  const o = v as Record<string, unknown>;
  for (const [key, rule] of Object.entries(fields)) {
    const value = o[key];
    if (value === undefined) return `"${key}" is missing`;
    const shown = JSON.stringify(value)?.slice(0, 40);
    if (typeof rule !== 'string') {
      if (!rule.includes(value as string)) return `"${key}" is ${shown}, not one of ${rule.join(', ')}`;
      continue;
    }
    const nullable = rule.endsWith('?');
    const want = (nullable ? rule.slice(0, -1) : rule) as Kind;
    const got = kindOf(value);
    if (got === 'null' && nullable) continue;
    if (got === want || (want === 'number' && got === 'integer')) continue;
    return `"${key}" is ${shown}, not ${want === 'integer' ? 'a whole number' : `a${/^[aeiou]/.test(want) ? 'n' : ''} ${want}`}${nullable ? ' or null' : ''}`;
  }
  return null;
}

export function checkResultRow(v: unknown, file: string, line: number | null): ResultRow {
  const why = fieldProblem(v, ROW_FIELDS);
  if (why) throw new RunFolderError(file, line, `not a result row: ${why}`);
  return v as ResultRow;
}

export function checkErrorEntry(v: unknown, file: string, line: number | null): ErrorEntry {
  const why = fieldProblem(v, ERROR_FIELDS);
  if (why) throw new RunFolderError(file, line, `not an errors.jsonl entry: ${why}`);
  return v as ErrorEntry;
}

function versionProblem(version: unknown): string | null {
  if (version === RUN_SCHEMA_VERSION) return null;
  if (version === undefined) return `has no schema_version: it was written by a phonegym older than run-folder version ${RUN_SCHEMA_VERSION}; read it with the phonegym that wrote it, or run again`;
  return `is run-folder version ${JSON.stringify(version)?.slice(0, 20)}, and this phonegym reads version ${RUN_SCHEMA_VERSION}: use the phonegym that wrote it`;
}

export function checkMeta<C = Record<string, unknown>>(v: unknown, file: string): RunMeta<C> {
  const version = (v as { schema_version?: unknown } | null)?.schema_version;
  const wrongVersion = kindOf(v) === 'object' ? versionProblem(version) : null;
  if (wrongVersion) throw new RunFolderError(file, null, wrongVersion);
  const why = fieldProblem(v, META_FIELDS);
  if (why) throw new RunFolderError(file, null, `not a run's meta.json: ${why}`);
  return v as RunMeta<C>;
}

export function checkShardHeader(v: unknown, file: string): ShardHeader {
  const o = v as Partial<ShardHeader> | null;
  if (kindOf(v) !== 'object' || o!.schema_version === undefined || typeof o!.shard !== 'string') throw new RunFolderError(file, 1, 'the first line is not a shard header ({"schema_version": …, "shard": "pNN", "run_id": …})');
  const wrongVersion = versionProblem(o!.schema_version);
  if (wrongVersion) throw new RunFolderError(file, 1, `the shard ${wrongVersion}`);
  return v as ShardHeader;
}

/** Whether a parsed JSONL line is a shard header rather than a row. */
export function isShardHeader(v: unknown): v is ShardHeader {
  return kindOf(v) === 'object' && (v as Record<string, unknown>).schema_version !== undefined && (v as Record<string, unknown>).task_id === undefined;
}

/**
 * The whole lines of a JSONL text, parsed and checked. A cut last line (a writer killed mid-line)
 * is reported as `partialTail`, not an error; any other line that is not JSON, or not what
 * `check` accepts, is refused with its line number. `check` returns undefined to leave a line out.
 */
/** `firstLine`: the line number of the text's first line, when the text is a later piece of the file (a stream read piece by piece). */
export function parseJsonl<T>(text: string, file: string, check: (v: unknown, file: string, line: number) => T | undefined, firstLine = 1): { rows: T[]; partialTail: boolean } {
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  const rows: T[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RunFolderError(file, i + firstLine, `not a JSON line (${JSON.stringify(line.slice(0, 60))}…): the file was edited or written by something else; remove or repair that line`);
    }
    const checked = check(value, file, i + firstLine);
    if (checked !== undefined) rows.push(checked);
  }
  return { rows, partialTail: tail.trim().length > 0 };
}

/** One run folder as the bridge's `/runs/` lists it (bridge/view/runsRoute.ts) for the studio's Runs tab. */
export interface RunListing {
  name: string;
  runId: string;
  agent: string;
  model: string | null;
  startedAt: string | null;
  finished: boolean;
  episodes: number | null;
  successRate: number | null;
}
