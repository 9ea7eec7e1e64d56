/**
 * The leaderboard's charts: cost against success, one point per run; success per suite, one bar
 * per run and suite; pass^k against k, one line per run. The builder writes each chart as data
 * (protocol/charts.ts) beside an empty canvas; the site's script (web/leaderboard/charts.ts) draws
 * it with Chart.js. The numbers are in the board's table too, so a reader without scripts loses
 * nothing but the picture.
 */
import { CHART_DATA_CLASS, type ChartRun, type ChartSpec } from '../protocol/charts.ts';
import { esc } from '../report/html.ts';
import type { Entry } from './board.ts';

const PALETTE = ['#2f6fde', '#d64545', '#1f9d55', '#c98a12', '#7a3e9d', '#0b7a8a', '#b1481a', '#5f6b7a'];
export const colorOf = (i: number) => PALETTE[i % PALETTE.length]!;
const run = (e: Entry, i: number): ChartRun => ({ label: `${e.model ? `${e.agent} · ${e.model}` : e.agent} (${e.meta.run_id})`, color: colorOf(i) });

/** JSON that is safe inside a `<script>` element whatever strings it holds. */
export const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function figure(spec: ChartSpec, wide = false): string {
  return `<figure class="chart${wide ? ' wide' : ''}"><figcaption>${esc(spec.title)}</figcaption><div class="plot"><canvas role="img" aria-label="${esc(spec.title)}"></canvas></div><script type="application/json" class="${CHART_DATA_CLASS}">${scriptJson(spec)}</script><noscript><p class="sub">The chart needs scripts; the table above has its numbers.</p></noscript></figure>`;
}

export function costSpec(entries: Entry[]): ChartSpec {
  return { kind: 'cost', title: 'Cost per task against success rate (hollow: no price given)', runs: entries.map((e, i) => ({ ...run(e, i), cost: e.costPerTask, successRate: e.summary.success_rate })) };
}

export function suiteSpec(entries: Entry[]): ChartSpec | null {
  const suites = [...new Set(entries.flatMap((e) => Object.keys(e.summary.per_suite)))].sort();
  if (!suites.length) return null;
  return {
    kind: 'suite',
    title: 'Success rate per suite',
    suites,
    runs: entries.map((e, i) => ({ ...run(e, i), rates: suites.map((s) => e.summary.per_suite[s]?.success_rate ?? null), episodes: suites.map((s) => e.summary.per_suite[s]?.episodes ?? null) })),
  };
}

export function passHatSpec(entries: Entry[]): ChartSpec | null {
  const withK = entries.map((e, i) => [e, i] as const).filter(([e]) => e.passK.length > 1);
  if (!withK.length) return null;
  const ks = [...new Set(withK.flatMap(([e]) => e.passK))].sort((a, b) => a - b);
  return { kind: 'passhat', title: 'pass^k (all k trials succeed) against k', ks, runs: withK.map(([e, i]) => ({ ...run(e, i), values: ks.map((k) => e.summary.pass_hat_k?.[String(k)] ?? null) })) };
}

/**
 * The charts of one board, as figures: cost against success once some run recorded a cost (with
 * none there is nothing to plot), pass^k once some run has trials, and success per suite, across
 * the page when it has many bars.
 */
export function boardCharts(entries: Entry[]): string {
  const suite = suiteSpec(entries);
  const hat = passHatSpec(entries);
  const priced = entries.some((e) => e.costPerTask !== null);
  const charts = [priced && figure(costSpec(entries)), hat && figure(hat), suite && figure(suite, suite.kind === 'suite' && suite.suites.length * entries.length > 16)].filter(Boolean);
  const note = priced ? '' : '<p class="sub">No run on this board recorded a cost, so there is no cost chart: runs given <code>--price-in</code> and <code>--price-out</code> show cost per task against success.</p>';
  return charts.join('') + note;
}
