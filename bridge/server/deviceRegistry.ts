/**
 * Connected phone pages by device id. A page that reconnects with the same id replaces the old
 * connection; `waitFor` lets the runner open a page and await its handshake.
 */
import { ConnectionClosedError, TimeoutError } from '../protocol/errors.ts';
import type { DeviceEvents, DeviceInfo, DeviceMethods } from '../protocol/messages.ts';
import { RpcPeer } from '../protocol/rpc.ts';
import { HOME_ROUTE, type Route } from '../protocol/state.ts';
import { CloseCode, type WsTransport } from './wsTransport.ts';

export type DeviceKind = 'agent' | 'interactive';
export type DevicePeer = RpcPeer<Record<string, never>, DeviceMethods, DeviceEvents>;

/** One connected phone page. */
export interface DeviceConnection {
  readonly id: string;
  readonly kind: DeviceKind;
  readonly sessionId: string;
  readonly peer: DevicePeer;
  call<K extends keyof DeviceMethods>(method: K, params: Parameters<DeviceMethods[K]>[0], opts?: { timeoutMs?: number }): ReturnType<DeviceMethods[K]>;
  /** Events whose data has the documented shape (malformed ones are dropped and logged). */
  on<K extends keyof DeviceEvents>(event: K, cb: (d: DeviceEvents[K]) => void): () => void;
  /** Kept current from events and from the results of calls that report them. */
  readonly route: Route;
  readonly revision: number;
  readonly closed: boolean;
  onClose(cb: (reason: string) => void): () => void;
  close(reason?: string): void;
}

export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

function isRoute(v: unknown): v is Route {
  return typeof v === 'object' && v !== null && typeof (v as Route).app === 'string' && typeof (v as Route).path === 'string';
}

