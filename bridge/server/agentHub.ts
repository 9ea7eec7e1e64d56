/**
 * The remote-agent hub: `/agent/v1/…` on the bridge's own HTTP server, so that an agent in another
 * process (Python, Rust, anything that speaks HTTP and JSON) is handed the run's turns and answers
 * them. The `remote` agent (bridge/agents/remote.ts) opens one `RemoteEpisode` per episode; its
 * start, act and end turns wait in one FIFO queue; clients long-poll `POST /agent/v1/next`; each
 * turn goes to exactly one poller, and an episode sticks to the client that took its start turn.
 * See docs/remote-agents.md for the protocol as a client sees it.
 */
import { Deferred } from '../protocol/deferred.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentReply } from '../agents/types.ts';
import { ACTION_TYPES, KEY_NAMES, type Action, type ActionType, type CoordSpace } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { Route, UiNode } from '../protocol/state.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import { didYouMean } from '../tasks/suggest.ts';

export const REMOTE_PROTOCOL_VERSION = 1;
/** How long `next` holds a request open when the client does not say (`wait_s`). */
export const DEFAULT_POLL_WAIT_S = 25;
export const MAX_POLL_WAIT_S = 60;
/** Replies carry an action and maybe a model's raw text; a screenshot never travels this way. */
const MAX_BODY_BYTES = 1 << 20;
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
const CLIENT_ID_RULE = 'client must be 1-64 characters of letters, digits, ".", "_", ":" or "-" (one id per client process, e.g. a UUID)';
/** How long close() lets the `done` answers to waiting pollers reach the wire. */
const CLOSE_GRACE_MS = 500;

// -------------------------------------------------------------------------------------------------
// Wire types (snake_case, as a Python client reads them)

/** Actions are given in `space`, x in [0, width] and y in [0, height]. */
export interface WireCoords {
  space: CoordSpace;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** What every turn of an episode repeats, so a stateless client needs nothing but the turn. */
export interface EpisodeHeader {
  task_id: string;
  goal: string;
  max_steps: number;
  coords: WireCoords;
  /** CSS pixels: the space of the UI tree's bounds. */
  viewport: Size;
}

export interface StartTurn extends EpisodeHeader {
  type: 'start';
  episode: string;
  seed: number;
  eval_mode: string;
  /** The screenshot's size in pixels. */
  screen: Size;
}

export interface ActTurn extends EpisodeHeader {
  type: 'act';
  episode: string;
  /** Actions taken so far; the reply must carry the same number. */
  step: number;
  route: Route;
  tree: UiNode[];
  /** Base64 JPEG. */
  screenshot: string;
  /** The judge's findings from earlier feedback rounds, oldest first. */
  feedback: string[];
  /**
   * What the world did since your last action, already on the phone in this turn's screenshot
   * and tree (interactive tasks: a scripted contact's message, `chat.incoming`); usually empty.
   */
  events: EnvironmentEvent[];
}

/** What this side knows of why the episode ended (the verdict is in results.jsonl). */
export type EndReason = 'terminal_action' | 'format_error' | 'invalid_action' | 'agent_error' | 'turn_timeout' | 'stopped';

export interface EndTurn {
  type: 'end';
  episode: string;
  task_id: string;
  /** Actions the agent answered with. */
  steps: number;
  reason: EndReason;
}

/** The run is over: the client may exit. */
export interface DoneTurn {
  type: 'done';
}

export type Turn = StartTurn | ActTurn | EndTurn | DoneTurn;

// -------------------------------------------------------------------------------------------------
// Errors

/**
 * `remote_agent_absent` (no client came) and `remote_agent_silent` (clients went quiet, or a turn
 * was never answered) are row error codes (bridge/runner/errorCodes.ts); an invalid action or an
 * error the client reports is the agent's own failure (`agent_error`); `remote_closed` means the
 * bridge shut down under the episode.
 */
export type RemoteAgentErrorCode = 'remote_agent_absent' | 'remote_agent_silent' | 'remote_invalid_action' | 'remote_agent_error' | 'remote_closed';

/** An episode the remote agent failed, or never came to. */
export class RemoteAgentError extends PhonegymError {
  override name = 'RemoteAgentError';
  constructor(code: RemoteAgentErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { code, ...(details ? { details } : {}) });
  }
}

