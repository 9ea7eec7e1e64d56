/**
 * `phonegym serve`: the env server. One HTTP server (loopback by default) in front of an env
 * pool; each session holds one phone of the pool. JSON endpoints under `/v1/` (create, reset,
 * step, snapshot, restore, fork, close), OpenEnv's reset/step/state over the WebSocket `/ws`
 * (./openEnvSocket.ts), and unauthenticated probes for orchestrators: `/health` (alive) and
 * `/ready` (503 while every phone is in a session). The protocol is in docs/training.md.
 *
 * Capacity is the pool's size, declared at `/` and `/ready`. A create beyond it is answered 429
 * with Retry-After, or, when it asks to wait (`wait_s`), queued first come first served: a
 * phone freed goes to the longest waiter before any newcomer. Sessions idle past the timeout
 * are closed and their phones reclaimed. A client that goes away mid-step leaves the session
 * consistent: its operations run one after another and a socket's session closes after them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { UsageError } from '../protocol/errors.ts';
import { readJsonBody, sendJson } from '../server/http.ts';
import type { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import { SnapshotStore } from '../env/snapshots.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import { SessionError, TrainingSession, type EpisodeMark, type StepOutcome } from './session.ts';
import { serveOpenEnvSocket, type SessionHost } from './openEnvSocket.ts';
import { parseEpisode, parseFork, parseRestore, parseStep, parseWait, sendProblem } from './wire.ts';
import { ACTION_SCHEMA, OBSERVATION_SCHEMA, rootHtml, rootJson, STATE_SCHEMA } from './rootPage.ts';

export const SERVE_PROTOCOL = 1;
const MAX_BODY_BYTES = 256 * 1024;
/** Closed sessions remembered so a late call says "expired", not "unknown" (bounded). */
const MAX_TOMBSTONES = 1000;

export interface EnvServerOptions {
  pool: EnvPool;
  tasks: readonly LoadedTask[];
  /** The environment served, `name@version+hash` (on the root page, /metadata and every step's info). */
  envId?: string;
  /** The secret every /v1 call and /ws upgrade presents (the bridge's token check). */
  tokenMatches: (given: string | null) => boolean;
  host?: string;
  port?: number;
  /** Sessions untouched this long are closed (seconds; 0 = never). */
  idleTimeoutS?: number;
  maxSnapshots?: number;
  log?: (line: string) => void;
}

interface Waiter {
  resolve: (env: SimulatorEnv) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class EnvServer implements SessionHost {
  readonly url: string;
  readonly port: number;
  readonly capacity: number;
  private readonly sessions = new Map<string, TrainingSession>();
  private readonly tombstones = new Map<string, string>();
  private readonly free: SimulatorEnv[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly snapshots: SnapshotStore<EpisodeMark>;
  private readonly wss: WebSocketServer;
  private readonly reaper: NodeJS.Timeout | null;
  private readonly log: (line: string) => void;
  private closing = false;
  /** Recent session lengths, for the Retry-After estimate. */
  private heldMs: number[] = [];

  static async start(opts: EnvServerOptions): Promise<EnvServer> {
    const host = opts.host ?? '127.0.0.1';
    const http = createServer();
    await new Promise<void>((resolve, reject) => {
      http.once('error', (e: NodeJS.ErrnoException) => reject(new UsageError(`serve: cannot listen on ${host}:${opts.port ?? 0} (${e.code ?? e.message})${e.code === 'EADDRINUSE' ? ': the port is in use, pick another with --port, or 0 for a free one' : ''}`)));
      http.listen(opts.port ?? 0, host, () => resolve());
    });
    const address = http.address();
    if (address === null || typeof address === 'string') throw new Error('serve: the HTTP server has no TCP address');
    return new EnvServer(http, host, address.port, opts);
  }

  private constructor(
    private readonly http: Server,
    host: string,
    port: number,
    private readonly opts: EnvServerOptions,
  ) {
    this.port = port;
    const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    this.url = `http://${shown}:${port}`;
    this.log = opts.log ?? (() => {});
    this.capacity = opts.pool.size;
    this.free.push(...opts.pool.envs);
    this.snapshots = new SnapshotStore({ maxSnapshots: opts.maxSnapshots });
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES, perMessageDeflate: false });
    http.on('request', (req, res) => void this.handle(req, res));
    http.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    const idleMs = (opts.idleTimeoutS ?? 0) * 1000;
    this.reaper = idleMs > 0 ? setInterval(() => this.reapIdle(idleMs), Math.max(50, Math.min(idleMs / 4, 5_000))) : null;
    this.reaper?.unref();
  }

