/**
 * Aggregates result rows into summary.json and the console summary (spec section 7):
 * SR, PR, FC, OT, USE, average steps (success / all), per-suite table, pass@k when repeated.
 */
import { judgeAgreement } from '../judge/agreement.ts';
import { ERROR_CODES, INFRA_STATUSES } from './errorCodes.ts';
import { episodeKey, type AttemptError, type EpisodeStatus, type ResultRow, type Summary, type SuiteSummary } from '../protocol/runFolder.ts';
import { robustnessOf } from '../protocol/robustness.ts';

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

/** The k of pass@k a run reports: every k it has trials for, and any asked for (--pass-k) that it also has. */
export function passKs(repeatN: number, asked: number[]): number[] {
  if (repeatN < 2) return [];
  return [...new Set([...Array.from({ length: repeatN }, (_, i) => i + 1), ...asked.filter((k) => k <= repeatN)])].sort((a, b) => a - b);
}

/**
 * The summary of a run's rows. It depends only on the set of rows, never on their order: a run
 * with --parallel, a resumed run and a merge of shards give the same summary as one plain run.
 */
export function summarize(unordered: ResultRow[], opts: { passK?: number[]; errors?: AttemptError[] } = {}): Summary {
  const sorted = [...unordered].sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : a.instance - b.instance || a.trial_id - b.trial_id || (a.variant ?? 0) - (b.variant ?? 0)));
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
  const clean = rows.filter((r) => !INFRA_STATUSES.has(r.status));
  const byTask = (pred: (r: ResultRow) => boolean) => [...new Set(rows.filter(pred).map((r) => r.task_id))].sort();
  const summary: Summary = {
    episodes: rows.length,
    status_counts,
    success: ok.length,
    failed: rows.filter((r) => !r.success && r.status === 'completed').length,
    errors: rows.filter((r) => r.status !== 'completed').length,
    success_rate: rows.length ? round(ok.length / rows.length) : 0,
    success_rate_excluding_infra: clean.length ? round(clean.filter((r) => r.success).length / clean.length) : null,
    rates: {
      success_rate: `successes / ${rows.length} rated rows (all but cancelled; run_error, eval_error and rejected rows count as failures)`,
      success_rate_excluding_infra: `successes / ${clean.length} rows without run_error, eval_error or rejected (what the agent achieved where the machine, model service and judge worked)`,
    },
    error_taxonomy: taxonomy(rows),
    progress_rate: round(mean(rows.map((r) => r.progress)) ?? 0),
    false_complete: rows.filter((r) => r.false_complete).length,
    overdue_termination: rows.filter((r) => r.overdue_termination).length,
    unexpected_side_effects: rows.filter((r) => r.judge && !r.judge.clean).length,
    avg_steps: { success: nullableRound(mean(ok.map((r) => r.steps)), 2), all: nullableRound(mean(rows.map((r) => r.steps)), 2) },
    avg_runtime_s: nullableRound(mean(rows.map((r) => r.runtime_s)), 3),
    per_suite,
    tasks: { passed: byTask((r) => r.success), failed: byTask((r) => !r.success && r.status === 'completed'), errored: byTask((r) => r.status !== 'completed') },
    retries: retriesOf(rows, opts.errors ?? []),
    usage: usageOf(rows),
    rounds: roundsOf(rows),
  };
  const judgedTwice = rows.filter((r) => r.vlm_judge && r.judge);
  if (judgedTwice.length) {
    summary.judge_agreement = judgeAgreement(
      judgedTwice.map((r) => {
        const v = r.vlm_judge!;
        return { key: episodeKey(r), state: { success: r.judge!.success, clean: r.judge!.clean }, vlm: 'success' in v ? { success: v.success, clean: v.clean } : null };
      }),
    );
  }
  // (a loop, not Math.max(...rows): a spread of 100k+ rows overflows the call stack)
  const trials = rows.reduce((m, r) => Math.max(m, r.trial_id + 1), 0);
  if (trials > 1 && opts.passK?.length) {
    const groups = new Map<string, ResultRow[]>();
    for (const r of rows) {
      // Trials of one instance in one look (--variant): a look is not another trial.
      const key = `${r.task_id}#${r.instance}~v${r.variant ?? 0}`;
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
  const robustness = robustnessOf(rows);
  if (robustness) summary.robustness = robustness;
  return summary;
}

function retriesOf(rows: ResultRow[], errors: AttemptError[]): Summary['retries'] {
  const by_code: Record<string, number> = {};
  const retried = errors.filter((e) => e.retried);
  for (const e of retried) by_code[e.error_code ?? 'unknown'] = (by_code[e.error_code ?? 'unknown'] ?? 0) + 1;
  return {
    retried_attempts: retried.length,
    by_code,
    recovered: rows.filter((r) => (r.attempts ?? 1) > 1 && r.status === 'completed').length,
    // Every retry starts a fresh conversation that carries no feedback from the failed attempt.
    blind: rows.filter((r) => (r.attempts ?? 1) > 1).length,
  };
}

function taxonomy(rows: ResultRow[]): Summary['error_taxonomy'] {
  const out: Summary['error_taxonomy'] = {};
  for (const r of rows) {
    if (!r.error_code) continue;
    const e = (out[r.error_code] ??= {
      count: 0,
      status: r.status,
      meaning: ERROR_CODES[r.error_code]?.meaning ?? 'not in the documented list (docs/errors.md)',
      example: { task_id: r.task_id, instance: r.instance, trial_id: r.trial_id, error: r.error },
    });
    e.count++;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function usageOf(rows: ResultRow[]): Summary['usage'] {
  const used = rows.filter((r) => r.usage);
  if (!used.length) return null;
  const sum = (f: (u: NonNullable<ResultRow['usage']>) => number) => used.reduce((a, r) => a + f(r.usage!), 0);
  const requests = sum((u) => u.requests);
  const costs = used.filter((r) => r.usage!.cost_usd !== null);
  return {
    prompt_tokens: sum((u) => u.prompt_tokens),
    completion_tokens: sum((u) => u.completion_tokens),
    requests,
    avg_latency_ms: requests ? Math.round(sum((u) => u.latency_ms) / requests) : null,
    cost_usd: costs.length ? round(costs.reduce((a, r) => a + r.usage!.cost_usd!, 0), 6) : null,
    retried_requests: sum((u) => u.retried_requests ?? 0),
  };
}

function roundsOf(rows: ResultRow[]): Summary['rounds'] {
  const fed = rows.filter((r) => (r.rounds ?? 1) > 1);
  if (!fed.length) return null;
  return { episodes_with_feedback: fed.length, passed_after_feedback: fed.filter((r) => r.success).length, blind_rounds: rows.reduce((a, r) => a + (r.blind_rounds ?? 0), 0) };
}

function nullableRound(x: number | null, d: number): number | null {
  return x === null ? null : round(x, d);
}

/** What the short names of the summary and the report mean (FC, OT and USE are printed under `phonegym run`'s summary). */
export const METRIC_KEY: [string, string][] = [
  ['SR', 'success rate: episodes whose goals were met with no unexpected change, over all rated episodes'],
  ['SR w/o infra', 'the same over episodes without run, judge or preflight errors (what the agent achieved where the machine worked)'],
  ['PR', 'progress rate: the mean share of a task’s goal checks met'],
  ['FC', 'false complete: the agent said it was done, the goal was not met'],
  ['OT', 'overdue termination: the goal was met, the agent did not stop'],
  ['USE', 'unexpected side effects: episodes that changed state the task did not ask for'],
  ['pass@k', 'the chance that at least one of k trials of an instance succeeds (unbiased estimate)'],
  ['pass^k', 'the chance that all k trials of an instance succeed'],
];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The console summary. */
export function formatSummary(s: Summary): string {
  const lines: string[] = [];
  lines.push(`episodes ${s.episodes}   SR ${pct(s.success_rate)}   PR ${pct(s.progress_rate)}   FC ${s.false_complete}   OT ${s.overdue_termination}   USE ${s.unexpected_side_effects}`);
  if (s.success_rate_excluding_infra !== null && s.success_rate_excluding_infra !== s.success_rate) {
    lines.push(`SR over all rated rows ${pct(s.success_rate)}; over rows without run, judge or preflight errors ${pct(s.success_rate_excluding_infra)}`);
  }
  lines.push(`avg steps  success ${s.avg_steps.success ?? '-'}   all ${s.avg_steps.all ?? '-'}   avg runtime ${s.avg_runtime_s ?? '-'} s`);
  const bad = Object.entries(s.status_counts).filter(([k, v]) => k !== 'completed' && v > 0);
  if (bad.length) lines.push(`not completed: ${bad.map(([k, v]) => `${k} ${v}`).join(', ')}${s.status_counts.cancelled ? ' (cancelled episodes are not rated)' : ''}`);
  if (s.retries.retried_attempts) lines.push(`retried after infrastructure errors: ${s.retries.retried_attempts} attempt(s) (${Object.entries(s.retries.by_code).map(([k, v]) => `${k} ${v}`).join(', ')}), ${s.retries.recovered} episode(s) recovered`);
  const codes = Object.entries(s.error_taxonomy);
  if (codes.length) lines.push(`error codes: ${codes.map(([k, v]) => `${k} ${v.count} (${v.status})`).join(', ')}`);
  if (s.usage) lines.push(`model calls ${s.usage.requests}${s.usage.retried_requests ? ` (${s.usage.retried_requests} failed and retried)` : ''}   tokens ${s.usage.prompt_tokens} in / ${s.usage.completion_tokens} out   avg latency ${s.usage.avg_latency_ms ?? '-'} ms${s.usage.cost_usd !== null ? `   cost $${s.usage.cost_usd.toFixed(4)}` : ''}`);
  if (s.rounds) lines.push(`feedback rounds: ${s.rounds.episodes_with_feedback} episode(s) got the judge's findings, ${s.rounds.passed_after_feedback} then passed${s.rounds.blind_rounds ? `; ${s.rounds.blind_rounds} blind round(s) (agent could not be told)` : ''}`);
  if (s.judge_agreement) {
    const a = s.judge_agreement;
    lines.push(`judges agree on ${a.agree}/${a.compared} episodes${a.rate !== null ? ` (${pct(a.rate)})` : ''}${a.disagreements.length ? `; disagreements: ${a.disagreements.slice(0, 5).map((d) => d.key).join(', ')}${a.disagreements.length > 5 ? ', …' : ''}` : ''}`);
  }
  if (s.pass_at_k) lines.push(`pass@k ${Object.entries(s.pass_at_k).map(([k, v]) => `@${k} ${pct(v)}`).join('  ')}   pass^k ${Object.entries(s.pass_hat_k ?? {}).map(([k, v]) => `^${k} ${pct(v)}`).join('  ')}`);
  if (s.robustness) {
    const r = s.robustness;
    lines.push(`robustness over looks (--variant): ${r.variants.map((v) => `SR ${pct(r.per_variant[String(v)]!.success_rate)} in ${v}`).join(', ')}; ${r.flips} of ${r.compared} trials flip between looks${r.flipped.length ? ` (${r.flipped.slice(0, 3).map((f) => f.episode).join(', ')}${r.flips > 3 ? ', …' : ''})` : ''}`);
  }
  const suites = Object.entries(s.per_suite);
  if (suites.length) {
    const w = Math.max(5, ...suites.map(([n]) => n.length));
    lines.push('');
    lines.push(`${'suite'.padEnd(w)}  episodes  SR       PR`);
    for (const [name, v] of suites) lines.push(`${name.padEnd(w)}  ${String(v.episodes).padStart(8)}  ${pct(v.success_rate).padEnd(7)}  ${pct(v.progress_rate)}`);
  }
  lines.push('');
  for (const [k, v] of METRIC_KEY.filter(([k]) => ['FC', 'OT', 'USE'].includes(k))) lines.push(`${k.padEnd(4)} ${v}`);
  return lines.join('\n');
}
