/**
 * The leaderboard's charts as inline SVG (no script, so the site stays plain files any static
 * host serves): cost against success, one point per run; success per suite, one bar per run and
 * suite; pass^k against k, one line per run. Every label goes through `esc`.
 */
import { esc } from '../report/html.ts';
import { pct } from '../report/sections.ts';
import type { Entry } from './board.ts';

const PALETTE = ['#2f6fde', '#d64545', '#1f9d55', '#c98a12', '#7a3e9d', '#0b7a8a', '#b1481a', '#5f6b7a'];
export const colorOf = (i: number) => PALETTE[i % PALETTE.length]!;
const name = (e: Entry) => (e.model ? `${e.agent} (${e.model})` : e.agent);

function frame(title: string, w: number, h: number, body: string, legend: Entry[]): string {
  const keys = legend.map((e, i) => `<span class="lg"><span class="sw" style="background:${colorOf(i)}"></span>${esc(name(e))} · ${esc(e.slug)}</span>`).join('');
  return `<figure class="chart"><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(title)}">${body}</svg><div class="legend">${keys}</div></figure>`;
}

const yAxis = (x0: number, x1: number, y: (v: number) => number) =>
  [0, 0.25, 0.5, 0.75, 1].map((v) => `<line x1="${x0}" x2="${x1}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="${x0 - 6}" y="${y(v) + 4}" text-anchor="end" class="val">${v * 100}%</text>`).join('');

/** A W×H plot with the charts' margins: where x runs from and to, and y for a rate from 0 to 1. */
function plotArea(W: number, H: number, bottom: number) {
  const top = 14;
  return { left: 48, right: W - 16, y: (v: number) => top + (1 - v) * (H - top - bottom) };
}

/** Cost per task (x) against success rate (y); runs without a price sit at x = 0, marked hollow. */
export function costChart(entries: Entry[]): string {
  const W = 460;
  const H = 260;
  const { left: L, right, y } = plotArea(W, H, 36);
  const maxCost = Math.max(0, ...entries.map((e) => e.costPerTask ?? 0)) || 1;
  const x = (c: number) => L + (c / maxCost) * (right - L);
  const dots = entries
    .map((e, i) => {
      const cx = x(e.costPerTask ?? 0);
      const cy = y(e.summary.success_rate);
      const tip = `${name(e)} ${e.slug}: SR ${pct(e.summary.success_rate)}, ${e.costPerTask === null ? 'no cost recorded' : `$${e.costPerTask.toFixed(4)} per task`}`;
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="6" fill="${e.costPerTask === null ? 'none' : colorOf(i)}" stroke="${colorOf(i)}" stroke-width="2"><title>${esc(tip)}</title></circle>`;
    })
    .join('');
  const xs = [0, 0.5, 1].map((f) => `<text x="${x(f * maxCost)}" y="${H - 14}" text-anchor="middle" class="val">$${(f * maxCost).toFixed(maxCost < 0.01 ? 5 : 3)}</text>`).join('');
  return frame('Cost per task against success rate (hollow: no price given)', W, H, yAxis(L, right, y) + xs + dots, entries);
}

/** Success rate per suite: a group of bars per suite, one bar per run. */
export function suiteChart(entries: Entry[]): string {
  const suites = [...new Set(entries.flatMap((e) => Object.keys(e.summary.per_suite)))].sort();
  if (!suites.length) return '';
  const H = 260;
  const bar = Math.max(4, Math.min(18, Math.floor(300 / Math.max(1, suites.length * entries.length))));
  const group = bar * entries.length + 14;
  const W = Math.max(420, 48 + suites.length * group + 16);
  const { left: L, right, y } = plotArea(W, H, 40);
  const bars = suites
    .map((s, si) => {
      const gx = L + si * group + 7;
      const rects = entries
        .map((e, i) => {
          const v = e.summary.per_suite[s];
          if (!v) return '';
          return `<rect x="${gx + i * bar}" y="${y(v.success_rate).toFixed(1)}" width="${bar - 2}" height="${(y(0) - y(v.success_rate)).toFixed(1)}" fill="${colorOf(i)}"><title>${esc(`${name(e)} ${e.slug} on ${s}: ${pct(v.success_rate)} of ${v.episodes}`)}</title></rect>`;
        })
        .join('');
      return `${rects}<text x="${gx + (bar * entries.length) / 2}" y="${H - 22}" text-anchor="middle" class="lbl">${esc(s)}</text>`;
    })
    .join('');
  return frame('Success rate per suite', W, H, yAxis(L, right, y) + bars, entries);
}

/** pass^k against k for every run with trials: how reliable each agent is as k grows. */
export function passHatChart(entries: Entry[]): string {
  const withK = entries.filter((e) => e.passK.length > 1);
  if (!withK.length) return '';
  const maxK = Math.max(...withK.map((e) => e.passK.at(-1)!));
  const W = 420;
  const H = 240;
  const { left: L, right, y } = plotArea(W, H, 34);
  const x = (k: number) => L + ((k - 1) / Math.max(1, maxK - 1)) * (right - L);
  const lines = withK
    .map((e) => {
      const i = entries.indexOf(e);
      const pts = e.passK.map((k) => [x(k), y(e.summary.pass_hat_k?.[String(k)] ?? 0)] as const);
      return `<polyline points="${pts.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}" fill="none" stroke="${colorOf(i)}" stroke-width="2"/>${pts.map(([px, py], j) => `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3.5" fill="${colorOf(i)}"><title>${esc(`${name(e)} ${e.slug}: pass^${e.passK[j]} ${pct(e.summary.pass_hat_k?.[String(e.passK[j])])}`)}</title></circle>`).join('')}`;
    })
    .join('');
  const xs = Array.from({ length: maxK }, (_, i) => i + 1)
    .map((k) => `<text x="${x(k)}" y="${H - 12}" text-anchor="middle" class="val">${k}</text>`)
    .join('');
  return frame('pass^k (all k trials succeed) against k', W, H, yAxis(L, right, y) + xs + lines, entries);
}
