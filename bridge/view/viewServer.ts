/**
 * `phonegym view`'s server: one run folder, read-only, on 127.0.0.1. The viewer page and its
 * assets come from the web build; `data/` is the folder as the viewer reads it, the same layout
 * the leaderboard site writes as static files:
 *
 *   data/meta.json         the folder's meta.json, checked against the contract
 *   data/rows.jsonl        every row, checked, shards joined, one per episode (read anew per request:
 *                          a run still going shows what it has)
 *   data/trajectory/…      the trajectories as they are on disk (no path leaves the folder)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal, serveStatic, sendText, type LocalServer } from '../server/staticFiles.ts';
import { readMeta, readRunFolder } from '../runner/runFolder.ts';

export type ViewServer = LocalServer;

function sendBody(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function handle(req: IncomingMessage, res: ServerResponse, runDir: string, webDir: string): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'the viewer is read-only', { Allow: 'GET, HEAD' });
  try {
    if (pathname === '/') return await serveStatic(req, res, webDir, '/viewer.html');
    if (pathname === '/data/meta.json') return sendBody(res, 'application/json; charset=utf-8', JSON.stringify(readMeta(runDir)));
    if (pathname === '/data/rows.jsonl') return sendBody(res, 'application/x-ndjson; charset=utf-8', readRunFolder(runDir).rows.map((r) => JSON.stringify(r) + '\n').join(''));
    if (pathname.startsWith('/data/trajectory/')) return await serveStatic(req, res, runDir, pathname.slice('/data'.length));
    if (pathname === '/viewer.html' || pathname.startsWith('/assets/')) return await serveStatic(req, res, webDir, pathname);
    return sendText(res, 404, `not found: ${pathname.slice(0, 200)}`);
  } catch (e) {
    // A folder that became unreadable while the viewer was open: say so to the page.
    return sendText(res, 500, (e as Error).message.slice(0, 2000));
  }
}

export function startViewServer(runDir: string, opts: { webDir: string; port?: number }): Promise<ViewServer> {
  return listenLocal((req, res) => handle(req, res, runDir, opts.webDir), opts.port);
}