function isRevision(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

const eventGuards: { [K in keyof DeviceEvents]: (d: unknown) => d is DeviceEvents[K] } = {
  stateChanged: (d): d is DeviceEvents['stateChanged'] => typeof d === 'object' && d !== null && isRevision((d as { revision?: unknown }).revision),
  routeChanged: (d): d is DeviceEvents['routeChanged'] =>
    typeof d === 'object' && d !== null && isRoute((d as { route?: unknown }).route) && isRevision((d as { revision?: unknown }).revision),
  log: (d): d is DeviceEvents['log'] =>
    typeof d === 'object' && d !== null && ['error', 'warn', 'info'].includes((d as { level?: unknown }).level as string) && typeof (d as { message?: unknown }).message === 'string',
};

export class DeviceConnectionImpl implements DeviceConnection {
  readonly peer: DevicePeer;
  private _route: Route;
  private _revision: number;
  private log: (line: string) => void;

  constructor(
    readonly id: string,
    readonly kind: DeviceKind,
    readonly sessionId: string,
    private transport: WsTransport,
    opts: { timeoutMs: number; log: (line: string) => void; initialRoute?: Route; initialRevision?: number },
  ) {
    this.log = opts.log;
    this._route = opts.initialRoute ?? HOME_ROUTE;
    this._revision = opts.initialRevision ?? 0;
    this.peer = new RpcPeer(transport, {
      timeoutMs: opts.timeoutMs,
      label: `device ${id}`,
      onBadMessage: (reason) => {
        opts.log(`device ${id}: ${reason}`);
        transport.noteBadMessage();
      },
      onControl: (msg) => this.peer.sendRaw({ t: 'error', id: null, error: { name: 'ProtocolError', message: `unexpected "${msg.t}" after the handshake`, code: 'bad_message' } }),
    });
    this.on('stateChanged', (d) => (this._revision = d.revision));
    this.on('routeChanged', (d) => {
      this._route = d.route;
      this._revision = d.revision;
    });
    this.on('log', (d) => opts.log(`device ${id} [${d.level}] ${d.message.slice(0, 500)}`));
  }

  get route(): Route {
    return this._route;
  }

  get revision(): number {
    return this._revision;
  }

  get closed(): boolean {
    return this.peer.closed;
  }

  call<K extends keyof DeviceMethods>(method: K, params: Parameters<DeviceMethods[K]>[0], opts?: { timeoutMs?: number }): ReturnType<DeviceMethods[K]> {
    const p = (this.peer.call as (m: string, p: unknown, o?: { timeoutMs?: number }) => Promise<unknown>)(method, params, opts);
    return p.then((result) => {
      this.track(result);
      return result;
    }) as ReturnType<DeviceMethods[K]>;
  }

  on<K extends keyof DeviceEvents>(event: K, cb: (d: DeviceEvents[K]) => void): () => void {
    const guard = eventGuards[event] as (d: unknown) => d is DeviceEvents[K];
    return this.peer.on(event, (d) => {
      if (guard(d)) cb(d);
      else this.log(`device ${this.id}: dropped a malformed ${event} event`);
    });
  }

  onClose(cb: (reason: string) => void): () => void {
    return this.peer.onClose(cb);
  }

  close(reason = 'closed by the bridge', code: number = CloseCode.normal): void {
    // Close with our code first; peer.close then rejects every pending call right away
    // instead of waiting for the closing handshake.
    this.transport.close(code, reason);
    this.peer.close(reason);
  }

  info(): Omit<DeviceInfo, 'episode'> {
    return { deviceId: this.id, kind: this.kind, route: this._route, revision: this._revision };
  }

  /** Calls like getState, settle, reset and openApp report route/revision: keep ours current. */
  private track(result: unknown): void {
    if (typeof result !== 'object' || result === null) return;
    const r = result as { route?: unknown; revision?: unknown };
    if (isRoute(r.route)) this._route = { app: r.route.app, path: r.route.path };
    if (isRevision(r.revision)) this._revision = r.revision;
  }
}

export type RegistryChange = { type: 'added' | 'removed'; device: DeviceConnectionImpl };

interface Waiter {
  resolve: (d: DeviceConnection) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class DeviceRegistry {
  private byId = new Map<string, DeviceConnectionImpl>();
  private waiters = new Map<string, Set<Waiter>>();
  private listeners = new Set<(change: RegistryChange) => void>();

  constructor(private log: (line: string) => void) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): DeviceConnectionImpl | undefined {
    return this.byId.get(id);
  }

  list(): DeviceConnectionImpl[] {
    return [...this.byId.values()];
  }

  onChange(cb: (change: RegistryChange) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  add(device: DeviceConnectionImpl): void {
    const old = this.byId.get(device.id);
    this.byId.set(device.id, device);
    if (old) {
      this.log(`device ${device.id}: replaced by a new connection`);
      old.close('replaced by a newer connection with the same device id', CloseCode.replaced);
    }
    device.onClose((reason) => {
      this.log(`device ${device.id} disconnected (${reason})`);
      // A replaced connection closing must not unregister its successor.
      if (this.byId.get(device.id) !== device) return;
      this.byId.delete(device.id);
      this.emit({ type: 'removed', device });
    });
    const waiting = this.waiters.get(device.id);
    if (waiting) {
      this.waiters.delete(device.id);
      for (const w of waiting) {
        clearTimeout(w.timer);
        w.resolve(device);
      }
    }
    this.emit({ type: 'added', device });
  }

  waitFor(id: string, timeoutMs: number, hint: string, fresh = false): Promise<DeviceConnection> {
    const existing = this.byId.get(id);
    if (existing && !existing.closed && !fresh) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      let set = this.waiters.get(id);
      if (!set) this.waiters.set(id, (set = new Set()));
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          set!.delete(waiter);
          if (set!.size === 0) this.waiters.delete(id);
          reject(new TimeoutError(`device "${id}" did not connect within ${timeoutMs} ms: ${hint}`, { details: { deviceId: id, timeoutMs } }));
        }, timeoutMs),
      };
      set.add(waiter);
    });
  }

  /** Closes every device and fails every waiter (bridge shutdown). */
  closeAll(reason: string): void {
    for (const [id, set] of this.waiters) {
      for (const w of set) {
        clearTimeout(w.timer);
        w.reject(new ConnectionClosedError(`stopped waiting for device "${id}": ${reason}`, { details: { deviceId: id } }));
      }
    }
    this.waiters.clear();
    for (const d of this.byId.values()) d.close(reason, CloseCode.goingAway);
  }

  private emit(change: RegistryChange): void {
    for (const cb of this.listeners) {
      try {
        cb(change);
      } catch (e) {
        this.log(`device registry listener threw: ${(e as Error)?.message ?? e}`);
      }
    }
  }
}
