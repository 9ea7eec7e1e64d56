/**
 * The run report as one self-contained HTML file: inline CSS, charts drawn as inline SVG, no
 * script, no request to anywhere, readable offline and printable. Every text from the run folder
 * goes through `esc`; links go only to trajectory folders inside the run (`trajectoryHref`).
 */
import type { GroupLine, RunReport } from './reportData.ts';
import { agreementRows, exampleLine, FAILURE_HEAD, failureCells, figureColumns, GROUP_HEAD, groupCells, headlineRows, METRIC_KEY, pct, setupRows, TASK_HEAD, taskCells, trajectoryHref, type Cell } from './sections.ts';

export const esc = (value: Cell) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function table(head: string[], rows: Cell[][], cls = ''): string {
  const right = figureColumns(head.length, rows);
  const n = (i: number) => (right[i] ? ' class="n"' : '');
  const th = head.map((h, i) => `<th${n(i)}>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td${n(i)}>${esc(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table class="${cls}"><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const kv = (rows: [string, string][]) => `<dl class="kv">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;

/** Horizontal bars of success rate, one per group, with the count beside each. */
export function barChart(title: string, lines: GroupLine[]): string {
  const row = 26;
  const labelW = 150;
  const barW = 230;
  const h = lines.length * row + 28;
  const bars = lines
    .map((g, i) => {
      const y = 20 + i * row;
      const w = Math.max(0, Math.min(1, g.success_rate)) * barW;
      return [
        `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" class="lbl">${esc(g.name.length > 22 ? `${g.name.slice(0, 21)}…` : g.name)}</text>`,
        `<rect x="${labelW}" y="${y + 3}" width="${barW}" height="16" class="track"/>`,
        `<rect x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="16" class="bar"><title>${esc(`${g.name}: ${pct(g.success_rate)} (${g.success}/${g.episodes})`)}</title></rect>`,
        `<text x="${labelW + barW + 8}" y="${y + 15}" class="val">${esc(`${pct(g.success_rate)}  ${g.success}/${g.episodes}`)}</text>`,
      ].join('');
    })
    .join('\n');
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${labelW + barW + 110} ${h}" width="${labelW + barW + 110}" height="${h}" role="img" aria-label="${esc(title)}">${bars}</svg></figure>`;
}

/** pass@k and pass^k against k: how much more trials buy, and how reliable the agent is. */
export function passKChart(r: RunReport): string {
  const ks = r.pass_k;
  if (ks.length < 2) return '';
  const W = 420;
  const H = 220;
  const pad = { l: 44, r: 16, t: 16, b: 34 };
  const x = (i: number) => pad.l + (i / (ks.length - 1)) * (W - pad.l - pad.r);
  const y = (v: number) => pad.t + (1 - v) * (H - pad.t - pad.b);
  const line = (vals: (number | undefined)[], cls: string, name: string) => {
    const pts = vals.map((v, i) => (v === undefined ? null : [x(i), y(v)] as const)).filter((p): p is readonly [number, number] => p !== null);
    const dots = pts.map(([px, py], i) => `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3.5" class="${cls}"><title>${esc(`${name} k=${ks[i]}: ${pct(vals[i])}`)}</title></circle>`).join('');
    return `<polyline points="${pts.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}" class="${cls} ln"/>${dots}`;
  };
  const grid = [0, 0.25, 0.5, 0.75, 1].map((v) => `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end" class="val">${v * 100}%</text>`).join('');
  const xs = ks.map((k, i) => `<text x="${x(i)}" y="${H - 12}" text-anchor="middle" class="val">${k}</text>`).join('');
  const at = ks.map((k) => r.summary.pass_at_k?.[String(k)]);
  const hat = ks.map((k) => r.summary.pass_hat_k?.[String(k)]);
  return `<figure><figcaption>pass@k (at least one of k trials) and pass^k (all k trials) against k</figcaption><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="pass@k and pass^k against k">${grid}${xs}${line(at, 'at', 'pass@k')}${line(hat, 'hat', 'pass^k')}<text x="${W - pad.r}" y="${pad.t + 10}" text-anchor="end" class="legend"><tspan class="at-t">● pass@k</tspan>  <tspan class="hat-t">● pass^k</tspan></text></svg></figure>`;
}

/** One bar split into passed, failed and not completed. */
export function outcomeBar(r: RunReport): string {
  const s = r.summary;
  const total = Math.max(1, s.success + s.failed + s.errors);
  const W = 620;
  const parts: [string, number, string][] = [
    ['passed', s.success, 'ok'],
    ['failed', s.failed, 'bad'],
    ['did not complete', s.errors, 'err'],
  ];
  let at = 0;
  const rects = parts
    .map(([name, n, cls]) => {
      const w = (n / total) * W;
      const rect = n ? `<rect x="${at.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="18" class="${cls}"><title>${esc(`${name}: ${n}`)}</title></rect>` : '';
      at += w;
      return rect;
    })
    .join('');
  const legend = parts.map(([name, n, cls]) => `<span class="sw ${cls}"></span>${esc(`${name} ${n}`)}`).join('  ');
  return `<div class="outcome"><svg viewBox="0 0 ${W} 18" width="100%" height="18" preserveAspectRatio="none" role="img" aria-label="outcomes">${rects}</svg><div class="legend">${legend}</div></div>`;
}

export const REPORT_CSS = `
:root{--fg:#1d2330;--muted:#5f6b7a;--line:#e3e7ee;--bg:#fff;--soft:#f6f8fb;--ok:#1f9d55;--bad:#d64545;--err:#c98a12;--accent:#2f6fde}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,'Segoe UI','Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif;color:var(--fg);background:var(--soft)}
main{max-width:1100px;margin:0 auto;padding:28px 32px 60px;background:var(--bg);min-height:100vh}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:34px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}h3{font-size:14px;margin:22px 0 8px;color:var(--muted)}
.sub{color:var(--muted);margin:0 0 18px}.note{background:#fff7e6;border:1px solid #f3d49b;border-radius:6px;padding:8px 12px;margin:8px 0}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:14px 0}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 12px}.card b{display:block;font-size:22px;font-variant-numeric:tabular-nums}.card span{color:var(--muted);font-size:12px}
table{border-collapse:collapse;width:100%;margin:6px 0 10px;font-variant-numeric:tabular-nums}th,td{text-align:left;padding:5px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:12px;background:var(--soft)}td.n,th.n{text-align:right}tbody tr:hover{background:#fafbfd}
.kv{display:grid;grid-template-columns:140px 1fr;gap:4px 14px;margin:0}.kv dt{color:var(--muted)}.kv dd{margin:0;word-break:break-word}
figure{margin:10px 0 18px}figcaption{font-weight:600;margin-bottom:6px}svg text{font:12px system-ui,'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif;fill:var(--fg)}svg .val{fill:var(--muted)}
.track{fill:#eef1f6}.bar{fill:var(--accent)}.grid{stroke:var(--line)}.ln{fill:none;stroke-width:2}polyline.at{stroke:var(--accent)}polyline.hat{stroke:var(--bad)}circle.at{fill:var(--accent)}circle.hat{fill:var(--bad)}.at-t{fill:var(--accent)}.hat-t{fill:var(--bad)}
.outcome rect.ok,.sw.ok{fill:var(--ok);background:var(--ok)}.outcome rect.bad,.sw.bad{fill:var(--bad);background:var(--bad)}.outcome rect.err,.sw.err{fill:var(--err);background:var(--err)}
.outcome .legend{color:var(--muted);font-size:12px;margin-top:4px}.sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 10px}
.charts{display:flex;flex-wrap:wrap;gap:8px 36px}.ex{border:1px solid var(--line);border-radius:8px;padding:8px 12px;margin:8px 0}.ex .t{font-weight:600}.ex .g,.ex .d{color:var(--muted);word-break:break-word}
pre{background:#0f1522;color:#e6edf7;padding:12px 14px;border-radius:8px;overflow:auto;white-space:pre-wrap;word-break:break-all}a{color:var(--accent)}
@media print{body{background:#fff}main{padding:0}}
`;

export function renderHtml(r: RunReport): string {
  const headline = headlineRows(r);
  const cards = headline.slice(1, 7).map(([k, v, note]) => `<div class="card" title="${esc(note)}"><b>${esc(v)}</b><span>${esc(k)}</span></div>`).join('');
  const notes = r.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('');
  const examples = r.failures
    .map((f) => {
      const e = exampleLine(f);
      const href = trajectoryHref(e.trajectory);
      return `<div class="ex"><div class="t">${esc(e.title)}${href ? ` · <a href="${esc(href)}">trajectory</a>` : ''}</div><div class="g">goal: ${esc(e.goal)}</div><div class="d">${esc(e.detail)}</div></div>`;
    })
    .join('\n');
  const agreement = agreementRows(r);
  const body = [
    `<h1>Run report: ${esc(r.title)}</h1>`,
    `<p class="sub">${esc(`${r.setup.run_id} · ${r.setup.started_at}`)}</p>`,
    notes,
    `<div class="cards">${cards}</div>`,
    outcomeBar(r),
    '<h2>Setup</h2>',
    kv(setupRows(r)),
    '<h2>Results</h2>',
    table(['Metric', 'Value', 'Counts'], headline),
    '<div class="charts">',
    barChart('Success rate by suite', r.per_suite),
    barChart('Success rate by difficulty', r.per_difficulty),
    passKChart(r),
    '</div>',
    '<h3>By suite</h3>',
    table(GROUP_HEAD, r.per_suite.map(groupCells)),
    '<h3>By app (an episode counts for every app its task uses)</h3>',
    table(GROUP_HEAD, r.per_app.map(groupCells)),
    '<h3>By difficulty</h3>',
    table(GROUP_HEAD, r.per_difficulty.map(groupCells)),
    r.per_variant.length ? `<h3>By look (--variant: the same instances drawn differently)</h3>${table(GROUP_HEAD, r.per_variant.map(groupCells))}` : '',
    '<h2>Failures</h2>',
    r.failures.length ? `${table(FAILURE_HEAD, r.failures.map(failureCells))}<h3>An example of each</h3>${examples}` : '<p>Every rated episode succeeded.</p>',
    agreement ? `<h2>Judge agreement</h2><p class="sub">The state judge against the VLM judge, episode by episode.</p>${kv(agreement)}` : '',
    '<h2>Every task</h2>',
    table(TASK_HEAD, r.tasks.map(taskCells), 'tasks'),
    '<h2>Reproduce</h2>',
    `<pre>${esc(r.reproduce)}</pre>`,
    '<h2>Key</h2>',
    kv(METRIC_KEY),
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(`Run report: ${r.title}`)}</title><style>${REPORT_CSS}</style></head>
<body><main>
${body}
</main></body></html>
`;
}
