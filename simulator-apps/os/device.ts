/**
 * The phone page as a bridge *device*: a browser WebSocket wrapped as an RpcPeer transport,
 * serving every `DeviceMethods` call and pushing `stateChanged` / `routeChanged` (at most one of
 * each per frame) and `log` events. Reconnects with backoff when the socket drops.
 */
import { deliverEvents } from '../events.ts';
import { PhonegymError, ProtocolError } from '../../bridge/protocol/errors.ts';
import { CloseCode, PROTOCOL_VERSION, type DeviceEvents, type DeviceMethods, type InputCapture, type Observation, type StateSnapshot, type WireMessage } from '../../bridge/protocol/messages.ts';
import { RpcPeer, type Transport } from '../../bridge/protocol/rpc.ts';
import { HOME_ROUTE, type Route } from '../../bridge/protocol/state.ts';
import { KEPT_SLICE_CHARS, SliceStore, slicedProblem, type SlicedState, type SnapshotParts } from '../../bridge/protocol/slices.ts';
import type { Phone } from './phone.svelte.ts';
import { nextFrame, observe, settle, stateSnapshot, stillWithoutFrame } from './settle.ts';
import { holdElapsed } from './gestures.ts';
import { uiTree } from './uiTree.ts';
import { restoreWholeSnapshot, restoreWholeSnapshotParts, takeWholeSnapshot, takeWholeSnapshotParts } from './wholeSnapshot.ts';
import { tick } from 'svelte';

export interface DeviceOptions {
  phone: Phone;
  /** The phone screen element (`[data-phone-screen]`). */
  screen: () => Element;
  deviceId: string;
  token: string;
  kind: 'agent' | 'interactive';
  /** Defaults to `ws(s)://<this host>/ws/device?token=…&device=…`. */
  url?: string;
}

export type DeviceStatus = 'connecting' | 'open' | 'closed' | 'stopped';

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 5000];
const MAX_BUFFERED_LOGS = 50;

type Handlers = { [K in keyof DeviceMethods]: (p: Parameters<DeviceMethods[K]>[0]) => ReturnType<DeviceMethods[K]> };