/** A refused request: the status, a code a client can switch on, and a message a person can act on. */
interface HttpProblem {
  status: number;
  code: string;
  message: string;
  field?: string;
}

// -------------------------------------------------------------------------------------------------
// Action validation

type FieldKind = 'number' | 'string' | 'boolean';
interface FieldSpec {
  kind: FieldKind;
  optional?: boolean;
  oneOf?: readonly string[];
}

const XY: Record<string, FieldSpec> = { x: { kind: 'number' }, y: { kind: 'number' } };
const STROKE: Record<string, FieldSpec> = { x1: { kind: 'number' }, y1: { kind: 'number' }, x2: { kind: 'number' }, y2: { kind: 'number' }, durationMs: { kind: 'number', optional: true } };

const ACTION_FIELDS: Record<ActionType, Record<string, FieldSpec>> = {
  tap: XY,
  double_tap: XY,
  long_press: { ...XY, durationMs: { kind: 'number', optional: true } },
  swipe: STROKE,
  drag: STROKE,
  type: { text: { kind: 'string' }, x: { kind: 'number', optional: true }, y: { kind: 'number', optional: true }, clear: { kind: 'boolean', optional: true } },
  key: { key: { kind: 'string', oneOf: KEY_NAMES } },
  open_app: { app: { kind: 'string' } },
  wait: { ms: { kind: 'number' } },
  info: { question: { kind: 'string' } },
  answer: { text: { kind: 'string' } },
  complete: {},
  abort: { reason: { kind: 'string', optional: true } },
};

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

/**
 * Reads phonegym action JSON strictly: every field named and typed, nothing extra (a typo such as
 * `"X"` would otherwise become a tap at 0). Coordinates are in the run's space; the env clamps them.
 */
export function parseAction(v: unknown, where = 'action'): { action: Action } | { field: string; message: string } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { field: where, message: `${where} must be an object like {"type": "tap", "x": 180, "y": 400}, got ${show(v)}` };
  const o = v as Record<string, unknown>;
  const type = o.type;
  if (typeof type !== 'string') return { field: `${where}.type`, message: `${where}.type must be one of ${ACTION_TYPES.join(', ')}, got ${show(type)}` };
  if (!(ACTION_TYPES as readonly string[]).includes(type)) {
    return { field: `${where}.type`, message: `${where}.type "${type.slice(0, 40)}" is not an action type${didYouMean(type, ACTION_TYPES)}; types: ${ACTION_TYPES.join(', ')}` };
  }
  const spec = ACTION_FIELDS[type as ActionType];
  for (const key of Object.keys(o)) {
    if (key !== 'type' && !Object.hasOwn(spec, key)) {
      const known = Object.keys(spec);
      return { field: `${where}.${key}`, message: `${where}.${key.slice(0, 40)} is not a field of a ${type} action${didYouMean(key, known)} (fields: ${known.length ? ['type', ...known].join(', ') : 'type only'})` };
    }
  }
  for (const [key, f] of Object.entries(spec)) {
    const value = o[key];
    const name = `${where}.${key}`;
    if (value === undefined || value === null) {
      if (f.optional) continue;
      return { field: name, message: `${name} is missing: a ${type} action needs ${Object.entries(spec).filter(([, s]) => !s.optional).map(([k]) => k).join(', ')}` };
    }
    if (f.kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return { field: name, message: `${name} must be a finite number, got ${show(value)}` };
    if (f.kind === 'string' && typeof value !== 'string') return { field: name, message: `${name} must be a string, got ${show(value)}` };
    if (f.kind === 'boolean' && typeof value !== 'boolean') return { field: name, message: `${name} must be true or false, got ${show(value)}` };
    if (f.oneOf && !f.oneOf.includes(value as string)) return { field: name, message: `${name} must be one of ${f.oneOf.join(', ')}, got ${show(value)}` };
    if ((key === 'ms' || key === 'durationMs') && (value as number) < 0) return { field: name, message: `${name} must not be negative, got ${show(value)}` };
  }
  if (type === 'type' && (o.x === undefined || o.x === null) !== (o.y === undefined || o.y === null)) {
    return { field: `${where}.${o.x === undefined || o.x === null ? 'x' : 'y'}`, message: `${where}: give both x and y (to tap the field first) or neither (type into the focused field)` };
  }
  if (type === 'open_app' && (o.app as string).trim() === '') return { field: `${where}.app`, message: `${where}.app must name an app, e.g. "chat"` };
  // Only the known fields go on: the object is ours, not the client's.
  const action: Record<string, unknown> = { type };
  for (const key of Object.keys(spec)) if (o[key] !== undefined && o[key] !== null) action[key] = o[key];
  return { action: action as Action };
}

