/**
 * The bridge: one loopback HTTP server that serves the built web pages and accepts two kinds of
 * WebSocket clients of the same protocol, phone pages (`/ws/device`) and studios (`/ws/studio`).
 * Every upgrade needs the bridge token and an allowed Origin; every socket must say `hello` with
 * our protocol version before anything else. See docs/protocol.md.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ErrorCode } from '../protocol/errors.ts';
import { DEFAULT_CALL_TIMEOUT_MS, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type ClientRole, type WireMessage } from '../protocol/messages.ts';
import { validateMessage } from '../protocol/rpc.ts';
import type { Route } from '../protocol/state.ts';
import type { HttpRoute, RouteHost } from './http.ts';
import { DEVICE_ID_PATTERN, DeviceConnectionImpl, DeviceRegistry, type DeviceConnection, type DeviceKind } from './deviceRegistry.ts';
import { sendText, serveStatic } from './staticFiles.ts';
import { StudioHub, type StudioBackend } from './studioHub.ts';
import { CloseCode, WsTransport } from './wsTransport.ts';

export type { DeviceConnection, DeviceKind } from './deviceRegistry.ts';
export type { StudioBackend } from './studioHub.ts';
export { StudioHub } from './studioHub.ts';

export interface BridgeServerOptions {
  /** Interface to bind; loopback unless deliberately exposed. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Built web pages; default `dist/web` of the repository. */
  staticDir?: string;
  /** Secret every socket must present; a random 32-hex token if omitted. */
  token?: string;
  /** Origins allowed besides the bridge's own (e.g. the Vite dev server `http://127.0.0.1:5173`). */
  allowedOrigins?: string[];
  backend?: StudioBackend;
  /** Default timeout of calls to devices. */
  callTimeoutMs?: number;
  /** A socket that has not said hello by then is closed. */
  handshakeTimeoutMs?: number;
  /** Per-socket message ceiling (a runaway or hostile page is closed). */
  maxMessagesPerSecond?: number;
  log?: (line: string) => void;
}