export function deviceUrl(deviceId: string, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/device?token=${encodeURIComponent(token)}&device=${encodeURIComponent(deviceId)}`;
}

export function webSocketTransport(ws: WebSocket): Transport {
  return {
    send: (text) => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
    onMessage: (cb) => ws.addEventListener('message', (e) => cb(e.data as string)),
    onClose: (cb) => ws.addEventListener('close', (e) => cb(e.reason || `socket closed (code ${e.code})`)),
  };
}

export class DeviceClient {
  readonly #opts: DeviceOptions;
  #peer: RpcPeer<DeviceMethods, Record<string, never>, Record<string, unknown>, DeviceEvents> | null = null;
  #ws: WebSocket | null = null;
  #attempt = 0;
  #status: DeviceStatus = 'closed';
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  #logs: DeviceEvents['log'][] = [];
  #pending = { state: false, route: false, scheduled: false };
  #lastRoute = '';
  /** Slices this page sent or got lately, by version (for resets that name them: see slices.ts). */
  #kept = new SliceStore(KEPT_SLICE_CHARS);
  #unsubscribe: (() => void) | null = null;

  constructor(opts: DeviceOptions) {
    this.#opts = opts;
  }

  get status(): DeviceStatus {
    return this.#status;
  }

  start(): void {
    if (this.#status !== 'closed') return;
    this.#unsubscribe = this.#opts.phone.onChange((kind) => this.#onPhoneChange(kind));
    this.#connect();
  }

  stop(): void {
    this.#status = 'stopped';
    if (this.#reconnectTimer !== null) clearTimeout(this.#reconnectTimer);
    this.#unsubscribe?.();
    this.#peer?.close('device stopped');
    this.#ws?.close(1000, 'device stopped');
  }

  /** Forwards a console error or an uncaught exception to the bridge (buffered while offline). */
  log(level: DeviceEvents['log']['level'], message: string): void {
    const entry = { level, message: message.slice(0, 4000) };
    if (this.#peer && !this.#peer.closed && this.#status === 'open') this.#peer.emit('log', entry);
    else {
      this.#logs.push(entry);
      if (this.#logs.length > MAX_BUFFERED_LOGS) this.#logs.shift();
    }
  }

  /** Interactive pages: one input of the person at the phone, for a recording (dropped while offline). */
  userInput(capture: InputCapture): void {
    if (this.#peer && !this.#peer.closed && this.#status === 'open') this.#peer.emit('userInput', capture);
  }

  #connect(): void {
    this.#status = 'connecting';
    const ws = new WebSocket(this.#opts.url ?? deviceUrl(this.#opts.deviceId, this.#opts.token));
    this.#ws = ws;
    ws.addEventListener('open', () => {
      if (this.#ws !== ws) return;
      const peer = new RpcPeer<DeviceMethods, Record<string, never>, Record<string, unknown>, DeviceEvents>(webSocketTransport(ws), {
        handlers: this.#handlers(),
        label: `device ${this.#opts.deviceId}`,
        onControl: (msg) => this.#onControl(msg),
        onBadMessage: (reason) => console.warn(`phonegym device: ${reason}`),
      });
      this.#peer = peer;
      this.#status = 'open';
      this.#attempt = 0;
      peer.sendRaw({ t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId: this.#opts.deviceId, info: { kind: this.#opts.kind, userAgent: navigator.userAgent, slices: 1 } });
      for (const entry of this.#logs.splice(0)) peer.emit('log', entry);
      this.#lastRoute = '';
      this.#pending.route = true;
      this.#schedule();
    });
    ws.addEventListener('close', (ev) => {
      if (this.#ws !== ws) return;
      this.#peer = null;
      this.#ws = null;
      if (this.#status === 'stopped') return;
      // Replaced by a newer page with the same device id, or a protocol this page cannot speak:
      // reconnecting would only fight the other page (or fail the same way again).
      if (ev.code === CloseCode.replaced || ev.code === CloseCode.protocolError) {
        console.warn(`phonegym device: the bridge closed this phone for good (${ev.code} ${ev.reason})`);
        this.#status = 'stopped';
        return;
      }
      this.#status = 'closed';
      const delay = BACKOFF_MS[Math.min(this.#attempt, BACKOFF_MS.length - 1)];
      this.#attempt++;
      this.#reconnectTimer = setTimeout(() => {
        this.#reconnectTimer = null;
        if (this.#status === 'closed') this.#connect();
      }, delay);
    });
  }

  #onControl(msg: WireMessage): void {
    if (msg.t === 'welcome' && msg.protocol !== PROTOCOL_VERSION) {
      const err = new ProtocolError(`the bridge speaks protocol ${msg.protocol}, this phone ${PROTOCOL_VERSION}: rebuild the phone page or update the bridge`, { code: 'protocol_mismatch' });
      console.error(err.message);
      this.stop();
    }
  }

  #onPhoneChange(kind: 'state' | 'route'): void {
    if (kind === 'state') this.#pending.state = true;
    else this.#pending.route = true;
    this.#schedule();
  }

  /** At most one stateChanged and one routeChanged per frame. */
  #schedule(): void {
    if (this.#pending.scheduled) return;
    this.#pending.scheduled = true;
    void nextFrame().then(() => this.#flushEvents());
  }

  #flushEvents(): void {
    this.#pending.scheduled = false;
    const peer = this.#peer;
    if (!peer || peer.closed) return;
    const { phone } = this.#opts;
    if (this.#pending.state) peer.emit('stateChanged', { revision: phone.revision });
    if (this.#pending.route) {
      const route: Route = { ...phone.route };
      const key = `${route.app}\u0000${route.path}`;
      if (key !== this.#lastRoute) {
        this.#lastRoute = key;
        peer.emit('routeChanged', { route, revision: phone.revision });
      }
    }
    this.#pending.state = false;
    this.#pending.route = false;
  }

  /** Keeps the slices a snapshot carries, so a reset back to this state need not send them again. */
  #snapshot(snap: StateSnapshot): StateSnapshot {
    if (snap.sliced) for (const [name, json] of Object.entries(snap.sliced.json)) this.#kept.put(snap.sliced.versions[name]!, json);
    return snap;
  }

  #replaceSliced(sliced: unknown, route: Route | null, method: string): string[] {
    const problem = slicedProblem(sliced);
    if (problem) throw new PhonegymError(`${method}: ${problem}`, { code: 'invalid_params' });
    const s = sliced as SlicedState;
    const missing = this.#opts.phone.replaceSliced(s, (v) => this.#kept.get(v), route);
    if (missing.length === 0) for (const [name, json] of Object.entries(s.json)) this.#kept.put(s.versions[name]!, json);
    return missing;
  }

  /**
   * A reset's or a restore's `observe`: the observation in the same round trip, taken without
   * waiting for a frame when nothing moves (settle.ts `stillWithoutFrame`), else after settling.
   */
  async #observedAfterReplace(p: unknown): Promise<{ observation?: Observation }> {
    const o = (p as { observe?: unknown })?.observe;
    if (o === undefined || o === null) return {};
    if (typeof o !== 'object') throw new PhonegymError('observe must be an object ({ tree?, have? })', { code: 'invalid_params' });
    const { phone, screen } = this.#opts;
    if (!(await stillWithoutFrame())) await settle(phone, screen(), {});
    const observation = observe(phone, screen(), (o as { tree?: unknown }).tree !== false, optionalHave(o, 'observe'));
    this.#snapshot(observation.state);
    return { observation };
  }

  #handlers(): Handlers {
    const { phone, screen } = this.#opts;
    // What a replacing call answers: the bridge's idea of the route must not wait for the next
    // frame's routeChanged (a setState right after a reset would read the route before it).
    const now = () => ({ revision: phone.revision, route: { ...phone.route } });
    return {
      ping: async () => ({ now: Date.now() }),
      getState: async (p) => this.#snapshot(stateSnapshot(phone, optionalHave(p, 'getState'))),
      reset: async (p) => {
        const route = optionalRoute(p, 'reset');
        if (p?.sliced !== undefined) {
          const missing = this.#replaceSliced(p.sliced, route ?? HOME_ROUTE, 'reset');
          if (missing.length > 0) return { revision: phone.revision, missing };
        } else phone.reset(requireString(p, 'stateJson', 'reset'), route);
        await tick();
        return { ...now(), ...(await this.#observedAfterReplace(p)) };
      },
      setState: async (p) => {
        if (p?.sliced !== undefined) {
          const missing = this.#replaceSliced(p.sliced, null, 'setState');
          if (missing.length > 0) return { revision: phone.revision, missing };
        } else phone.setState(requireString(p, 'stateJson', 'setState'));
        await tick();
        return now();
      },
      snapshot: async (p) => {
        await tick();
        const have = optionalHave(p, 'snapshot');
        if (!have) return { snapshot: takeWholeSnapshot(phone, screen()) };
        const parts = takeWholeSnapshotParts(phone, screen(), have);
        for (const [name, json] of Object.entries(parts.sliced.json)) this.#kept.put(parts.sliced.versions[name]!, json);
        return { snapshot: '', parts };
      },
      restore: async (p) => {
        const parts = (p as { parts?: unknown })?.parts;
        if (parts === undefined) {
          await restoreWholeSnapshot(phone, screen, requireString(p, 'snapshot', 'restore'));
          return { ...now(), ...(await this.#observedAfterReplace(p)) };
        }
        const s = snapshotPartsParam(parts);
        const missing = await restoreWholeSnapshotParts(phone, screen, s, (v) => this.#kept.get(v));
        if (missing.length > 0) return { revision: phone.revision, missing };
        for (const [name, json] of Object.entries(s.sliced.json)) this.#kept.put(s.sliced.versions[name]!, json);
        return { ...now(), ...(await this.#observedAfterReplace(p)) };
      },
      uiTree: async () => {
        await tick();
        return { nodes: uiTree(screen()) };
      },
      observe: async (p) => {
        await tick();
        const o = observe(phone, screen(), (p as { tree?: unknown })?.tree !== false, optionalHave(p, 'observe'));
        this.#snapshot(o.state);
        return o;
      },
      openApp: async (p) => {
        phone.openApp(requireString(p, 'app', 'openApp'));
        await tick();
        return { route: { ...phone.route } };
      },
      navigate: async (p) => {
        const key = (p as { key?: unknown })?.key;
        if (key === 'back') phone.back();
        else if (key === 'home') phone.home();
        else if (key === 'recent') phone.recent();
        else throw new PhonegymError(`navigate: key must be "back", "home" or "recent", got ${JSON.stringify(key)}`, { code: 'invalid_params' });
        await tick();
        return { route: { ...phone.route } };
      },
      deliver: async (p) => {
        deliverEvents(phone, (p as { events?: unknown })?.events);
        await tick();
        return { revision: phone.revision };
      },
      holdElapsed: async (p) => {
        const ms = (p as { ms?: unknown })?.ms;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new PhonegymError('holdElapsed: ms must be a non-negative number', { code: 'invalid_params' });
        const fired = holdElapsed(ms);
        await tick();
        return { fired };
      },
      settle: async (p) => {
        const advanceMs = (p as { advanceMs?: unknown })?.advanceMs;
        if (advanceMs !== undefined && (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0)) {
          throw new PhonegymError('settle: advanceMs must be a non-negative number', { code: 'invalid_params' });
        }
        const r = await settle(phone, screen(), { advanceMs, observe: p?.observe === true, tree: p?.tree, have: optionalHave(p, 'settle'), frameless: p?.frameless === true });
        if (r.observation) this.#snapshot(r.observation.state);
        return r;
      },
    };
  }
}

function requireString(params: unknown, field: string, method: string): string {
  const v = (params as Record<string, unknown> | undefined)?.[field];
  if (typeof v !== 'string') throw new PhonegymError(`${method}: params.${field} must be a string`, { code: 'invalid_params' });
  return v;
}

function optionalRoute(params: unknown, method: string): Route | undefined {
  const r = (params as { route?: unknown } | undefined)?.route;
  if (r === undefined || r === null) return undefined;
  const route = r as Partial<Route>;
  if (typeof route.app !== 'string' || typeof route.path !== 'string') throw new PhonegymError(`${method}: params.route must be { app, path } strings`, { code: 'invalid_params' });
  return { app: route.app, path: route.path };
}

/** A restore's `parts`, checked: the slices as `reset` takes them, the navigation (and screen) as JSON text. */
function snapshotPartsParam(v: unknown): SnapshotParts {
  const p = v as Partial<SnapshotParts> | null;
  const problem = typeof p !== 'object' || p === null ? 'parts must be an object' : slicedProblem(p.sliced) ?? (typeof p.navJson !== 'string' ? 'parts.navJson must be a string' : p.screenJson !== undefined && typeof p.screenJson !== 'string' ? 'parts.screenJson must be a string' : null);
  if (problem) throw new PhonegymError(`restore: ${problem}`, { code: 'invalid_params' });
  return p as SnapshotParts;
}

function optionalHave(params: unknown, method: string): Record<string, string> | undefined {
  const have = (params as { have?: unknown } | undefined)?.have;
  if (have === undefined || have === null) return undefined;
  if (typeof have !== 'object' || Array.isArray(have) || !Object.values(have).every((v) => typeof v === 'string')) {
    throw new PhonegymError(`${method}: params.have must be a record of slice versions (strings)`, { code: 'invalid_params' });
  }
  return have as Record<string, string>;
}