// -------------------------------------------------------------------------------------------------
// The hub

export interface AgentHubOptions {
  /** Constant-time comparison with the bridge token (a null token never matches). */
  tokenMatches(given: string | null): boolean;
  /** A browser's Origin must be the bridge's own (or allowed); a missing Origin is a non-browser client. */
  originAllowed(origin: string): boolean;
  log?: (line: string) => void;
}

/** Per episode, from the remote agent's options. */
export interface EpisodeTiming {
  /** A waiting turn fails when no client has asked for a turn for this long. */
  connectTimeoutMs: number;
  /** A turn handed out must be answered within this long. */
  turnTimeoutMs: number;
  /** Appended to connection errors: how to start a client (never holds the token: rows are saved). */
  howToConnect: string;
}

export type StartInput = Omit<StartTurn, 'type' | 'episode'>;
export type ActInput = Pick<ActTurn, 'step' | 'route' | 'tree' | 'screenshot' | 'feedback' | 'events'>;

interface Queued {
  episode: RemoteEpisode;
  turn: Exclude<Turn, DoneTurn>;
  /** The liveness check of a start or act turn no client has taken yet. */
  timer: NodeJS.Timeout | null;
}

interface Poller {
  /** The client id the poll gave, or '' for an anonymous client (no episode affinity). */
  client: string;
  res: ServerResponse;
  timer: NodeJS.Timeout | null;
}

interface PendingAct {
  step: number;
  /** The client that took the turn; null while it waits in the queue. */
  holder: string | null;
  timer: NodeJS.Timeout | null;
  resolve(r: AgentReply): void;
  reject(e: Error): void;
}


/** One episode as the hub serves it; the `remote` agent holds it from start to end. */
export class RemoteEpisode {
  /** Resolves when a client has taken the start turn; rejects if none does in time. */
  readonly started: Promise<void>;
  /** The client that took the start turn ('' = anonymous, served by anyone). */
  owner: string | null = null;
  steps = 0;
  ended = false;
  reason: EndReason = 'stopped';
  pending: PendingAct | null = null;
  private readonly startedDeferred = new Deferred<void>();
  private startDelivered = false;

  constructor(
    private readonly hub: AgentHub,
    readonly id: string,
    readonly header: EpisodeHeader,
    readonly timing: EpisodeTiming,
  ) {
    this.started = this.startedDeferred.promise;
    // Nobody may be awaiting `started` when the hub closes under an episode.
    this.started.catch(() => {});
  }

  /** Hands the observation to the remote agent and resolves with its answer. */
  act(input: ActInput): Promise<AgentReply> {
    if (this.ended) return Promise.reject(new RemoteAgentError('remote_closed', `episode ${this.id} has ended`));
    if (this.pending) return Promise.reject(new Error(`episode ${this.id}: act called while step ${this.pending.step} is still waiting for its answer`));
    const d = new Deferred<AgentReply>();
    const turn: ActTurn = { type: 'act', episode: this.id, step: input.step, ...this.header, route: input.route, tree: input.tree, screenshot: input.screenshot, feedback: input.feedback, events: input.events };
    this.pending = { step: input.step, holder: null, timer: null, resolve: d.resolve, reject: d.reject };
    this.hub.enqueue(this, turn);
    return d.promise;
  }

