/**
 * Serves the built web pages (dist/web) read-only. The phone and studio pages get a CSP that
 * lets them load nothing from the network: a simulated app that reaches out would make runs
 * machine-dependent, and the page URL carries the bridge token.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const HTML_CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'self'";

const MIME = new Map<string, string>([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.map', 'application/json; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.woff2', 'font/woff2'],
  ['.woff', 'font/woff'],
  ['.ttf', 'font/ttf'],
  ['.wasm', 'application/wasm'],
]);

export function mimeType(file: string): string {
  return MIME.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = `${text}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Resolves a request path to a file strictly inside `root` (after decoding and following
 * symlinks), or null. Dot-files and segments like `..` never match.
 */
export async function resolveStaticPath(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return null;
  const rootReal = await realpath(root).catch(() => null);
  if (!rootReal) return null;
  const candidate = path.resolve(rootReal, ...segments);
  if (!isInside(rootReal, candidate)) return null;
  const real = await realpath(candidate).catch(() => null);
  if (!real || !isInside(rootReal, real)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? real : null;
}

function isInside(root: string, p: string): boolean {
  return p.startsWith(root + path.sep);
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, `method ${req.method} not allowed: the bridge serves files read-only`, { Allow: 'GET, HEAD' });
    return;
  }
  const file = await resolveStaticPath(root, pathname);
  if (!file) {
    sendText(res, 404, `not found: ${pathname.slice(0, 200)}`);
    return;
  }
  const info = await stat(file);
  const type = mimeType(file);
  const isHtml = type.startsWith('text/html');
  // Vite names built assets by content hash (`phone-DSQsHUlP.js`): they never change under a
  // name, so every page after the first takes them (fonts are megabytes) from the cache.
  const hashed = pathname.startsWith('/assets/') && /-[\w-]{8}\.\w+$/.test(pathname);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'X-Content-Type-Options': 'nosniff',
    // Built assets carry content hashes, but the html names them: it must never be stale.
    'Cache-Control': isHtml ? 'no-store' : hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(isHtml ? { 'Content-Security-Policy': HTML_CSP, 'Referrer-Policy': 'no-referrer' } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (port 0: a free one) for a read-only handler; `close` ends open connections too. */
export async function listenLocal(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0): Promise<LocalServer> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
