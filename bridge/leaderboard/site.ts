/**
 * `phonegym leaderboard build`: a static site from many run folders, plain files any static host
 * serves (GitHub Pages, a bucket), with no server code and no write endpoint:
 *
 *   index.html                 the boards (runs ranked per comparable group), charts, refused folders
 *   tasks/<task>.html          every run's outcome on one task, with links to each episode
 *   runs/<slug>/report.html    each run's report (bridge/report)
 *   runs/<slug>/{meta.json, rows.jsonl, trajectory/…}   the run's data, as the viewer reads it (the
 *                              trajectories and screenshots; the state files stay in the run folder)
 *   viewer.html, assets/       the run viewer (`viewer.html?run=runs/<slug>/#ep=…`)
 *
 * Safe by construction: run-folder text is escaped wherever it is shown; only plain files under a
 * row's own `trajectory/<name>/` are copied, each checked to land inside `--out`; a folder that
 * cannot be read is refused with its path and the reason while the others still build.
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { ResultRow } from '../protocol/runFolder.ts';
import { isTrajectoryPath } from '../protocol/trajectory.ts';
import { readRunFolder, type RunFolder } from '../runner/runFolder.ts';
import { buildReport } from '../report/reportData.ts';
import { esc, renderHtml, REPORT_CSS } from '../report/html.ts';
import { pct } from '../report/sections.ts';
import type { Registry } from '../tasks/registry.ts';
import { boardsOf, entryOf, rankedRows, type Board, type Entry } from './board.ts';
import { boardCharts } from './charts.ts';
import { RejudgeQueue, type RejudgeThreads } from './rejudge.ts';

export interface Refusal {
  dir: string;
  reason: string;
}

export interface SiteResult {
  out: string;
  entries: Entry[];
  boards: Board[];
  refused: Refusal[];
  /** How many shares of rows the worker threads re-judged, and how many the building thread did. */
  rejudgedShares: { workers: number; here: number };
}

export interface SiteInput {
  dirs: string[];
  out: string;
  registry: Registry;
  /** The web build holding viewer.html and assets/. */
  webDir: string;
  /** The `phonegym run …` line of a run (the CLI's flag table knows how to write it). */
  reproduce: (e: Entry) => { command: string; flags: string[] };
  /** The re-judging threads (default: sized by the machine's cores); the site is the same whatever they are. */
  rejudge?: RejudgeThreads;
}

