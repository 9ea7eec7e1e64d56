/**
 * Connected phone pages by device id. A page that reconnects with the same id replaces the old
 * connection; `waitFor` lets the runner open a page and await its handshake.
 */
import { ConnectionClosedError, ProtocolError, TimeoutError } from '../protocol/errors.ts';
import type { DeviceEvents, DeviceInfo, DeviceMethods, Observation, StateSnapshot } from '../protocol/messages.ts';
import { assembleJson, KEPT_SLICE_CHARS, knownSplit, SliceStore, slicedProblem, sliceNames, snapshotText, splitTree, type SliceLayout, type SlicedState, type SnapshotParts } from '../protocol/slices.ts';
import { observeHaving, rememberSnapshotParts, snapshotParts, versionsOf, withoutKey } from './sliceCalls.ts';
import { RpcPeer } from '../protocol/rpc.ts';
import { isInputCapture } from '../protocol/demo.ts';
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
  /** The slices of the state last read (sliced pages): the versions tell which slices a step changed. */
  slices?(): { layout: SliceLayout; json: (name: string) => string } | null;
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
  userInput: (d): d is DeviceEvents['userInput'] => isInputCapture(d),
};

export class DeviceConnectionImpl implements DeviceConnection {
  readonly peer: DevicePeer;
  /** The page moves the state in slices (it said so in its hello). */
  private readonly sliced: boolean;
  /** The page's state as last read or set, by slice name. */
  private held = new Map<string, { version: string; json: string }>();
  /** Slice versions the page was sent or told lately (it keeps as many). */
  private told = new SliceStore(KEPT_SLICE_CHARS, false);
  private splits = new Map<string, { layout: SliceLayout; json: Record<string, string> }>();
  /** The layout of the state last read from or sent to the page (sliced pages only). */
  private layout: SliceLayout | null = null;
  private _route: Route;
  private _revision: number;
  private log: (line: string) => void;

  constructor(
    readonly id: string,
    readonly kind: DeviceKind,
    readonly sessionId: string,
    private transport: WsTransport,
    opts: { timeoutMs: number; log: (line: string) => void; initialRoute?: Route; initialRevision?: number; slices?: boolean },
  ) {
    this.log = opts.log;
    this.sliced = opts.slices === true;
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
    return this.callSliced(method, params as Record<string, unknown>, opts).then((result) => {
      this.track(result);
      return result;
    }) as ReturnType<DeviceMethods[K]>;
  }

  private raw(method: string, params: unknown, opts?: { timeoutMs?: number }): Promise<unknown> {
    return (this.peer.call as (m: string, p: unknown, o?: { timeoutMs?: number }) => Promise<unknown>)(method, params, opts);
  }

  /**
   * The state moves in slices when the page speaks them (bridge/protocol/slices.ts): reads name
   * the slices held here and get only the others; resets and setStates send only slices the page
   * was not lately sent or told. Callers always see whole `json` strings.
   */
  private async callSliced(method: string, params: Record<string, unknown> | undefined, opts?: { timeoutMs?: number }): Promise<unknown> {
    if (!this.sliced) return this.raw(method, params, opts);
    if ((method === 'reset' || method === 'setState') && typeof params?.stateJson === 'string') {
      const split = this.split(params.stateJson);
      if (split) return this.replaceSliced(split, (sliced) => ({ ...withoutKey(params, 'stateJson'), ...observeHaving(params, split.layout), sliced }), method, opts);
      return this.raw(method, params, opts);
    }
    if (method === 'snapshot' && params?.have === undefined) return this.snapshotSliced(opts);
    if (method === 'restore' && typeof params?.snapshot === 'string') {
      const parts = snapshotParts(params.snapshot);
      if (parts) return this.replaceSliced(parts, (sliced) => ({ ...observeHaving(params, parts.layout), parts: { sliced, navJson: parts.navJson, ...(parts.screenJson === undefined ? {} : { screenJson: parts.screenJson }) } }), method, opts);
      return this.raw(method, params, opts);
    }
    const reads = method === 'getState' || method === 'observe' || (method === 'settle' && params?.observe === true);
    if (!reads || params?.have !== undefined) return this.raw(method, params, opts);
    const held = new Map(this.held);
    const result = (await this.raw(method, { ...params, have: versionsOf(held) }, opts)) as Record<string, unknown> | null;
    const snap = (method === 'getState' ? result : method === 'observe' ? result?.state : (result?.observation as { state?: unknown } | undefined)?.state) as StateSnapshot | undefined;
    if (snap?.sliced) {
      snap.json = this.unslice(snap.sliced, held);
      delete snap.sliced;
    }
    return result;
  }