  /** What `/`, `/ready` and the root page say about the server now. */
  /** The environment served (`name@version+hash`), or `phonegym` when the caller named none. */
  get envId(): string { return this.opts.envId ?? 'phonegym'; } // prettier-ignore

  status() {
    return { env: this.envId, capacity: this.capacity, sessions: this.sessions.size, busy: [...this.sessions.values()].filter((s) => s.busy).length, free: this.free.length, queued: this.waiters.length, snapshots: this.snapshots.size, idle_timeout_s: this.opts.idleTimeoutS ?? 0 };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.reaper) clearInterval(this.reaper);
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new SessionError('the server is shutting down', 503, 'shutting_down'));
    }
    for (const ws of this.wss.clients) ws.close(1001, 'the server is shutting down');
    await Promise.all([...this.sessions.values()].map((s) => this.closeSession(s, 'the server shut down')));
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }

  // --- sessions ------------------------------------------------------------------------------

  /** A phone for a new session: at once, after up to `waitS` in the fair queue, or a 429. */
  private takeEnv(waitS: number): Promise<SimulatorEnv> {
    if (this.closing) return Promise.reject(new SessionError('the server is shutting down', 503, 'shutting_down'));
    if (this.waiters.length === 0) {
      const env = this.free.shift();
      if (env) return Promise.resolve(env);
    }
    if (waitS <= 0) return Promise.reject(this.full());
    return new Promise<SimulatorEnv>((resolve, reject) => {
      const w: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          reject(this.full(`waited ${waitS} s in the queue`));
        }, waitS * 1000),
      };
      this.waiters.push(w);
    });
  }

  private full(waited?: string): SessionError {
    const retry = this.retryAfterS();
    return new SessionError(
      `all ${this.capacity} phones of this server are in sessions${waited ? ` (${waited})` : ''}: retry after ${retry} s, send "wait_s" to queue for the next free phone (first come, first served), or use another server`,
      429,
      'at_capacity',
      retry,
    );
  }

  /** A hint, not a promise: the median recent session length, between 1 and 60 s. */
  private retryAfterS(): number {
    if (this.heldMs.length === 0) return 1;
    const sorted = [...this.heldMs].sort((a, b) => a - b);
    return Math.min(60, Math.max(1, Math.ceil(sorted[Math.floor(sorted.length / 2)]! / 1000 / Math.max(1, this.capacity))));
  }

  /** Gives a phone back: to the longest waiter, else to the free list (a broken one is replaced first). */
  private async giveBack(env: SimulatorEnv): Promise<void> {
    let usable = env;
    if (this.opts.pool.isBroken(env)) {
      try {
        usable = await this.opts.pool.replace(env);
      } catch (e) {
        this.log(`serve: a broken phone could not be replaced (${(e as Error).message}); capacity is one less`);
        return;
      }
    }
    const w = this.waiters.shift();
    if (w) {
      clearTimeout(w.timer);
      w.resolve(usable);
    } else this.free.push(usable);
  }

  private openSession(env: SimulatorEnv): TrainingSession {
    const s = new TrainingSession(`s_${randomBytes(8).toString('hex')}`, env, this.snapshots, this.envId);
    this.sessions.set(s.id, s);
    return s;
  }

  /** Ends a session once its running operations are done, and gives its phone back. */
  async closeSession(s: TrainingSession, why: string): Promise<void> {
    if (!this.sessions.delete(s.id)) return;
    this.tombstones.set(s.id, why);
    if (this.tombstones.size > MAX_TOMBSTONES) this.tombstones.delete(this.tombstones.keys().next().value!);
    this.heldMs = [...this.heldMs.slice(-49), Date.now() - s.openedAt];
    await s.serial(async () => {}).catch(() => {});
    await this.giveBack(s.env);
  }

  private reapIdle(idleMs: number): void {
    const now = Date.now();
    for (const s of this.sessions.values()) {
      if (now - s.lastActive > idleMs && !s.busy) {
        this.log(`serve: session ${s.id} idle for ${Math.round((now - s.lastActive) / 1000)} s: closed, its phone reclaimed`);
        void this.closeSession(s, `it was idle longer than the idle timeout (${this.opts.idleTimeoutS} s) and was closed`);
      }
    }
  }

  /** The phone session `id` holds (the bench steps it directly beside the server: bench/serveBench.ts). */
  phoneOf(id: string): SimulatorEnv | null {
    return this.sessions.get(id)?.env ?? null;
  }

  private session(id: string): TrainingSession {
    const s = this.sessions.get(id);
    if (s) return s;
    const gone = this.tombstones.get(id);
    if (gone) throw new SessionError(`session ${id} is closed: ${gone}. Create a new one`, 410, 'session_closed');
    throw new SessionError(`unknown session ${JSON.stringify(id.slice(0, 60))}: create one with POST /v1/sessions`, 404, 'unknown_session');
  }

  /** A new session for the body's task, reset and observed (a failed reset gives the phone back). */
  async createSession(body: unknown, waitS: number): Promise<{ session: TrainingSession; outcome: StepOutcome }> {
    const { episode, screenshot } = parseEpisode(body, this.opts.tasks, ['wait_s']);
    const session = this.openSession(await this.takeEnv(waitS));
    try {
      const outcome = await session.serial(() => session.reset(episode, screenshot));
      return { session, outcome };
    } catch (e) {
      await this.closeSession(session, 'its first reset failed');
      throw e;
    }
  }

  /** An empty session (OpenEnv's sockets: the task comes with the first reset). */
  async emptySession(): Promise<TrainingSession> {
    return this.openSession(await this.takeEnv(0));
  }

  /** n new sessions in snapshot `id`'s state, all at once or none (429 when fewer phones are free). */
  async fork(body: unknown): Promise<{ sessions: TrainingSession[]; outcome: StepOutcome | null }> {
    const { snapshot, n, screenshot } = parseFork(body);
    this.snapshots.assertKept(snapshot);
    if (n > this.capacity) throw new SessionError(`fork of ${n} asks for more phones than this server has (${this.capacity}): fork at most ${this.capacity}, or spread the group over several servers`, 400, 'fork_too_large');
    if (this.waiters.length > 0 || this.free.length < n) {
      const retry = this.retryAfterS();
      throw new SessionError(`fork of ${n} needs ${n} free phones and ${this.free.length} are free${this.waiters.length ? ` (${this.waiters.length} creates queued first)` : ''}: close sessions, retry after ${retry} s, or fork fewer`, 429, 'at_capacity', retry);
    }
    const sessions = this.free.splice(0, n).map((env) => this.openSession(env));
    try {
      // The first is restored now (its observation is the answer's, and it proves the snapshot
      // restores); the others take the snapshot's episode at once and restore their phones when
      // first used, each on its own page, so a group's forks restore in parallel as they step.
      const outcome = await sessions[0]!.serial(() => sessions[0]!.restore(snapshot, screenshot));
      for (const s of sessions.slice(1)) s.adopt(snapshot);
      return { sessions, outcome };
    } catch (e) {
      await Promise.all(sessions.map((s) => this.closeSession(s, 'its fork failed')));
      throw e;
    }
  }

  // --- HTTP ----------------------------------------------------------------------------------

  private authorized(req: IncomingMessage, url: URL): boolean {
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null) : null;
    return this.opts.tokenMatches(bearer ?? url.searchParams.get('token'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://serve.invalid');
    } catch {
      return sendProblem(res, new SessionError('bad request URL', 400, 'bad_request'));
    }
    const path = url.pathname.replace(/\/+$/, '') || '/';
    try {
      // Probes and the description are open: orchestrators call them without the token.
      if (path === '/' && req.method === 'GET') {
        const html = (req.headers.accept ?? '').includes('text/html');
        if (html) {
          const body = rootHtml(this.url, this.status());
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'X-Content-Type-Options': 'nosniff' });
          return void res.end(body);
        }
        return sendJson(res, 200, rootJson(this.url, this.status()));
      }
      if (path === '/health') return sendJson(res, 200, { status: this.closing ? 'unhealthy' : 'healthy' });
      if (path === '/ready') {
        const st = this.status();
        const ready = !this.closing && st.free > 0 && st.queued === 0;
        return sendJson(res, ready ? 200 : 503, { ready, ...st }, ready ? {} : { 'Retry-After': String(this.retryAfterS()) });
      }
      if (path === '/metadata') return sendJson(res, 200, { name: 'phonegym', description: 'A simulated Android-style phone (chat, wallet, shop, railway, notes…) with judged tasks, for GUI agents', version: String(SERVE_PROTOCOL), documentation_url: 'docs/training.md', env: this.envId });
      if (path === '/schema') return sendJson(res, 200, { action: ACTION_SCHEMA, observation: OBSERVATION_SCHEMA, state: STATE_SCHEMA });
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== this.url) throw new SessionError(`origin ${origin.slice(0, 100)} is not allowed: call the env server from a program, not from a web page`, 403, 'forbidden_origin');
      if (!this.authorized(req, url)) throw new SessionError('missing or wrong token: send the token `phonegym serve` printed (or was given with --token / PHONEGYM_TOKEN) as "Authorization: Bearer <token>"', 401, 'unauthorized');
      await this.route(req, res, path);
    } catch (e) {
      sendProblem(res, e);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const m = /^\/v1\/sessions\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
    const method = req.method ?? 'GET';
    const body = async () => {
      const b = await readJsonBody(req, MAX_BODY_BYTES);
      if ('problem' in b) throw new SessionError(b.problem.message, b.problem.status, b.problem.code);
      return b.value;
    };
    const expect = (want: string) => {
      if (method !== want) throw new SessionError(`${path} takes ${want}, not ${method}`, 405, 'method_not_allowed');
    };
    if (path === '/v1/tasks') {
      expect('GET');
      return sendJson(res, 200, { tasks: this.opts.tasks.map((t) => ({ id: t.id, apps: t.def.apps, difficulty: t.def.difficulty, objective: t.def.objective, interactive: Boolean(t.def.interaction), params: Object.keys(t.def.params ?? {}) })) });
    }
    if (path === '/v1/sessions') {
      expect('POST');
      const b = await body();
      const { session, outcome } = await this.createSession(b, parseWait(b));
      return sendJson(res, 201, { session: session.id, ...outcome });
    }
    if (path === '/v1/fork') {
      expect('POST');
      const { sessions, outcome } = await this.fork(await body());
      return sendJson(res, 201, { sessions: sessions.map((s) => s.id), ...outcome });
    }
    const snap = /^\/v1\/snapshots\/([^/]+)$/.exec(path);
    if (snap) {
      expect('DELETE');
      if (!this.snapshots.release(snap[1]!)) this.snapshots.assertKept(snap[1]!);
      return sendJson(res, 200, { released: snap[1] });
    }
    if (!m) throw new SessionError(`no endpoint ${path.slice(0, 100)}: GET / lists the endpoints (docs/training.md, "The env server")`, 404, 'not_found');
    const s = this.session(m[1]!);
    switch (m[2] ?? '') {
      case '':
        if (method === 'DELETE') {
          await this.closeSession(s, 'its client closed it');
          return sendJson(res, 200, { closed: s.id });
        }
        throw new SessionError(`${path} takes DELETE (close the session)`, 405, 'method_not_allowed');
      case 'close':
        expect('POST');
        await this.closeSession(s, 'its client closed it');
        return sendJson(res, 200, { closed: s.id });
      case 'reset': {
        expect('POST');
        const { episode, screenshot } = parseEpisode(await body(), this.opts.tasks);
        return sendJson(res, 200, { session: s.id, ...(await s.serial(() => s.reset(episode, screenshot))) });
      }
      case 'step': {
        expect('POST');
        const { action, screenshot } = parseStep(await body());
        return sendJson(res, 200, await s.serial(() => s.step(action, screenshot ?? true)));
      }
      case 'state':
        expect('GET');
        return sendJson(res, 200, s.state());
      case 'snapshot':
        expect('POST');
        return sendJson(res, 201, { snapshot: await s.serial(() => s.snapshot()) });
      case 'restore': {
        expect('POST');
        const { snapshot, screenshot } = parseRestore(await body());
        return sendJson(res, 200, { session: s.id, ...(await s.serial(() => s.restore(snapshot, screenshot)))! });
      }
      default:
        throw new SessionError(`no endpoint ${path.slice(0, 100)}: a session has reset, step, state, snapshot, restore and close`, 404, 'not_found');
    }
  }

  // --- WebSocket -----------------------------------------------------------------------------

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, reason: string): void => void socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${reason}\n`);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://serve.invalid');
    } catch {
      return refuse(404, 'bad request URL');
    }
    if (url.pathname !== '/ws') return refuse(404, `no WebSocket endpoint at ${url.pathname.slice(0, 100)}: OpenEnv's protocol is at /ws`);
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== this.url) return refuse(403, `origin ${origin.slice(0, 100)} is not allowed`);
    if (!this.authorized(req, url)) return refuse(401, 'missing or wrong token: connect to /ws?token=<token> or send "Authorization: Bearer <token>"');
    this.wss.handleUpgrade(req, socket, head, (ws) => serveOpenEnvSocket(ws, this, this.opts.tasks, this.log));
  }
}