/** A run's folder name on the site: its id, made a plain name, unique among the runs. */
function slugOf(runId: string, taken: Set<string>): string {
  const base = runId.replace(/[^\w.-]+/g, '_').replace(/^[.]+/, '').slice(0, 80) || 'run';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}_${n}`;
  taken.add(slug);
  return slug;
}

/** `to` joined under `root`, refused if it would land anywhere else. */
function inside(root: string, ...parts: string[]): string {
  const p = resolve(root, ...parts);
  if (p !== root && !p.startsWith(root + sep)) throw new Error(`refusing to write outside the site: ${relative(root, p)}`);
  return p;
}

/** The states stay in the run folder (the builder re-judges from them there); the viewer shows the verdict the trajectory holds. */
const NOT_PUBLISHED = new Set(['initial_state.json', 'final_state.json']);

const alreadyThere = (e: unknown) => (e as NodeJS.ErrnoException).code === 'EEXIST';

/**
 * A file into the site: a hard link where the run folder is on the same disk (run files never
 * change), a copy otherwise. A path placed already (two names one file system takes for the same,
 * as a case-insensitive one does) keeps its first file.
 */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (e) {
    if (!alreadyThere(e)) copyFileSync(from, to);
  }
}

/**
 * The plain files of one trajectory folder the viewer reads (no links, no dot-files, no
 * subfolders), into `to`, a folder whose parent exists (one mkdir, not a walk up the path).
 */
function copyTrajectory(from: string, to: string): void {
  let entries;
  try {
    if (!lstatSync(from).isDirectory()) return; // a link to somewhere else is not the run's
    entries = readdirSync(from, { withFileTypes: true });
  } catch {
    return; // no such folder: an episode that never started
  }
  try {
    mkdirSync(to);
  } catch (e) {
    if (!alreadyThere(e)) throw e;
  }
  for (const e of entries) if (e.isFile() && /^[\w-][\w.-]*$/.test(e.name) && !NOT_PUBLISHED.has(e.name)) place(join(from, e.name), join(to, e.name));
}

/**
 * A run's data into the site. It yields every few folders: the re-judging workers are handed
 * their next shares by this thread, between its own calls.
 */
async function copyRunData(folder: RunFolder, slug: string, siteRoot: string): Promise<void> {
  const dir = inside(siteRoot, 'runs', slug);
  const rows = rankedRows(folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(folder.meta));
  writeFileSync(join(dir, 'rows.jsonl'), rows.map((r) => JSON.stringify(r) + '\n').join(''));
  mkdirSync(join(dir, 'trajectory'));
  // A folder two rows name (a forged row may) is placed once.
  const placed = new Set<string>();
  for (const [i, r] of rows.entries()) {
    if (isTrajectoryPath(r.trajectory) && !placed.has(r.trajectory)) {
      placed.add(r.trajectory);
      copyTrajectory(join(folder.dir, r.trajectory), inside(dir, r.trajectory));
    }
    if (i % 10 === 9) await new Promise((done) => setImmediate(done));
  }
}

function copyViewer(webDir: string, siteRoot: string): void {
  copyFileSync(join(webDir, 'viewer.html'), join(siteRoot, 'viewer.html'));
  const assets = join(webDir, 'assets');
  mkdirSync(join(siteRoot, 'assets'), { recursive: true });
  for (const name of readdirSync(assets)) copyFileSync(join(assets, name), join(siteRoot, 'assets', name));
}

/** A task's page name: its id as a plain file name (ids are checked, but the rows are data). */
const taskFile = (id: string) => `${id.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_')}.html`;
const agentName = (e: Entry) => (e.model ? `${e.agent} · ${e.model}` : e.agent);
const episodeLink = (prefix: string, e: Entry, r: Pick<ResultRow, 'task_id' | 'instance' | 'trial_id'>) => `${prefix}viewer.html?run=runs/${encodeURIComponent(e.slug)}/#ep=${encodeURIComponent(`${r.task_id}#${r.instance}#${r.trial_id}`)}&step=0`;
const badge = (e: Entry) =>
  e.check.provenance === 'verified'
    ? `<span class="badge ok" title="${esc(`the builder re-judged all ${e.check.verified} rows from their saved states and got the same verdicts`)}">verified</span>`
    : `<span class="badge bad" title="${esc(`${e.check.mismatched} row(s) judged otherwise by the builder: ${e.check.rows.find((c) => !c.ok)?.reason ?? ''}`)}">mismatch ×${e.check.mismatched}</span>`;

interface Column {
  head: string;
  /** What the heading means, as its tooltip. */
  title: string;
  /** The cell's markup: every run-folder text in it goes through `esc`. */
  cell: (e: Entry, rank: number) => string;
  numeric?: boolean;
}

function columns(ks: number[]): Column[] {
  const n = (head: string, title: string, value: (e: Entry) => string): Column => ({ head, title, cell: (e) => esc(value(e)), numeric: true });
  const s = (e: Entry) => e.summary;
  return [
    { head: '#', title: 'rank on this board: success rate, then success without infrastructure errors, then progress, then cost', cell: (_, i) => String(i + 1), numeric: true },
    { head: 'Agent / model', title: 'the agent (and model) and the run id; the link opens the run report', cell: (e) => `<a href="runs/${esc(encodeURIComponent(e.slug))}/report.html">${esc(agentName(e))}</a> ${badge(e)}<div class="sub">${esc(e.meta.run_id)}</div>` },
    n('SR', 'success rate: episodes whose goal was met and nothing else changed', (e) => pct(s(e).success_rate)),
    n('SR w/o infra', 'success rate leaving out episodes lost to infrastructure errors', (e) => pct(s(e).success_rate_excluding_infra)),
    n('PR', 'progress rate: the share of sub-goals met', (e) => pct(s(e).progress_rate)),
    ...ks.map((k) => n(`pass@${k}`, `at least one of ${k} trials succeeds`, (e) => pct(s(e).pass_at_k?.[String(k)]))),
    ...ks.map((k) => n(`pass^${k}`, `all ${k} trials succeed`, (e) => pct(s(e).pass_hat_k?.[String(k)]))),
    n('Flips', 'task instances whose trials disagree (some passed, some did not)', (e) => (e.instances && e.passK.length ? `${e.flips} / ${e.instances}` : '–')),
    n('Cost / task', 'model cost per task, from the prices the run was given', (e) => (e.costPerTask === null ? '–' : `$${e.costPerTask.toFixed(4)}`)),
    n('Tokens', 'prompt and completion tokens over the run', (e) => (e.tokens === null ? '–' : e.tokens.toLocaleString('en-US'))),
    n('Avg steps', 'steps per episode', (e) => String(s(e).avg_steps.all ?? '–')),
    n('Infra', 'infrastructure error rate: episodes that ended in a run or eval error or were rejected', (e) => pct(e.infraRate)),
    n('FC', 'false complete: the agent said it was done, the goal was not met', (e) => String(s(e).false_complete)),
    n('OT', 'overdue termination: the goal was met, the agent did not stop', (e) => String(s(e).overdue_termination)),
    n('USE', 'unexpected side effects: episodes that changed state the task did not ask for', (e) => String(s(e).unexpected_side_effects)),
    { head: 'Date', title: 'when the run started', cell: (e) => esc(e.meta.started_at.slice(0, 10)) },
  ];
}

function boardTable(b: Board): string {
  const cols = columns([...new Set(b.entries.flatMap((e) => e.passK))].sort((x, y) => x - y));
  const cls = (c: Column) => (c.numeric ? ' class="n"' : '');
  const head = cols.map((c) => `<th${cls(c)} title="${esc(c.title)}">${esc(c.head)}</th>`).join('');
  const rows = b.entries.map((e, i) => `<tr>${cols.map((c) => `<td${cls(c)}>${c.cell(e, i)}</td>`).join('')}</tr>`);
  return `<table class="board"><thead><tr>${head}</tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function boardSection(b: Board, i: number): string {
  const c = b.comparability;
  const what = `${c.templates} template${c.templates === 1 ? '' : 's'} · task set ${c.taskSet} · app build ${c.appBuild} · step budgets ${c.budgets} · eval ${c.evalMode} · observation ${c.observation} · judge ${c.judgeMode} · schema ${c.schema}`;
  const why = b.differences.length ? `<p class="note">Ranked apart from the main board: ${esc(b.differences.join('; '))}.</p>` : '';
  return `<section class="boardsec"><h2>${i === 0 ? 'Main board' : `Board ${i + 1}`}</h2><p class="sub">${esc(what)}</p>${why}<div class="scroll">${boardTable(b)}</div><div class="charts">${boardCharts(b.entries)}</div></section>`;
}

const SITE_CSS = `${REPORT_CSS}
main{max-width:1480px}.board td,.board th{white-space:nowrap;padding:6px 6px}.board th{cursor:help}.board .sub{color:var(--muted);font-size:11px;margin:0}.board td:nth-child(2){white-space:normal;min-width:180px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:11px;font-weight:600}.badge.ok{background:#e3f4ea;color:#1a7f47}.badge.bad{background:#fbe6e7;color:#c62f36}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:8px 28px;margin-top:18px}.chart{margin:0;min-width:0}.chart.wide{grid-column:1/-1}
.chart .plot{position:relative;height:300px}.chart.wide .plot{height:320px}nav{margin:0 0 16px;font-size:13px}nav a{margin-right:14px}.scroll{overflow-x:auto}`;

/** The site's chart script and its font stylesheet: the web build writes them under these fixed names (vite.config.ts). */
const CHART_SCRIPT = 'assets/leaderboard.js';
const FONT_SHEET = 'assets/leaderboard.css';

function page(title: string, body: string, prefix = '', charts = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:">
<title>${esc(title)}</title><link rel="stylesheet" href="${prefix}${FONT_SHEET}"><style>${SITE_CSS}</style>${charts ? `<script type="module" src="${prefix}${CHART_SCRIPT}"></script>` : ''}</head>
<body><main><nav><a href="${prefix}index.html">Leaderboard</a><a href="${prefix}tasks/index.html">Tasks</a></nav>
${body}
</main></body></html>
`;
}

function indexPage(r: SiteResult): string {
  const refused = r.refused.length ? `<h2>Not included</h2><ul>${r.refused.map((x) => `<li><code>${esc(x.dir)}</code>: ${esc(x.reason)}</li>`).join('')}</ul>` : '';
  const boards = r.boards.map((b, i) => boardSection(b, i)).join('\n');
  const intro = `<h1>phonegym leaderboard</h1><p class="sub">${r.entries.length} run${r.entries.length === 1 ? '' : 's'} on ${r.boards.length} board${r.boards.length === 1 ? '' : 's'}. Runs are ranked together only when their results are comparable. <b>verified</b>: the builder re-judged every row from its saved initial and final state with the task's own judge and got the same verdict; <b>mismatch</b>: it did not (the row stays, flagged).</p>`;
  return page('phonegym leaderboard', `${intro}${boards || '<p>No run folder could be read.</p>'}${refused}`, '', true);
}

function taskPages(r: SiteResult): Map<string, string> {
  const pages = new Map<string, string>();
  const byTask = new Map<string, { e: Entry; rows: ResultRow[] }[]>();
  for (const e of r.entries) {
    const rowsOf = new Map<string, ResultRow[]>();
    for (const row of e.rows) rowsOf.set(row.task_id, [...(rowsOf.get(row.task_id) ?? []), row]);
    for (const [t, rows] of rowsOf) byTask.set(t, [...(byTask.get(t) ?? []), { e, rows }]);
  }
  const ids = [...byTask.keys()].sort();
  for (const id of ids) {
    const runs = byTask.get(id)!;
    const first = runs[0]!.rows[0]!;
    const lines = runs
      .map(({ e, rows }) => {
        const ok = rows.filter((x) => x.success).length;
        const eps = rows.map((x) => `<a class="ep ${x.success ? 'ok' : 'no'}" href="${esc(episodeLink('../', e, x))}" title="${esc(`instance ${x.instance}, trial ${x.trial_id}: ${x.success ? 'passed' : x.status === 'completed' ? x.stop_reason : x.error_code ?? x.status}`)}">${x.success ? '✓' : '✗'}</a>`).join(' ');
        return `<tr><td><a href="../runs/${esc(encodeURIComponent(e.slug))}/report.html">${esc(agentName(e))}</a><div class="sub">${esc(e.meta.run_id)}</div></td><td class="n">${ok}/${rows.length}</td><td class="n">${esc(pct(rows.length ? ok / rows.length : 0))}</td><td>${eps}</td></tr>`;
      })
      .join('\n');
    const body = `<h1>${esc(id)}</h1><p class="sub">${esc(`${first.difficulty} · ${first.objective} · apps ${first.apps.join(', ')}`)}</p><p>${esc(first.goal)}</p><table><thead><tr><th>Run</th><th class="n">Passed</th><th class="n">SR</th><th>Episodes (open in the viewer)</th></tr></thead><tbody>${lines}</tbody></table>`;
    pages.set(id, page(`${id} · phonegym leaderboard`, body, '../'));
  }
  const list = ids.map((id) => `<li><a href="${esc(encodeURIComponent(taskFile(id)))}">${esc(id)}</a></li>`).join('');
  pages.set('index', page('Tasks · phonegym leaderboard', `<h1>Tasks</h1><ul>${list}</ul>`, '../'));
  return pages;
}

export async function buildSite(input: SiteInput): Promise<SiteResult> {
  const out = resolve(input.out);
  const folders: { folder: RunFolder; slug: string }[] = [];
  const refused: Refusal[] = [];
  const taken = new Set<string>();
  for (const dir of input.dirs) {
    try {
      const folder = readRunFolder(dir);
      if (folder.rows.length === 0) throw new Error('it holds no finished episode');
      folders.push({ folder, slug: slugOf(folder.meta.run_id, taken) });
    } catch (e) {
      refused.push({ dir, reason: (e as Error).message });
    }
  }
  // Every row re-judged by worker threads while this thread copies the runs' data into the site, and then by this thread too.
  const rejudge = new RejudgeQueue(folders.map((f) => f.folder), input.registry, input.rejudge);
  // A rebuild replaces what an earlier build wrote, and nothing else in --out (asynchronously: the
  // workers keep getting shares while a big old site is removed).
  mkdirSync(out, { recursive: true });
  await Promise.all(['runs', 'tasks', 'assets', 'index.html', 'viewer.html'].map((name) => rm(join(out, name), { recursive: true, force: true })));
  for (const { folder, slug } of folders) await copyRunData(folder, slug, out);
  copyViewer(input.webDir, out);
  const checked = await rejudge.helpHere();
  const entries = folders.map(({ folder, slug }, i) => entryOf(folder, slug, checked[i]!));
  const result: SiteResult = { out, entries, boards: boardsOf(entries), refused, rejudgedShares: { ...rejudge.counts } };
  for (const e of entries) {
    const folder = { dir: e.dir, meta: e.meta, rows: e.rows, duplicates: [], errors: [] };
    writeFileSync(inside(out, 'runs', e.slug, 'report.html'), renderHtml(buildReport(folder, input.reproduce(e))));
  }
  writeFileSync(join(out, 'index.html'), indexPage(result));
  mkdirSync(join(out, 'tasks'), { recursive: true });
  for (const [id, html] of taskPages(result)) writeFileSync(inside(out, 'tasks', id === 'index' ? 'index.html' : taskFile(id)), html);
  return result;
}