  /** Ends the episode: drops its waiting turns, fails a pending act, and tells the client. */
  end(): void {
    if (this.ended) return;
    this.hub.finish(this);
  }

  /** @internal */
  markStarted(client: string): void {
    this.startDelivered = true;
    this.owner = client;
    this.startedDeferred.resolve();
  }

  /** @internal */
  failStart(e: Error): void {
    this.startedDeferred.reject(e);
  }

  /** @internal */
  get startWasDelivered(): boolean {
    return this.startDelivered;
  }
}

export class AgentHub {
  private readonly log: (line: string) => void;
  private readonly queue: Queued[] = [];
  private readonly pollers: Poller[] = [];
  private readonly episodes = new Map<string, RemoteEpisode>();
  /** Ended episode ids, so a late reply gets "has ended" rather than "unknown". */
  private readonly endedIds = new Set<string>();
  /** When each client last made a request ('' = anonymous clients). */
  private readonly lastSeen = new Map<string, number>();
  private readonly connectListeners = new Set<(client: string) => void>();
  private nextId = 1;
  private closed = false;
  /**
   * Set when a turn failed because no client had ever connected: later episodes fail at once
   * instead of each waiting the whole connect timeout, until a client shows up.
   */
  private abandoned = false;

  constructor(private readonly opts: AgentHubOptions) {
    this.log = opts.log ?? (() => {});
  }

  /** Called once per new client id (an anonymous client counts once). Returns an unsubscribe. */
  onClientConnected(cb: (client: string) => void): () => void {
    this.connectListeners.add(cb);
    return () => this.connectListeners.delete(cb);
  }

  /** Opens an episode and queues its start turn. */
  openEpisode(start: StartInput, timing: EpisodeTiming): RemoteEpisode {
    const id = `e${this.nextId++}`;
    const header: EpisodeHeader = { task_id: start.task_id, goal: start.goal, max_steps: start.max_steps, coords: start.coords, viewport: start.viewport };
    const ep = new RemoteEpisode(this, id, header, timing);
    const refused = this.closed
      ? new RemoteAgentError('remote_closed', 'the bridge is shutting down: no episode can start')
      : this.abandoned && this.pollers.length === 0
        ? this.notConnectedError(timing)
        : null;
    if (refused) {
      ep.ended = true;
      this.endedIds.add(id);
      ep.failStart(refused);
      return ep;
    }
    this.episodes.set(id, ep);
    const turn: StartTurn = { type: 'start', episode: id, ...start };
    this.enqueue(ep, turn);
    return ep;
  }

  /** @internal Queues a turn and hands it out if a poller is waiting. */
  enqueue(ep: RemoteEpisode, turn: Exclude<Turn, DoneTurn>): void {
    const q: Queued = { episode: ep, turn, timer: null };
    this.queue.push(q);
    if (turn.type !== 'end') this.armLiveness(q, ep.timing.connectTimeoutMs);
    this.dispatch();
  }

