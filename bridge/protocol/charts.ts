/**
 * The leaderboard's charts as data: the builder (bridge/leaderboard) writes one `ChartSpec` per
 * chart into the page as JSON, and the site's script (web/leaderboard) draws it with Chart.js.
 * Every text here is run-folder data: the script puts it on a canvas or in a tooltip, never into
 * markup.
 */

/** One run in a chart: its legend label and colour. */
export interface ChartRun {
  label: string;
  color: string;
}

/** Cost per task (x) against success rate (y), one point per run; `cost: null` when no price was given. */
export interface CostChart {
  kind: 'cost';
  title: string;
  runs: (ChartRun & { cost: number | null; successRate: number })[];
}

/** Success rate per suite, a bar per run and suite (`null` where the run has no episode of it). */
export interface SuiteChart {
  kind: 'suite';
  title: string;
  suites: string[];
  runs: (ChartRun & { rates: (number | null)[]; episodes: (number | null)[] })[];
}

/** pass^k against k for every run with trials. */
export interface PassHatChart {
  kind: 'passhat';
  title: string;
  ks: number[];
  runs: (ChartRun & { values: (number | null)[] })[];
}

export type ChartSpec = CostChart | SuiteChart | PassHatChart;

/** The class of the `<script type="application/json">` element holding a spec, beside its canvas. */
export const CHART_DATA_CLASS = 'chart-data';
