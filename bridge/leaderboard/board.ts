/**
 * Which runs are ranked together, and their figures. Rows are comparable only when they share
 * what decides results: the task set and its hash, the app build, the step budgets, the eval
 * mode, the observation, the judge mode and the run-folder schema. Each such group is a board of
 * its own; a board that is not the main one says how it differs ("different task set: 43 vs 141
 * templates").
 */
import type { ResultRow, Summary } from '../protocol/runFolder.ts';
import type { RunMeta } from '../runner/meta.ts';
import { configOfRun, type RunFolder } from '../runner/runFolder.ts';
import { passKs, summarize } from '../runner/summary.ts';
import { shortHash, taskSetHash } from '../protocol/contentHash.ts';
import type { RunCheck } from './rejudge.ts';

export interface Comparability {
  schema: number;
  taskSet: string;
  templates: number;
  appBuild: string;
  /** A hash of every task's step budget, and the budgets themselves (to compare the tasks two boards share). */
  budgets: string;
  maxSteps: Record<string, number>;
  evalMode: string;
  observation: string;
  judgeMode: string;
}

export interface Entry {
  slug: string;
  dir: string;
  meta: RunMeta;
  rows: ResultRow[];
  agent: string;
  model: string | null;
  summary: Summary;
  passK: number[];
  /** Task instances whose trials disagree (some succeeded, some did not). */
  flips: number;
  instances: number;
  costPerTask: number | null;
  tokens: number | null;
  infraRate: number;
  check: RunCheck;
  comparability: Comparability;
}

export interface Board {
  key: string;
  comparability: Comparability;
  entries: Entry[];
  /** How this board differs from the main one (empty for the main board). */
  differences: string[];
}

export function comparabilityOf(meta: RunMeta): Comparability {
  const c = configOfRun(meta);
  return {
    schema: meta.schema_version,
    taskSet: taskSetHash(meta.hashes.task_files),
    templates: meta.tasks.length,
    appBuild: meta.hashes.app_build,
    budgets: shortHash(JSON.stringify(Object.entries(meta.task_max_steps).sort(([a], [b]) => (a < b ? -1 : 1)))),
    maxSteps: meta.task_max_steps,
    evalMode: c.evalMode,
    observation: c.observation,
    judgeMode: c.judgeMode,
  };
}

const keyOf = ({ maxSteps: _, ...c }: Comparability) => JSON.stringify(c);

/** The rows a board counts and the site publishes: every episode that was not cancelled. */
export const rankedRows = (folder: RunFolder) => folder.rows.filter((r) => r.status !== 'cancelled');

export function entryOf(folder: RunFolder, slug: string, check: RunCheck): Entry {
  const c = configOfRun(folder.meta);
  const passK = passKs(folder.meta.repeat_n, c.passK);
  const rows = rankedRows(folder);
  const summary = summarize(rows, { passK, errors: folder.errors });
  const byInstance = new Map<string, boolean[]>();
  for (const r of rows) byInstance.set(`${r.task_id}#${r.instance}`, [...(byInstance.get(`${r.task_id}#${r.instance}`) ?? []), r.success]);
  const flips = [...byInstance.values()].filter((t) => t.length > 1 && t.some(Boolean) && !t.every(Boolean)).length;
  const tasks = new Set(rows.map((r) => r.task_id)).size;
  return {
    slug,
    dir: folder.dir,
    meta: folder.meta,
    rows,
    agent: c.agent,
    model: c.agent === 'openai' ? c.modelName : null,
    summary,
    passK,
    flips,
    instances: byInstance.size,
    costPerTask: summary.usage?.cost_usd != null && tasks ? summary.usage.cost_usd / tasks : null,
    tokens: summary.usage ? summary.usage.prompt_tokens + summary.usage.completion_tokens : null,
    infraRate: rows.length ? rows.filter((r) => r.status === 'run_error' || r.status === 'eval_error' || r.status === 'rejected').length / rows.length : 0,
    check,
    comparability: comparabilityOf(folder.meta),
  };
}

/** The ranking inside a board: success rate, then success without infrastructure errors, then progress, then cost. */
function rank(a: Entry, b: Entry): number {
  const s = (e: Entry) => e.summary;
  return s(b).success_rate - s(a).success_rate || (s(b).success_rate_excluding_infra ?? 0) - (s(a).success_rate_excluding_infra ?? 0) || s(b).progress_rate - s(a).progress_rate || (a.costPerTask ?? Infinity) - (b.costPerTask ?? Infinity) || (a.slug < b.slug ? -1 : 1);
}

/** What sets board `c` apart from the main board `main`, in words. */
export function differences(c: Comparability, main: Comparability): string[] {
  const out: string[] = [];
  if (c.taskSet !== main.taskSet) out.push(`different task set: ${c.templates} vs ${main.templates} templates${c.templates === main.templates ? ' (other task files)' : ''}`);
  if (c.appBuild !== main.appBuild) out.push(`different app build: ${c.appBuild} vs ${main.appBuild}`);
  // Other tasks have other budgets: only a task both boards share can show different ones.
  const other = Object.keys(c.maxSteps).filter((t) => t in main.maxSteps && c.maxSteps[t] !== main.maxSteps[t]);
  if (c.budgets !== main.budgets && (c.taskSet === main.taskSet || other.length)) out.push(`different step budgets${other.length ? ` (${other.slice(0, 3).map((t) => `${t}: ${c.maxSteps[t]} vs ${main.maxSteps[t]}`).join(', ')}${other.length > 3 ? ', …' : ''})` : ''}`);
  if (c.evalMode !== main.evalMode) out.push(`eval mode ${c.evalMode} vs ${main.evalMode}`);
  if (c.observation !== main.observation) out.push(`observation ${c.observation} vs ${main.observation}`);
  if (c.judgeMode !== main.judgeMode) out.push(`judge ${c.judgeMode} vs ${main.judgeMode}`);
  if (c.schema !== main.schema) out.push(`run-folder schema ${c.schema} vs ${main.schema}`);
  return out;
}

/** Boards of comparable entries; the main board is the one with the most runs (then the most templates). */
export function boardsOf(entries: Entry[]): Board[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) groups.set(keyOf(e.comparability), [...(groups.get(keyOf(e.comparability)) ?? []), e]);
  const boards = [...groups.entries()].map(([key, es]) => ({ key, comparability: es[0]!.comparability, entries: es.sort(rank), differences: [] as string[] }));
  boards.sort((a, b) => b.entries.length - a.entries.length || b.comparability.templates - a.comparability.templates || (a.key < b.key ? -1 : 1));
  const main = boards[0]?.comparability;
  if (main) for (const b of boards.slice(1)) b.differences = differences(b.comparability, main);
  return boards;
}