  /**
   * A whole-phone snapshot, moved in parts: the page sends the JSON of slices the bridge does not
   * hold, and the string is put together here (remembered with its parts, so restoring it on any
   * page sends only the slices that page lacks, and the read after the restore sends none).
   */
  private async snapshotSliced(opts?: { timeoutMs?: number }): Promise<{ snapshot: string }> {
    const held = new Map(this.held);
    const result = (await this.raw('snapshot', { have: versionsOf(held) }, opts)) as { snapshot: string; parts?: SnapshotParts };
    if (!result.parts) return result;
    const { sliced, navJson, screenJson } = result.parts;
    if (typeof navJson !== 'string' || (screenJson !== undefined && typeof screenJson !== 'string')) throw new ProtocolError(`device ${this.id}: a snapshot's navigation and screen must be JSON text`, { code: 'bad_message' });
    const stateJson = this.unslice(sliced, held);
    const snapshot = snapshotText(stateJson, navJson, screenJson);
    const json: Record<string, string> = {};
    for (const name of sliceNames(sliced)) json[name] = this.held.get(name)!.json;
    rememberSnapshotParts(snapshot, { layout: { top: sliced.top, apps: sliced.apps, versions: sliced.versions }, json, navJson, ...(screenJson === undefined ? {} : { screenJson }) });
    return { snapshot };
  }

  /** The whole state's JSON from a sliced read: carried slices, and those the bridge holds. Updates what the bridge holds. */
  private unslice(sliced: SlicedState, held: Map<string, { version: string; json: string }>): string {
    const problem = slicedProblem(sliced);
    if (problem) throw new ProtocolError(`device ${this.id}: ${problem}`, { code: 'bad_message' });
    const json = (name: string): string => {
      const version = sliced.versions[name]!;
      const s = sliced.json[name] ?? (held.get(name)?.version === version ? held.get(name)!.json : undefined);
      if (s === undefined) throw new ProtocolError(`device ${this.id}: the phone left out slice ${name} (${version}), which the bridge does not hold`, { code: 'bad_message' });
      this.held.set(name, { version, json: s });
      this.told.put(version, s);
      return s;
    };
    const whole = assembleJson(sliced, json);
    for (const name of [...this.held.keys()]) if (sliced.versions[name] === undefined) this.held.delete(name);
    this.layout = { top: sliced.top, apps: sliced.apps, versions: sliced.versions };
    return whole;
  }

  /**
   * Writes a whole state (reset, setState) or a snapshot (restore) as slices: only those the page
   * was not lately sent or told carry JSON; `params` wraps the slices into the call's parameters.
   */
  private async replaceSliced(split: { layout: SliceLayout; json: Record<string, string> }, params: (sliced: SlicedState) => Record<string, unknown>, method: string, opts?: { timeoutMs?: number }): Promise<unknown> {
    const names = sliceNames(split.layout);
    const send = async (include: (name: string) => boolean) => {
      const json = Object.fromEntries(names.filter(include).map((n) => [n, split.json[n]!]));
      return (await this.raw(method, params({ ...split.layout, json }), opts)) as { revision: number; missing?: string[] };
    };
    // A reset with a slice missing changes nothing: the second try carries what the first did too.
    let result = await send((n) => !this.told.has(split.layout.versions[n]!));
    if (result.missing?.length) {
      const missing = new Set(result.missing);
      result = await send((n) => missing.has(n) || !this.told.has(split.layout.versions[n]!));
      if (result.missing?.length) throw new ProtocolError(`device ${this.id}: the phone still lacks slices ${result.missing.join(', ')} after they were sent`, { code: 'bad_message' });
    }
    this.held.clear();
    for (const n of names) {
      const version = split.layout.versions[n]!;
      this.held.set(n, { version, json: split.json[n]! });
      this.told.put(version, split.json[n]!);
    }
    this.layout = split.layout;
    // The observation that came with it names the slices just written as held.
    const state = (result as { observation?: Observation }).observation?.state;
    if (state?.sliced) {
      state.json = this.unslice(state.sliced, new Map(this.held));
      delete state.sliced;
    }
    return result;
  }

  /** A state string's slices (the last few cached: episodes reset to the same state several times); null if it is not a JSON object. */
  private split(stateJson: string): { layout: SliceLayout; json: Record<string, string> } | null {
    const cached = this.splits.get(stateJson) ?? knownSplit(stateJson);
    if (cached) return cached;
    let split: { layout: SliceLayout; json: Record<string, string> };
    try {
      const tree = JSON.parse(stateJson) as unknown;
      if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return null;
      split = splitTree(tree as Record<string, unknown>);
    } catch {
      // Not JSON, or no apps object: the page refuses it with the reason.
      return null;
    }
    this.splits.set(stateJson, split);
    if (this.splits.size > 4) this.splits.delete(this.splits.keys().next().value!);
    return split;
  }

  /**
   * The slices of the state last read from or sent to the page, without asking it: what the
   * studio forwards after a read. Null for a page that does not speak slices.
   */
  slices(): { layout: SliceLayout; json: (name: string) => string } | null {
    const layout = this.layout;
    if (!layout) return null;
    const held = this.held;
    for (const name of sliceNames(layout)) if (held.get(name)?.version !== layout.versions[name]) return null;
    return { layout, json: (name) => held.get(name)!.json };
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