export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
const DEFAULT_HANDSHAKE_TIMEOUT_MS = 5_000;
const DEFAULT_WAIT_FOR_DEVICE_MS = 30_000;
/** How long close() lets sockets finish their closing handshake before cutting them. */
const CLOSE_GRACE_MS = 500;

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Constant-time: hashing first makes the comparison independent of the guess's length too. */
function tokenMatches(expected: string, given: string | null): boolean {
  return given !== null && timingSafeEqual(sha256(expected), sha256(given));
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export class BridgeServer implements RouteHost {
  readonly url: string;
  readonly token: string;
  readonly port: number;
  readonly studio: StudioHub;
  /** JSON endpoints mounted by prefix (the remote-agent hub's `/agent/`). */
  private readonly routes = new Map<string, HttpRoute>();
  private readonly registry: DeviceRegistry;
  private readonly wss: WebSocketServer;
  private readonly origins: Set<string>;
  readonly log: (line: string) => void;
  private readonly staticDir: string;
  private backend: StudioBackend | undefined;
  private closing: Promise<void> | null = null;

  /** Binds and resolves once listening; rejects with a clear error if the port is taken. */
  static async start(opts: BridgeServerOptions = {}): Promise<BridgeServer> {
    const host = opts.host ?? '127.0.0.1';
    const http = createServer();
    await new Promise<void>((resolve, reject) => {
      const onError = (e: NodeJS.ErrnoException) =>
        reject(new Error(`bridge: cannot listen on ${host}:${opts.port ?? 0} (${e.code ?? e.message})${e.code === 'EADDRINUSE' ? ': the port is in use, pick another or 0' : ''}`, { cause: e }));
      http.once('error', onError);
      http.listen(opts.port ?? 0, host, () => {
        http.off('error', onError);
        resolve();
      });
    });
    const address = http.address();
    if (address === null || typeof address === 'string') throw new Error('bridge: the HTTP server has no TCP address');
    return new BridgeServer(http, host, address.port, opts);
  }

  private constructor(
    private readonly http: Server,
    host: string,
    port: number,
    private readonly opts: BridgeServerOptions,
  ) {
    if (opts.token !== undefined && opts.token.length < 8) throw new Error('bridge: the token must have at least 8 characters');
    this.token = opts.token ?? randomBytes(16).toString('hex');
    this.port = port;
    this.url = `http://${urlHost(host)}:${port}`;
    this.origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`, this.url, ...(opts.allowedOrigins ?? [])]);
    this.log = opts.log ?? (() => {});
    this.staticDir = opts.staticDir ?? DEFAULT_STATIC_DIR;
    this.backend = opts.backend;
    this.registry = new DeviceRegistry(this.log);
    this.studio = new StudioHub({ registry: this.registry, backend: () => this.backend, log: this.log });
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      // Don't keep a silent peer's socket for ws's default 30 s after we close it.
      ...({ closeTimeout: 2_000 } as object),
    });
    http.on('request', (req, res) => this.handleRequest(req, res));
    http.on('upgrade', (req, socket, head) => this.handleUpgrade(req, socket, head));
    this.log(`bridge: listening on ${this.url}`);
  }

  phoneUrl(deviceId: string, opts: { kind?: DeviceKind; seed?: number } = {}): string {
    const q = new URLSearchParams({ device: deviceId, token: this.token, kind: opts.kind ?? 'agent' });
    if (opts.seed !== undefined) q.set('seed', String(opts.seed));
    return `${this.url}/phone.html?${q}`;
  }

  studioUrl(): string {
    return `${this.url}/studio.html?${new URLSearchParams({ token: this.token })}`;
  }

  /** Resolves once the page for `deviceId` has completed its handshake (immediately if it has). */
  /** The device's connection once it connects; `fresh` ignores one already open (wait for a new page). */
  waitForDevice(deviceId: string, opts: { timeoutMs?: number; fresh?: boolean } = {}): Promise<DeviceConnection> {
    if (this.closing) return Promise.reject(new Error(`bridge is closed: device "${deviceId}" cannot connect`));
    const hint = `is a page open at ${this.url}/phone.html?device=${encodeURIComponent(deviceId)}&token=… ? Check the browser console for errors`;
    return this.registry.waitFor(deviceId, opts.timeoutMs ?? DEFAULT_WAIT_FOR_DEVICE_MS, hint, opts.fresh ?? false);
  }

  device(deviceId: string): DeviceConnection | undefined {
    return this.registry.get(deviceId);
  }

  devices(): DeviceConnection[] {
    return this.registry.list();
  }

  tokenMatches(given: string | null): boolean {
    return tokenMatches(this.token, given);
  }

  originAllowed(origin: string): boolean {
    return this.origins.has(origin);
  }

  /** Serves every request whose path starts with `prefix` (e.g. `/agent/`) by `route`. */
  mount(prefix: string, route: HttpRoute): void {
    if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`bridge: a route prefix starts and ends with "/", got ${JSON.stringify(prefix)}`);
    if (this.routes.has(prefix)) throw new Error(`bridge: ${prefix} is already mounted`);
    this.routes.set(prefix, route);
  }

  mounted(prefix: string): HttpRoute | undefined {
    return this.routes.get(prefix);
  }

  setBackend(b: StudioBackend): void {
    this.backend = b;
  }

  /** Closes every socket (pending calls reject), then the HTTP server; the port is free on return. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    try {
      await this.backend?.close?.();
    } catch (e) {
      this.log(`bridge: the studio backend failed to close: ${(e as Error)?.message ?? e}`);
    }
    await Promise.all([...this.routes.values()].map((r) => r.close?.()));
    this.registry.closeAll('the bridge is shutting down');
    this.studio.closeAll('the bridge is shutting down', CloseCode.goingAway);
    for (const ws of this.wss.clients) ws.close(CloseCode.goingAway, 'the bridge is shutting down');
    await this.allSocketsClosed(CLOSE_GRACE_MS);
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
    this.log('bridge: closed');
  }

  private allSocketsClosed(graceMs: number): Promise<void> {
    const open = [...this.wss.clients];
    if (open.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      let left = open.length;
      const timer = setTimeout(resolve, graceMs);
      for (const ws of open) {
        ws.once('close', () => {
          if (--left === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
  }

  // ---------------------------------------------------------------------------------------------
  // HTTP

  private handleRequest(req: IncomingMessage, res: ServerResponse): void {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://bridge.invalid');
    } catch {
      sendText(res, 400, 'bad request URL');
      return;
    }
    if (url.pathname === '/healthz') {
      const body = JSON.stringify({ ok: !this.closing, protocol: PROTOCOL_VERSION, devices: this.registry.size });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(body);
      return;
    }
    if (url.pathname === '/') {
      // Keep the token only if the visitor already had it: the redirect must not hand it out.
      const token = url.searchParams.get('token');
      const location = token ? `/studio.html?${new URLSearchParams({ token })}` : '/studio.html';
      res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    for (const [prefix, route] of this.routes) {
      if (url.pathname.startsWith(prefix)) return route.handle(req, res, url);
    }
    if (url.pathname.startsWith('/ws/')) {
      sendText(res, 426, 'this endpoint takes WebSocket connections only', { Upgrade: 'websocket' });
      return;
    }
    serveStatic(req, res, this.staticDir, url.pathname).catch((e) => {
      this.log(`bridge: serving ${url.pathname} failed: ${(e as Error)?.message ?? e}`);
      if (!res.headersSent) sendText(res, 500, 'internal error while reading the file');
      else res.destroy();
    });
  }

  // ---------------------------------------------------------------------------------------------
  // WebSocket upgrade and handshake

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A reset during the upgrade must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://bridge.invalid');
    } catch {
      return rejectUpgrade(socket, 400, 'bad request URL');
    }
    const role: ClientRole | null = url.pathname === '/ws/device' ? 'device' : url.pathname === '/ws/studio' ? 'studio' : null;
    const refuse = (status: number, reason: string) => {
      this.log(`bridge: refused upgrade to ${url.pathname}: ${reason} (${status})`);
      rejectUpgrade(socket, status, reason);
    };
    if (this.closing) return refuse(503, 'the bridge is shutting down');
    if (!role) return refuse(404, `no WebSocket endpoint at ${url.pathname.slice(0, 100)}: use /ws/device or /ws/studio`);
    if (!tokenMatches(this.token, url.searchParams.get('token'))) return refuse(401, 'missing or wrong token: open the URL the bridge printed');
    // Browsers always send Origin; only non-browser clients (with the token) may omit it.
    const origin = req.headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return refuse(403, `origin ${origin.slice(0, 100)} is not allowed`);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.handshake(ws, role, url.searchParams));
  }

  private handshake(ws: WebSocket, role: ClientRole, query: URLSearchParams): void {
    const label = `${role} socket`;
    const transport = new WsTransport(ws, { log: this.log, label, maxMessagesPerSecond: this.opts.maxMessagesPerSecond });
    let done = false;
    const fail = (message: string, code: ErrorCode = 'bad_message') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.log(`bridge: ${label} handshake failed: ${message}`);
      transport.sendError(message, code);
      transport.close(CloseCode.protocolError, code);
    };
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      this.log(`bridge: ${label} said no hello within ${this.handshakeTimeoutMs} ms`);
      transport.sendError(`no hello within ${this.handshakeTimeoutMs} ms`, 'timeout');
      transport.close(CloseCode.policyViolation, 'handshake timeout');
    }, this.handshakeTimeoutMs);
    transport.onClose(() => clearTimeout(timer));
    transport.onRefusedFrame = (reason) => fail(reason);

    transport.onMessage((text) => {
      if (done) return;
      if (this.closing) return fail('the bridge is shutting down');
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return fail('malformed JSON: the first message must be a hello');
      }
      const problem = validateMessage(msg);
      if (problem) return fail(problem);
      const m = msg as WireMessage;
      if (m.t !== 'hello') return fail(`expected "hello" as the first message, got "${m.t}"`);
      if (m.protocol !== PROTOCOL_VERSION) {
        return fail(
          `protocol mismatch: the client speaks protocol ${m.protocol}, this bridge speaks ${PROTOCOL_VERSION}; ` +
            `rebuild the web pages (npm run build) or update the bridge so both match`,
          'protocol_mismatch',
        );
      }
      if (m.role !== role) return fail(`hello.role is "${m.role}" but this endpoint is /ws/${role}`);
      const sessionId = randomUUID();
      const accept = () => {
        done = true;
        clearTimeout(timer);
        transport.onRefusedFrame = null;
        transport.send(JSON.stringify({ t: 'welcome', protocol: PROTOCOL_VERSION, sessionId } satisfies WireMessage));
      };
      if (role === 'studio') {
        accept();
        this.studio.attach(transport, sessionId);
        this.log(`bridge: studio ${sessionId.slice(0, 8)} connected`);
        return;
      }
      const deviceId = m.deviceId;
      if (typeof deviceId !== 'string' || !DEVICE_ID_PATTERN.test(deviceId)) {
        return fail('hello.deviceId must be 1-64 characters of letters, digits, ".", "_", ":" or "-"');
      }
      const expected = query.get('device');
      if (expected !== null && expected !== deviceId) return fail(`hello.deviceId "${deviceId}" does not match the device "${expected.slice(0, 64)}" in the URL`);
      const info = (typeof m.info === 'object' && m.info !== null ? m.info : {}) as Record<string, unknown>;
      const kindRaw = info.kind ?? query.get('kind') ?? 'agent';
      if (kindRaw !== 'agent' && kindRaw !== 'interactive') return fail('the device kind must be "agent" or "interactive"');
      accept();
      const route = info.route as Route | undefined;
      const device = new DeviceConnectionImpl(deviceId, kindRaw, sessionId, transport, {
        timeoutMs: this.opts.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        log: this.log,
        ...(route && typeof route.app === 'string' && typeof route.path === 'string' ? { initialRoute: { app: route.app, path: route.path } } : {}),
        ...(typeof info.revision === 'number' && Number.isFinite(info.revision) ? { initialRevision: info.revision } : {}),
        slices: info.slices === 1,
      });
      this.log(`bridge: device ${deviceId} connected (${kindRaw})`);
      this.registry.add(device);
    });
  }

  private get handshakeTimeoutMs(): number {
    return this.opts.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS;
  }
}