  /** @internal */
  finish(ep: RemoteEpisode): void {
    ep.ended = true;
    this.episodes.delete(ep.id);
    this.endedIds.add(ep.id);
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const q = this.queue[i]!;
      if (q.episode !== ep) continue;
      if (q.timer) clearTimeout(q.timer);
      this.queue.splice(i, 1);
    }
    ep.failStart(new RemoteAgentError('remote_closed', `episode ${ep.id} ended before a client took its start turn`));
    const p = ep.pending;
    if (p) {
      if (p.timer) clearTimeout(p.timer);
      ep.pending = null;
      p.reject(new RemoteAgentError('remote_closed', `episode ${ep.id} ended while step ${p.step} waited for its answer`));
    }
    // A client that never saw the start has nothing to end.
    if (ep.startWasDelivered && !this.closed) {
      this.queue.push({ episode: ep, turn: { type: 'end', episode: ep.id, task_id: ep.header.task_id, steps: ep.steps, reason: ep.reason }, timer: null });
      this.dispatch();
    }
  }

  /**
   * Ends the protocol: waiting turns and pending acts fail, waiting pollers are told `done`, and
   * later requests get `done` (next) or 410 (act). Resolves once the `done` answers are written.
   */
  close(reason = 'the bridge is shutting down'): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const ep of [...this.episodes.values()]) {
      ep.failStart(new RemoteAgentError('remote_closed', `${reason}: episode ${ep.id} did not start`));
      this.finish(ep);
    }
    for (const q of this.queue.splice(0)) if (q.timer) clearTimeout(q.timer);
    const written = this.pollers.splice(0).map((p) => {
      if (p.timer) clearTimeout(p.timer);
      return new Promise<void>((resolve) => {
        if (p.res.destroyed || p.res.writableEnded) return resolve();
        p.res.once('close', () => resolve());
        p.res.once('finish', () => resolve());
        sendJson(p.res, 200, { type: 'done' } satisfies DoneTurn);
      });
    });
    if (written.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, CLOSE_GRACE_MS);
      void Promise.all(written).then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  // -----------------------------------------------------------------------------------------------
  // Turn routing

  private alive(client: string, windowMs: number): boolean {
    if (this.pollers.some((p) => p.client === client)) return true;
    for (const ep of this.episodes.values()) if (ep.pending?.holder === client) return true;
    const seen = this.lastSeen.get(client);
    return seen !== undefined && Date.now() - seen < windowMs;
  }

  private anyClientAlive(windowMs: number): boolean {
    return [...this.lastSeen.keys()].some((c) => this.alive(c, windowMs));
  }

  /** Hands out every queued turn some waiting poller may take, oldest first. */
  private dispatch(): void {
    for (let i = 0; i < this.queue.length; ) {
      const q = this.queue[i]!;
      const owner = q.episode.owner;
      // An episode sticks to its client while that client is around; a vanished client's
      // episode goes to whoever polls (a restarted client), and its end turn to nobody.
      const bound = owner !== null && owner !== '' && this.alive(owner, q.episode.timing.connectTimeoutMs);
      if (q.turn.type === 'end' && owner !== null && owner !== '' && !bound) {
        this.queue.splice(i, 1);
        continue;
      }
      const p = this.pollers.find((x) => !x.res.destroyed && !x.res.writableEnded && (!bound || x.client === owner));
      if (!p) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.deliver(p, q);
    }
  }

  private deliver(p: Poller, q: Queued): void {
    this.removePoller(p);
    if (q.timer) clearTimeout(q.timer);
    const ep = q.episode;
    if (q.turn.type === 'start') ep.markStarted(p.client);
    if (q.turn.type === 'act' && ep.pending) {
      const pending = ep.pending;
      pending.holder = p.client;
      pending.timer = setTimeout(() => {
        if (ep.pending !== pending) return;
        ep.pending = null;
        ep.reason = 'turn_timeout';
        pending.reject(
          new RemoteAgentError(
            'remote_agent_silent',
            `the remote agent took step ${pending.step} of episode ${ep.id} (${ep.header.task_id}) but did not answer within ${seconds(ep.timing.turnTimeoutMs)} s (--agent-turn-timeout): is the client stuck, or did it die without reporting an error?`,
          ),
        );
      }, ep.timing.turnTimeoutMs);
    }
    sendJson(p.res, 200, q.turn);
  }

  /** A start or act turn nobody takes fails once no client has shown a sign of life for the window. */
  private armLiveness(q: Queued, windowMs: number): void {
    q.timer = setTimeout(() => {
      q.timer = null;
      if (!this.queue.includes(q)) return;
      const ep = q.episode;
      let error: RemoteAgentError;
      if (this.lastSeen.size === 0) {
        this.abandoned = true;
        error = this.notConnectedError(ep.timing);
      } else if (this.anyClientAlive(windowMs)) {
        this.armLiveness(q, windowMs);
        return;
      } else {
        const what = q.turn.type === 'start' ? 'the start turn' : `step ${(q.turn as ActTurn).step}`;
        error = new RemoteAgentError('remote_agent_silent', `the remote agent stopped asking for turns: no client polled for ${seconds(windowMs)} s while ${what} of episode ${ep.id} waited. ${ep.timing.howToConnect}`);
      }
      this.queue.splice(this.queue.indexOf(q), 1);
      if (q.turn.type === 'start') {
        ep.failStart(error);
      } else if (ep.pending) {
        const p = ep.pending;
        ep.pending = null;
        p.reject(error);
      }
    }, windowMs);
  }

  private notConnectedError(timing: EpisodeTiming): RemoteAgentError {
    return new RemoteAgentError('remote_agent_absent', `no remote agent connected within ${seconds(timing.connectTimeoutMs)} s (--agent-connect-timeout). ${timing.howToConnect}`);
  }

  private touch(client: string): void {
    const isNew = !this.lastSeen.has(client);
    this.lastSeen.set(client, Date.now());
    this.abandoned = false;
    if (isNew) {
      this.log(`agent hub: client ${client || '(anonymous)'} connected`);
      for (const cb of this.connectListeners) cb(client);
    }
  }

  private removePoller(p: Poller): void {
    const i = this.pollers.indexOf(p);
    if (i >= 0) this.pollers.splice(i, 1);
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
  }

  // -----------------------------------------------------------------------------------------------
  // HTTP

  /** Serves a request whose path starts with `/agent/`. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.opts.originAllowed(origin)) return problem(res, { status: 403, code: 'forbidden_origin', message: `origin ${origin.slice(0, 100)} is not allowed: call the bridge from a program, not from a web page` });
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null) : null;
    if (!this.opts.tokenMatches(bearer ?? url.searchParams.get('token'))) {
      return problem(res, { status: 401, code: 'unauthorized', message: 'missing or wrong token: send the token `phonegym run --agent remote` printed, as "Authorization: Bearer <token>" or ?token=<token>' });
    }
    const route = url.pathname.replace(/\/+$/, '');
    const endpoint = (method: string, run: () => void) => {
      if (req.method !== method) return problem(res, { status: 405, code: 'method_not_allowed', message: `${route} takes ${method}, not ${req.method}` }, { Allow: method });
      run();
    };
    switch (route) {
      case '/agent/v1/hello':
        return endpoint('GET', () => this.hello(url.searchParams.get('client'), res));
      case '/agent/v1/next':
        return endpoint('POST', () => void readJson(req).then((b) => (isProblem(b) ? problem(res, b) : this.next(b, res))));
      case '/agent/v1/act':
        return endpoint('POST', () => void readJson(req).then((b) => (isProblem(b) ? problem(res, b) : this.act(b, res))));
    }
    if (/^\/agent\/v\d+(\/|$)/.test(route) && !route.startsWith('/agent/v1/')) {
      return problem(res, { status: 404, code: 'protocol_mismatch', message: `this bridge speaks remote-agent protocol ${REMOTE_PROTOCOL_VERSION} (/agent/v1/…), not ${route.split('/')[2]}: use a client that matches this phonegym checkout` });
    }
    problem(res, { status: 404, code: 'not_found', message: `no endpoint ${route.slice(0, 100)}: use GET /agent/v1/hello, POST /agent/v1/next, POST /agent/v1/act (docs/remote-agents.md)` });
  }

  private hello(client: string | null, res: ServerResponse): void {
    if (client !== null && !CLIENT_ID_PATTERN.test(client)) return problem(res, { status: 400, code: 'bad_request', field: 'client', message: CLIENT_ID_RULE });
    this.touch(client ?? '');
    sendJson(res, 200, {
      protocol: REMOTE_PROTOCOL_VERSION,
      running_episodes: this.episodes.size,
      waiting_turns: this.queue.filter((q) => q.turn.type !== 'end').length,
      waiting_polls: this.pollers.length,
      max_poll_wait_s: MAX_POLL_WAIT_S,
      run_over: this.closed,
    });
  }

  private next(body: unknown, res: ServerResponse): void {
    const b = body === undefined ? {} : body;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return problem(res, { status: 400, code: 'bad_request', message: 'the body of next must be a JSON object like {"client": "my-agent-1"} (or empty)' });
    const o = b as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (key !== 'client' && key !== 'wait_s') return problem(res, { status: 400, code: 'bad_request', field: key, message: `next takes "client" and "wait_s", not "${key.slice(0, 40)}"` });
    }
    if (o.client !== undefined && (typeof o.client !== 'string' || !CLIENT_ID_PATTERN.test(o.client))) {
      return problem(res, { status: 400, code: 'bad_request', field: 'client', message: CLIENT_ID_RULE });
    }
    if (o.wait_s !== undefined && (typeof o.wait_s !== 'number' || !Number.isFinite(o.wait_s) || o.wait_s < 0 || o.wait_s > MAX_POLL_WAIT_S)) {
      return problem(res, { status: 400, code: 'bad_request', field: 'wait_s', message: `wait_s must be a number of seconds from 0 to ${MAX_POLL_WAIT_S}` });
    }
    if (this.closed) return sendJson(res, 200, { type: 'done' } satisfies DoneTurn);
    const client = (o.client as string | undefined) ?? '';
    this.touch(client);
    const poller: Poller = { client, res, timer: null };
    this.pollers.push(poller);
    res.once('close', () => this.removePoller(poller));
    this.dispatch();
    if (!this.pollers.includes(poller)) return;
    poller.timer = setTimeout(() => {
      this.removePoller(poller);
      // Seen just now: a client that keeps polling is alive even when there is nothing to do.
      this.lastSeen.set(client, Date.now());
      noContent(res);
    }, ((o.wait_s as number | undefined) ?? DEFAULT_POLL_WAIT_S) * 1000);
  }

  private act(body: unknown, res: ServerResponse): void {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return problem(res, { status: 400, code: 'bad_request', message: 'the body of act must be a JSON object: {"episode": "e1", "step": 0, "action": {...}}' });
    }
    const o = body as Record<string, unknown>;
    const allowed = ['episode', 'step', 'action', 'format_error', 'error', 'thought', 'raw'];
    for (const key of Object.keys(o)) {
      if (!allowed.includes(key)) return problem(res, { status: 400, code: 'bad_request', field: key, message: `act takes ${allowed.join(', ')}, not "${key.slice(0, 40)}"${didYouMean(key, allowed)}` });
    }
    if (typeof o.episode !== 'string') return problem(res, { status: 400, code: 'bad_request', field: 'episode', message: 'episode must be the id from the act turn, e.g. "e1"' });
    if (typeof o.step !== 'number' || !Number.isInteger(o.step) || o.step < 0) return problem(res, { status: 400, code: 'bad_request', field: 'step', message: 'step must be the step number from the act turn (an integer >= 0)' });
    for (const key of ['thought', 'raw', 'format_error', 'error'] as const) {
      if (o[key] !== undefined && typeof o[key] !== 'string') return problem(res, { status: 400, code: 'bad_request', field: key, message: `${key} must be a string` });
    }
    const kinds = (['action', 'format_error', 'error'] as const).filter((k) => o[k] !== undefined);
    if (kinds.length !== 1) {
      return problem(res, { status: 400, code: 'bad_request', field: kinds[1] ?? 'action', message: `give exactly one of "action" (what to do), "format_error" (the model's output could not be read) or "error" (the agent crashed)${kinds.length ? `, not ${kinds.join(' and ')}` : ''}` });
    }
    if (this.closed) return problem(res, { status: 410, code: 'run_over', message: 'the run is over: this answer came too late; stop the client' });
    const id = o.episode;
    const ep = this.episodes.get(id);
    if (!ep) {
      if (this.endedIds.has(id)) return problem(res, { status: 409, code: 'episode_ended', message: `episode ${id.slice(0, 40)} has ended (its end turn says why): drop this answer and poll next` });
      const open = [...this.episodes.keys()];
      return problem(res, { status: 404, code: 'unknown_episode', message: `no episode "${id.slice(0, 40)}": answer with the episode id of an act turn you received${open.length ? ` (running: ${open.slice(0, 10).join(', ')})` : ''}` });
    }
    const pending = ep.pending;
    if (!pending || pending.holder === null) {
      return problem(res, { status: 409, code: 'no_turn', message: `episode ${id} is not waiting for an answer from you: answer only the act turns /agent/v1/next gave you, once each` });
    }
    if (o.step !== pending.step) {
      return problem(res, { status: 409, code: 'wrong_step', field: 'step', message: `episode ${id} waits for the answer to step ${pending.step}, not ${o.step}: copy "step" from the act turn` });
    }
    this.touch(pending.holder);
    const settle = () => {
      if (pending.timer) clearTimeout(pending.timer);
      ep.pending = null;
    };
    const raw = o.raw as string | undefined;
    if (o.error !== undefined) {
      settle();
      ep.reason = 'agent_error';
      pending.reject(new RemoteAgentError('remote_agent_error', `the remote agent reported an error at step ${pending.step}: ${oneLine(o.error as string)}`));
      return sendJson(res, 200, { ok: true });
    }
    if (o.format_error !== undefined) {
      settle();
      ep.reason = 'format_error';
      pending.resolve({ formatError: oneLine(o.format_error as string) || 'the remote agent reported a format error', ...(raw !== undefined ? { raw } : {}) });
      return sendJson(res, 200, { ok: true });
    }
    const parsed = parseAction(o.action);
    if ('field' in parsed) {
      settle();
      ep.reason = 'invalid_action';
      pending.reject(new RemoteAgentError('remote_invalid_action', `the remote agent sent an invalid action at step ${pending.step}: ${parsed.message}`, { field: parsed.field }));
      return problem(res, { status: 400, code: 'invalid_action', field: parsed.field, message: `${parsed.message}. This episode has ended and fails with this message; the action JSON is in docs/remote-agents.md` });
    }
    settle();
    ep.steps++;
    if (parsed.action.type === 'complete' || parsed.action.type === 'answer' || parsed.action.type === 'abort') ep.reason = 'terminal_action';
    pending.resolve({ action: parsed.action, ...(o.thought !== undefined ? { thought: o.thought as string } : {}), ...(raw !== undefined ? { raw } : {}) });
    sendJson(res, 200, { ok: true });
  }
}

// -------------------------------------------------------------------------------------------------
// HTTP helpers

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

function noContent(res: ServerResponse): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}

function problem(res: ServerResponse, p: HttpProblem, headers: Record<string, string> = {}): void {
  sendJson(res, p.status, { error: { code: p.code, message: p.message, ...(p.field !== undefined ? { field: p.field } : {}) } }, headers);
}

function isProblem(v: unknown): v is HttpProblem & { problem: true } {
  return typeof v === 'object' && v !== null && (v as { problem?: unknown }).problem === true;
}

/** The body as JSON (undefined when empty), or a problem to answer with. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(c);
    });
    req.on('error', () => resolve({ problem: true, status: 400, code: 'bad_request', message: 'the request body could not be read' }));
    req.on('end', () => {
      if (over) return resolve({ problem: true, status: 413, code: 'too_large', message: `the body is larger than ${MAX_BODY_BYTES} bytes: send the action, not the screenshot` });
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        resolve({ problem: true, status: 400, code: 'bad_json', message: `the body is not JSON (${(e as Error).message.slice(0, 120)})` });
      }
    });
  });
}

function oneLine(s: string): string {
  const line = s.split('\n').map((l) => l.trim()).filter(Boolean).join(' | ');
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}

function seconds(ms: number): string {
  return String(ms / 1000);
}
