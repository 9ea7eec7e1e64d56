/**
 * Aggregates result rows into summary.json and the console summary (spec section 7):
 * SR, PR, FC, OT, USE, average steps (success / all), per-suite table, pass@k when repeated.
 */
import type { EpisodeStatus, ResultRow } from './types.ts';

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
  success_rate: number;
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
  retries: { retried_attempts: number; by_code: Record<string, number>; recovered: number };
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** C(n, k) as a float, exact for the small n used here. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Unbiased pass@k (HumanEval): 1 - C(n-c, k) / C(n, k). */
export function passAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  return 1 - choose(n - c, k) / choose(n, k);
}

/** pass^k: all k of k succeed, C(c, k) / C(n, k). */
export function passHatK(n: number, c: number, k: number): number {
  return choose(c, k) / choose(n, k);
}

/**
 * The summary of a run's rows. It depends only on the set of rows, never on their order: a run
 * with --parallel, a resumed run and a merge of shards give the same summary as one plain run.
 */
export function summarize(unordered: ResultRow[], opts: { passK?: number[]; errors?: AttemptError[] } = {}): Summary {
  const sorted = [...unordered].sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : a.instance - b.instance || a.trial_id - b.trial_id));
  const status_counts: Record<EpisodeStatus, number> = { completed: 0, run_error: 0, eval_error: 0, timeout: 0, rejected: 0, cancelled: 0 };
  for (const r of sorted) status_counts[r.status]++;
  // A cancelled episode (Ctrl+C) is unfinished work, not a result: counted, never rated.
  const rows = sorted.filter((r) => r.status !== 'cancelled');
  const ok = rows.filter((r) => r.success);
  const per_suite: Record<string, SuiteSummary> = {};
  for (const suite of [...new Set(rows.map((r) => r.suite))].sort()) {
    const rs = rows.filter((r) => r.suite === suite);
    const s = rs.filter((r) => r.success).length;
    per_suite[suite] = { episodes: rs.length, success: s, success_rate: round(s / rs.length), progress_rate: round(mean(rs.map((r) => r.progress)) ?? 0) };
  }
  const byTask = (pred: (r: ResultRow) => boolean) => [...new Set(rows.filter(pred).map((r) => r.task_id))].sort();
  const summary: Summary = {
    episodes: rows.length,
    status_counts,
    success: ok.length,
    failed: rows.filter((r) => !r.success && r.status === 'completed').length,
    errors: rows.filter((r) => r.status !== 'completed').length,
    success_rate: rows.length ? round(ok.length / rows.length) : 0,
    progress_rate: round(mean(rows.map((r) => r.progress)) ?? 0),
    false_complete: rows.filter((r) => r.false_complete).length,
    overdue_termination: rows.filter((r) => r.overdue_termination).length,
    unexpected_side_effects: rows.filter((r) => r.judge && !r.judge.clean).length,
    avg_steps: { success: nullableRound(mean(ok.map((r) => r.steps)), 2), all: nullableRound(mean(rows.map((r) => r.steps)), 2) },
    avg_runtime_s: nullableRound(mean(rows.map((r) => r.runtime_s)), 3),
    per_suite,
    tasks: { passed: byTask((r) => r.success), failed: byTask((r) => !r.success && r.status === 'completed'), errored: byTask((r) => r.status !== 'completed') },
    retries: retriesOf(rows, opts.errors ?? []),
  };
  // (a loop, not Math.max(...rows): a spread of 100k+ rows overflows the call stack)
  const trials = rows.reduce((m, r) => Math.max(m, r.trial_id + 1), 0);
  if (trials > 1 && opts.passK?.length) {
    const groups = new Map<string, ResultRow[]>();
    for (const r of rows) {
      const key = `${r.task_id}#${r.instance}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    summary.pass_at_k = {};
    summary.pass_hat_k = {};
    for (const k of opts.passK) {
      const at: number[] = [];
      const hat: number[] = [];
      for (const g of groups.values()) {
        if (g.length < k) continue;
        const c = g.filter((r) => r.success).length;
        at.push(passAtK(g.length, c, k));
        hat.push(passHatK(g.length, c, k));
      }
      if (at.length) {
        summary.pass_at_k[String(k)] = round(mean(at)!);
        summary.pass_hat_k[String(k)] = round(mean(hat)!);
      }
    }
  }
  return summary;
}

function retriesOf(rows: ResultRow[], errors: AttemptError[]): Summary['retries'] {
  const by_code: Record<string, number> = {};
  const retried = errors.filter((e) => e.retried);
  for (const e of retried) by_code[e.error_code ?? 'unknown'] = (by_code[e.error_code ?? 'unknown'] ?? 0) + 1;
  return { retried_attempts: retried.length, by_code, recovered: rows.filter((r) => (r.attempts ?? 1) > 1 && r.status === 'completed').length };
}

function nullableRound(x: number | null, d: number): number | null {
  return x === null ? null : round(x, d);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The console summary. */
export function formatSummary(s: Summary): string {
  const lines: string[] = [];
  lines.push(`episodes ${s.episodes}   SR ${pct(s.success_rate)}   PR ${pct(s.progress_rate)}   FC ${s.false_complete}   OT ${s.overdue_termination}   USE ${s.unexpected_side_effects}`);
  lines.push(`avg steps  success ${s.avg_steps.success ?? '-'}   all ${s.avg_steps.all ?? '-'}   avg runtime ${s.avg_runtime_s ?? '-'} s`);
  const bad = Object.entries(s.status_counts).filter(([k, v]) => k !== 'completed' && v > 0);
  if (bad.length) lines.push(`not completed: ${bad.map(([k, v]) => `${k} ${v}`).join(', ')}${s.status_counts.cancelled ? ' (cancelled episodes are not rated)' : ''}`);
  if (s.retries.retried_attempts) lines.push(`retried after infrastructure errors: ${s.retries.retried_attempts} attempt(s) (${Object.entries(s.retries.by_code).map(([k, v]) => `${k} ${v}`).join(', ')}), ${s.retries.recovered} episode(s) recovered`);
  if (s.pass_at_k) lines.push(`pass@k ${Object.entries(s.pass_at_k).map(([k, v]) => `@${k} ${pct(v)}`).join('  ')}   pass^k ${Object.entries(s.pass_hat_k ?? {}).map(([k, v]) => `^${k} ${pct(v)}`).join('  ')}`);
  const suites = Object.entries(s.per_suite);
  if (suites.length) {
    const w = Math.max(5, ...suites.map(([n]) => n.length));
    lines.push('');
    lines.push(`${'suite'.padEnd(w)}  episodes  SR       PR`);
    for (const [name, v] of suites) lines.push(`${name.padEnd(w)}  ${String(v.episodes).padStart(8)}  ${pct(v.success_rate).padEnd(7)}  ${pct(v.progress_rate)}`);
  }
  return lines.join('\n');
}
