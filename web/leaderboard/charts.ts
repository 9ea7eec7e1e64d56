/**
 * The leaderboard site's one script: draws each chart the builder wrote as data
 * (bridge/protocol/charts.ts) with Chart.js, on the canvas beside it. Labels are run-folder
 * data; Chart.js draws them on the canvas and in its tooltips as text, never as markup.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, ScatterController, Tooltip, type ChartConfiguration } from 'chart.js';
import { CHART_DATA_CLASS, type ChartSpec, type CostChart, type PassHatChart, type SuiteChart } from '../../bridge/protocol/charts.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, ScatterController, Tooltip, Legend);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', sans-serif";
Chart.defaults.font.size = 12;
Chart.defaults.color = '#5f6b7a';
Chart.defaults.borderColor = '#e3e7ee';
Chart.defaults.animation = false;

const pct = (v: number | null | undefined) => (v == null ? '–' : `${(v * 100).toFixed(1)}%`);
const rateAxis = (title: string) => ({ min: 0, max: 100, title: { display: true, text: title }, ticks: { callback: (v: string | number) => `${v}%` } });
const legend = { position: 'bottom' as const, labels: { boxWidth: 12, boxHeight: 12, usePointStyle: true } };
const money = (v: number, max: number) => `$${v.toFixed(max < 0.01 ? 5 : max < 1 ? 4 : 2)}`;

function cost(spec: CostChart): ChartConfiguration {
  const max = Math.max(0, ...spec.runs.map((r) => r.cost ?? 0));
  return {
    type: 'scatter',
    data: {
      datasets: spec.runs.map((r) => ({
        label: r.label,
        data: [{ x: r.cost ?? 0, y: r.successRate * 100 }],
        borderColor: r.color,
        backgroundColor: r.cost === null ? '#ffffff' : r.color,
        borderWidth: 2,
        pointRadius: 7,
        pointHoverRadius: 9,
        clip: false as const,
      })),
    },
    options: {
      maintainAspectRatio: false,
      scales: {
        x: { min: 0, suggestedMax: max || 1, title: { display: true, text: 'cost per task' }, ticks: { callback: (v) => money(Number(v), max) } },
        y: rateAxis('success rate'),
      },
      plugins: {
        legend,
        tooltip: { callbacks: { label: (c) => { const r = spec.runs[c.datasetIndex]!; return `${r.label}: SR ${pct(r.successRate)}, ${r.cost === null ? 'no cost recorded' : `${money(r.cost, max)} per task`}`; } } },
      },
    },
  };
}

function suite(spec: SuiteChart): ChartConfiguration {
  return {
    type: 'bar',
    data: {
      labels: spec.suites,
      datasets: spec.runs.map((r) => ({ label: r.label, data: r.rates.map((v) => (v === null ? null : v * 100)), backgroundColor: r.color, maxBarThickness: 22, borderRadius: 2 })),
    },
    options: {
      maintainAspectRatio: false,
      scales: { x: { grid: { display: false }, ticks: { autoSkip: false, maxRotation: 60 } }, y: rateAxis('success rate') },
      plugins: {
        legend,
        tooltip: { callbacks: { label: (c) => { const r = spec.runs[c.datasetIndex]!; return `${r.label}: ${pct(r.rates[c.dataIndex])} of ${r.episodes[c.dataIndex] ?? 0} episodes`; } } },
      },
    },
  };
}

function passHat(spec: PassHatChart): ChartConfiguration {
  return {
    type: 'line',
    data: {
      labels: spec.ks.map(String),
      datasets: spec.runs.map((r) => ({ label: r.label, data: r.values.map((v) => (v === null ? null : v * 100)), borderColor: r.color, backgroundColor: r.color, pointRadius: 4, borderWidth: 2, spanGaps: true, clip: false as const })),
    },
    options: {
      maintainAspectRatio: false,
      scales: { x: { title: { display: true, text: 'k (trials that must all succeed)' } }, y: rateAxis('pass^k') },
      plugins: {
        legend,
        tooltip: { callbacks: { label: (c) => `${spec.runs[c.datasetIndex]!.label}: pass^${spec.ks[c.dataIndex]} ${pct(spec.runs[c.datasetIndex]!.values[c.dataIndex])}` } },
      },
    },
  };
}

const CONFIGS: { [K in ChartSpec['kind']]: (s: Extract<ChartSpec, { kind: K }>) => ChartConfiguration } = { cost, suite, passhat: passHat };

for (const el of document.querySelectorAll<HTMLScriptElement>(`script.${CHART_DATA_CLASS}`)) {
  const canvas = el.parentElement?.querySelector('canvas');
  if (!canvas) continue;
  try {
    const spec = JSON.parse(el.textContent ?? '') as ChartSpec;
    new Chart(canvas, (CONFIGS[spec.kind] as (s: ChartSpec) => ChartConfiguration)(spec));
    canvas.dataset.drawn = spec.kind;
  } catch (e) {
    canvas.replaceWith(Object.assign(document.createElement('p'), { className: 'sub', textContent: `This chart could not be drawn: ${(e as Error).message}` }));
  }
}
