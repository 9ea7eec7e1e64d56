/**
 * The remote-agent hub: `/agent/v1/…` mounted on the bridge's HTTP server, so that an agent in
 * another process (Python, Rust, anything that speaks HTTP and JSON) is handed the run's turns and
 * answers them. The `remote` agent (./remote.ts) opens one `RemoteEpisode` per episode; its start,
 * act and end turns wait in one FIFO queue; clients long-poll `POST /agent/v1/next`; each turn goes
 * to exactly one poller, and an episode sticks to the client that took its start turn. The wire
 * types and their parsers are in bridge/protocol/remoteAgent.ts; docs/remote-agents.md is the
 * protocol as a client sees it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ID_PATTERN, CLIENT_ID_RULE, DEFAULT_POLL_WAIT_S, MAX_POLL_WAIT_S, REMOTE_PROTOCOL_VERSION, RemoteAgentError, isWireProblem } from '../protocol/remoteAgent.ts';
import { parseAction, parseActRequest, parseNextRequest, type ActTurn, type DoneTurn, type EpisodeHeader, type StartTurn, type Turn } from '../protocol/remoteAgent.ts';
import { readJsonBody, sendJson, sendNoContent as noContent, sendProblem as problem, type HttpRoute, type RouteHost } from '../server/http.ts';
import { RemoteEpisode, type EpisodeTiming, type StartInput, type TurnQueue } from './remoteEpisode.ts';

/** Replies carry an action and maybe a model's raw text; a screenshot never travels this way. */
const MAX_BODY_BYTES = 1 << 20;
/** How long close() lets the `done` answers to waiting pollers reach the wire. */
const CLOSE_GRACE_MS = 500;
/** Where the hub is mounted on the bridge. */
const PREFIX = '/agent/';

/** The bridge's hub, mounted on first use (a bridge without remote agents serves no `/agent/`). */
export function agentHubOf(host: RouteHost, log?: (line: string) => void): AgentHub {
  const mounted = host.mounted(PREFIX);
  if (mounted instanceof AgentHub) return mounted;
  const hub = new AgentHub(host, log);
  host.mount(PREFIX, hub);
  return hub;
}

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

export class AgentHub implements HttpRoute, TurnQueue {
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

  constructor(private readonly host: Pick<RouteHost, 'tokenMatches' | 'originAllowed'>, log?: (line: string) => void) {
    this.log = log ?? (() => {});
  }

  /** Called once per new client id (an anonymous client counts once). Returns an unsubscribe. */
  onClientConnected(cb: (client: string) => void): () => void {
    this.connectListeners.add(cb);
    return () => this.connectListeners.delete(cb);
  }

  /** Opens an episode and queues its start turn. */
  openEpisode(start: StartInput, timing: EpisodeTiming): RemoteEpisode {
    const id = `e${this.nextId++}`;
    const header: EpisodeHeader = { task_id: start.task_id, goal: start.goal, max_steps: start.max_steps, coords: start.coords, viewport: start.viewport, ...(start.session ? { session: start.session } : {}) };
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
    // Start and act turns wait for a client; end and next_goal turns only inform one.
    if (turn.type === 'start' || turn.type === 'act') this.armLiveness(q, ep.timing.connectTimeoutMs);
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
    if (origin !== undefined && !this.host.originAllowed(origin)) return problem(res, { status: 403, code: 'forbidden_origin', message: `origin ${origin.slice(0, 100)} is not allowed: call the bridge from a program, not from a web page` });
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null) : null;
    if (!this.host.tokenMatches(bearer ?? url.searchParams.get('token'))) {
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
        return endpoint('POST', () => void readJsonBody(req, MAX_BODY_BYTES).then((b) => ('problem' in b ? problem(res, b.problem) : this.next(b.value, res))));
      case '/agent/v1/act':
        return endpoint('POST', () => void readJsonBody(req, MAX_BODY_BYTES).then((b) => ('problem' in b ? problem(res, b.problem) : this.act(b.value, res))));
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
    const o = parseNextRequest(body);
    if (isWireProblem(o)) return problem(res, o);
    if (this.closed) return sendJson(res, 200, { type: 'done' } satisfies DoneTurn);
    const client = o.client;
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
    }, (o.wait_s ?? DEFAULT_POLL_WAIT_S) * 1000);
  }

  private act(body: unknown, res: ServerResponse): void {
    const o = parseActRequest(body);
    if (isWireProblem(o)) return problem(res, o);
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
    const raw = o.raw;
    if (o.error !== undefined) {
      settle();
      ep.reason = 'agent_error';
      pending.reject(new RemoteAgentError('remote_agent_error', `the remote agent reported an error at step ${pending.step}: ${oneLine(o.error)}`));
      return sendJson(res, 200, { ok: true });
    }
    if (o.format_error !== undefined) {
      settle();
      ep.reason = 'format_error';
      pending.resolve({ formatError: oneLine(o.format_error) || 'the remote agent reported a format error', ...(raw !== undefined ? { raw } : {}) });
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
    pending.resolve({ action: parsed.action, ...(o.thought !== undefined ? { thought: o.thought } : {}), ...(raw !== undefined ? { raw } : {}) });
    sendJson(res, 200, { ok: true });
  }
}

// -------------------------------------------------------------------------------------------------

function oneLine(s: string): string {
  const line = s.split('\n').map((l) => l.trim()).filter(Boolean).join(' | ');
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}

function seconds(ms: number): string {
  return String(ms / 1000);
}
