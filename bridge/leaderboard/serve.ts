/**
 * `phonegym leaderboard serve SITE_DIR`: the built site on 127.0.0.1, read-only, to look at it
 * before publishing (any static host serves it the same way; the pages need an http origin for
 * the viewer's data and the chart script, not `file://`). A folder path answers its index.html.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { listenLocal, sendText, serveStatic, type LocalServer } from '../server/staticFiles.ts';

async function handle(req: IncomingMessage, res: ServerResponse, siteDir: string): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'the leaderboard is read-only', { Allow: 'GET, HEAD' });
  return serveStatic(req, res, siteDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
}

export function startSiteServer(siteDir: string, port?: number): Promise<LocalServer> {
  if (!existsSync(join(siteDir, 'index.html'))) throw new UsageError(`${siteDir} holds no index.html: build a site first (phonegym leaderboard build RUN_DIR... --out ${siteDir})`);
  return listenLocal((req, res) => handle(req, res, siteDir), port);
}
