/**
 * `phonegym view`'s server: one run folder, read-only, on 127.0.0.1. The viewer page and its
 * assets come from the web build; `data/` is the folder as the viewer reads it, the same layout
 * the leaderboard site writes as static files:
 *
 *   data/meta.json         the folder's meta.json, checked against the contract
 *   data/rows.jsonl        every row, checked, shards joined, one per episode (read anew whenever a
 *                          results file changed: a run still going shows what it has)
 *   data/trajectory/…      the trajectories as they are on disk (no path leaves the folder)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal, serveStatic, sendText, type LocalServer } from '../server/staticFiles.ts';
import { readMeta, readRunFolder, shardDirs } from '../runner/runFolder.ts';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The server, and how many episodes the folder held when it started. */
export type ViewServer = LocalServer & { episodes: number };

function sendBody(res: ServerResponse, type: string, body: string | Buffer): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** A run's rows.jsonl as served: the text, and the same gzipped (a tenth of the bytes; the browser takes it in less time than the text). */
export interface RowsBody {
  text: Buffer;
  gzipped: Buffer;
  episodes: number;
}

/** The rows to a client that takes gzip (every browser), the plain text to any other. */
function sendRows(req: IncomingMessage, res: ServerResponse, body: RowsBody): void {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const data = gzip ? body.gzipped : body.text;
  res.writeHead(200, {
    'Content-Type': 'application/x-ndjson; charset=utf-8',
    'Content-Length': String(data.length),
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    Vary: 'Accept-Encoding',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : data);
}

/**
 * rows.jsonl of the folder, read again only when a results file changed (by size and time): the
 * rows of a 10,000-episode run take a fifth of a second to read and check, a page load should not.
 */
export function rowsReader(runDir: string): () => RowsBody {
  let cached: { sig: string; body: RowsBody } | null = null;
  const signature = () =>
    [runDir, ...shardDirs(runDir)]
      .map((d) => {
        const f = join(d, 'results.jsonl');
        const st = existsSync(f) ? statSync(f) : null;
        return `${f}:${st?.size ?? -1}:${st?.mtimeMs ?? -1}`;
      })
      .join('|');
  return () => {
    const sig = signature();
    if (cached?.sig !== sig) {
      const rows = readRunFolder(runDir).rows;
      const text = Buffer.from(rows.map((r) => JSON.stringify(r) + '\n').join(''));
      cached = { sig, body: { text, gzipped: gzipSync(text, { level: 1 }), episodes: rows.length } };
    }
    return cached.body;
  };
}

/**
 * One run folder's data as the viewer reads it, at `sub` inside its data base: `/meta.json`,
 * `/rows.jsonl`, `/trajectory/…`. False when `sub` is none of them.
 */
export async function serveRunData(req: IncomingMessage, res: ServerResponse, runDir: string, sub: string, rows: () => RowsBody): Promise<boolean> {
  if (sub === '/meta.json') return sendBody(res, 'application/json; charset=utf-8', JSON.stringify(readMeta(runDir))), true;
  if (sub === '/rows.jsonl') return sendRows(req, res, rows()), true;
  if (sub.startsWith('/trajectory/')) return await serveStatic(req, res, runDir, sub), true;
  return false;
}

async function handle(req: IncomingMessage, res: ServerResponse, runDir: string, webDir: string, rows: () => RowsBody): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'the viewer is read-only', { Allow: 'GET, HEAD' });
  try {
    if (pathname === '/') return await serveStatic(req, res, webDir, '/viewer.html');
    if (pathname.startsWith('/data/') && (await serveRunData(req, res, runDir, pathname.slice('/data'.length), rows))) return;
    if (pathname === '/viewer.html' || pathname.startsWith('/assets/')) return await serveStatic(req, res, webDir, pathname);
    return sendText(res, 404, `not found: ${pathname.slice(0, 200)}`);
  } catch (e) {
    // A folder that became unreadable while the viewer was open: say so to the page.
    return sendText(res, 500, (e as Error).message.slice(0, 2000));
  }
}

export async function startViewServer(runDir: string, opts: { webDir: string; port?: number }): Promise<ViewServer> {
  const rows = rowsReader(runDir);
  // Read once before anything is served (a folder that cannot be read is refused here, by name).
  const { episodes } = rows();
  const server = await listenLocal((req, res) => handle(req, res, runDir, opts.webDir, rows), opts.port);
  return { ...server, episodes };
}
