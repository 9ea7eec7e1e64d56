/** Small HTTP helpers for JSON endpoints mounted on the bridge (no framework: node:http only). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpProblem } from '../protocol/errors.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}

/** `{ "error": { code, message, field? } }` with the problem's status. */
export function sendProblem(res: ServerResponse, p: HttpProblem, headers: Record<string, string> = {}): void {
  sendJson(res, p.status, { error: { code: p.code, message: p.message, ...(p.field !== undefined ? { field: p.field } : {}) } }, headers);
}

/** The body as JSON (`value` undefined when empty), or the problem to answer with. */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<{ value: unknown } | { problem: HttpProblem }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) over = true;
      else chunks.push(c);
    });
    req.on('error', () => resolve({ problem: { status: 400, code: 'bad_request', message: 'the request body could not be read' } }));
    req.on('end', () => {
      if (over) return resolve({ problem: { status: 413, code: 'too_large', message: `the body is larger than ${maxBytes} bytes: send the action, not the screenshot` } });
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({ value: undefined });
      try {
        resolve({ value: JSON.parse(text) });
      } catch (e) {
        resolve({ problem: { status: 400, code: 'bad_json', message: `the body is not JSON (${(e as Error).message.slice(0, 120)})` } });
      }
    });
  });
}

/** A JSON endpoint family mounted on the bridge under a path prefix (e.g. `/agent/`). */
export interface HttpRoute {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void;
  /** Called when the bridge shuts down, before its sockets close. */
  close?(): Promise<void>;
}

/** What a mounted route may ask of the bridge: the same token and Origin checks its sockets get. */
export interface RouteHost {
  readonly url: string;
  readonly token: string;
  readonly log: (line: string) => void;
  /** Constant-time comparison with the bridge token (a null token never matches). */
  tokenMatches(given: string | null): boolean;
  /** A browser's Origin must be the bridge's own (or allowed); a missing Origin is a non-browser client. */
  originAllowed(origin: string): boolean;
  mount(prefix: string, route: HttpRoute): void;
  /** The route mounted at `prefix`, if any. */
  mounted(prefix: string): HttpRoute | undefined;
}
