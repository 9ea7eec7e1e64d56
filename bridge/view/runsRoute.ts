/**
 * The run folders of a directory (`runs/` by default), read-only on the bridge: the studio lists
 * them and opens any in the run viewer (`viewer.html?run=runs/<name>/`), the same page
 * `phonegym view` serves.
 *
 *   GET /runs/                          the folders: name, run id, agent, when, episodes, SR (newest first)
 *   GET /runs/<name>/meta.json|rows.jsonl|trajectory/…   one folder, as `phonegym view` serves data/
 *
 * A name is one path segment of plain characters; nothing outside the directory is reachable.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRoute } from '../server/http.ts';
import { sendJson } from '../server/http.ts';
import { sendText } from '../server/staticFiles.ts';
import { readMeta } from '../runner/runFolder.ts';
import type { RunListing } from '../protocol/runFolder.ts';
import { rowsReader, serveRunData, type RowsBody } from './viewServer.ts';

export const RUNS_PREFIX = '/runs/';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** The list shows this many folders, newest first. */
const MAX_LISTED = 500;

/**
 * A run's studio serving the run folders beside it (its Runs tab), this run's own folder among
 * them: the route, and where the run's folder is served relative to the page (none for a name the
 * route refuses).
 */
export function runsBeside(runDir: string): { dir: string; routes: [string, HttpRoute][]; served?: string } {
  const dir = dirname(runDir);
  const name = basename(runDir);
  return { dir, routes: [[RUNS_PREFIX, runsRoute(dir)]], ...(NAME.test(name) ? { served: `${RUNS_PREFIX.slice(1)}${name}/` } : {}) };
}

function listing(dir: string, name: string): RunListing | null {
  const folder = join(dir, name);
  try {
    const meta = readMeta(folder) as unknown as Record<string, unknown>;
    const config = (meta.config ?? {}) as Record<string, unknown>;
    let summary: Record<string, unknown> | null = null;
    const file = join(folder, 'summary.json');
    if (existsSync(file)) summary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    return {
      name,
      runId: str(meta.run_id) ?? name,
      agent: str(config.agent) ?? '?',
      model: str(config.model),
      startedAt: str(meta.started_at),
      finished: summary !== null,
      episodes: num(summary?.episodes),
      successRate: num(summary?.success_rate),
    };
  } catch {
    return null;
  }
}

export function runsRoute(runsDir: string): HttpRoute {
  const dir = resolve(runsDir);
  const readers = new Map<string, () => RowsBody>();
  const list = (): RunListing[] => {
    if (!existsSync(dir)) return [];
    const names = readdirSync(dir).filter((n) => NAME.test(n) && existsSync(join(dir, n, 'meta.json')));
    const dated = names.map((n) => ({ n, t: statSync(join(dir, n, 'meta.json')).mtimeMs })).sort((a, b) => b.t - a.t).slice(0, MAX_LISTED);
    return dated.map(({ n }) => listing(dir, n)).filter((x): x is RunListing => x !== null);
  };
  return {
    handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'run folders are read-only here', { Allow: 'GET, HEAD' });
      const rest = url.pathname.slice(RUNS_PREFIX.length);
      if (rest === '') return sendJson(res, 200, { dir, runs: list() });
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      const sub = slash < 0 ? '' : rest.slice(slash);
      if (!NAME.test(name) || !existsSync(join(dir, name, 'meta.json'))) return sendText(res, 404, `no run folder "${name.slice(0, 200)}" in ${dir}`);
      const folder = join(dir, name);
      let rows = readers.get(name);
      if (!rows) readers.set(name, (rows = rowsReader(folder)));
      serveRunData(req, res, folder, sub, rows).then(
        (served) => {
          if (!served) sendText(res, 404, `not found: ${url.pathname.slice(0, 200)}`);
        },
        (e: Error) => {
          if (!res.headersSent) sendText(res, 500, e.message.slice(0, 2000));
          else res.destroy();
        },
      );
    },
  };
}
