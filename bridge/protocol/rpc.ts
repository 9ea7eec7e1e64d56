/**
 * A typed JSON-RPC peer over any text transport (a browser WebSocket, a `ws` socket, or an
 * in-memory pair in tests). Every call has a timeout; closing the transport rejects every
 * pending call; malformed or oversized input is answered with an error, never thrown.
 * Isomorphic: imports nothing from Node or the DOM.
 */
import { ConnectionClosedError, PhonegymError, RemoteError, TimeoutError, reviveError, serializeError, type SerializedError } from './errors.ts';
import { DEFAULT_CALL_TIMEOUT_MS, MAX_MESSAGE_BYTES, type WireMessage } from './messages.ts';

export interface Transport {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onMessage(cb: (text: string) => void): void;
  onClose(cb: (reason: string) => void): void;
}

type Handlers<M> = { [K in keyof M]: M[K] extends (p: infer P) => Promise<infer R> ? (p: P) => R | Promise<R> : never };
type Params<M, K extends keyof M> = M[K] extends (p: infer P) => unknown ? P : never;
type Result<M, K extends keyof M> = M[K] extends (p: never) => Promise<infer R> ? R : never;

export interface RpcPeerOptions<Local> {
  /** Methods this side serves. */
  handlers?: Partial<Handlers<Local>>;
  timeoutMs?: number;
  maxMessageBytes?: number;
  /** Messages other than call/result/error/event (hello, welcome) go here. */
  onControl?: (msg: WireMessage) => void;
  /** Called with a short description of every malformed message received. */
  onBadMessage?: (reason: string) => void;
  label?: string;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  method: string;
}

/**
 * `Local` is the interface this side serves; `Remote` the interface the other side serves;
 * `InEvents` the events this side receives.
 */
export class RpcPeer<Local extends object, Remote extends object, InEvents extends object = Record<string, unknown>, OutEvents extends object = Record<string, unknown>> {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Map<string, Set<(data: unknown) => void>>();
  private closeListeners = new Set<(reason: string) => void>();
  private closedReason: string | null = null;
  private handlers: Partial<Handlers<Local>>;
  readonly timeoutMs: number;
  private maxBytes: number;

  constructor(private transport: Transport, private opts: RpcPeerOptions<Local> = {}) {
    this.handlers = opts.handlers ?? {};
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.maxBytes = opts.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    transport.onMessage((text) => this.receive(text));
    transport.onClose((reason) => this.handleClose(reason));
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  setHandlers(handlers: Partial<Handlers<Local>>): void {
    this.handlers = { ...this.handlers, ...handlers };
  }

  call<K extends keyof Remote & string>(method: K, params: Params<Remote, K>, opts: { timeoutMs?: number } = {}): Promise<Result<Remote, K>> {
    if (this.closedReason !== null) {
      return Promise.reject(new ConnectionClosedError(`cannot call ${method}: the connection is closed (${this.closedReason})`, { details: { method } }));
    }
    const id = this.nextId++;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new TimeoutError(`${this.opts.label ?? 'peer'}: call ${method} timed out after ${timeoutMs} ms`, { details: { method, timeoutMs } }));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer, method });
      try {
        this.transport.send(JSON.stringify({ t: 'call', id, method, params } satisfies WireMessage));
      } catch (e) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new ConnectionClosedError(`cannot call ${method}: send failed (${(e as Error).message})`, { details: { method } }));
      }
    });
  }

  emit<K extends keyof OutEvents & string>(event: K, data: OutEvents[K]): void {
    this.sendRaw({ t: 'event', event, data });
  }

  on<K extends keyof InEvents & string>(event: K, cb: (data: InEvents[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(cb as (d: unknown) => void);
    return () => set!.delete(cb as (d: unknown) => void);
  }

  onClose(cb: (reason: string) => void): () => void {
    if (this.closedReason !== null) cb(this.closedReason);
    this.closeListeners.add(cb);
    return () => this.closeListeners.delete(cb);
  }

  sendRaw(msg: WireMessage): void {
    if (this.closedReason !== null) return;
    try {
      this.transport.send(JSON.stringify(msg));
    } catch {
      /* the close handler reports it */
    }
  }

  close(reason = 'closed'): void {
    try {
      this.transport.close(1000, reason);
    } catch {
      /* already closed */
    }
    this.handleClose(reason);
  }

  private handleClose(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason || 'closed';
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new ConnectionClosedError(`${this.opts.label ?? 'peer'}: connection closed while ${p.method} was pending (${this.closedReason})`, { details: { method: p.method } }));
      this.pending.delete(id);
    }
    for (const cb of this.closeListeners) {
      try {
        cb(this.closedReason);
      } catch (e) {
        this.opts.onBadMessage?.(`close listener threw: ${(e as Error)?.message ?? e}`);
      }
    }
  }

  private bad(reason: string, id: number | null = null): void {
    this.opts.onBadMessage?.(reason);
    this.sendRaw({ t: 'error', id, error: { name: 'ProtocolError', message: reason, code: 'bad_message' } });
  }

  private receive(text: string): void {
    if (typeof text !== 'string') return this.bad('expected a text frame with JSON');
    if (text.length > this.maxBytes) {
      this.opts.onBadMessage?.(`message of ${text.length} bytes exceeds ${this.maxBytes}`);
      this.sendRaw({ t: 'error', id: null, error: { name: 'ProtocolError', message: `message too large (${text.length} > ${this.maxBytes} bytes)`, code: 'message_too_large' } });
      return;
    }
    let msg: WireMessage;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.bad(`malformed JSON (${text.slice(0, 40)}${text.length > 40 ? '…' : ''})`);
    }
    const problem = validateMessage(msg);
    if (problem) return this.bad(problem, typeof (msg as { id?: unknown })?.id === 'number' ? (msg as { id: number }).id : null);
    switch (msg.t) {
      case 'call':
        void this.serve(msg.id, msg.method, msg.params);
        return;
      case 'result': {
        const p = this.pending.get(msg.id);
        if (!p) return; // late answer after a timeout: dropped
        clearTimeout(p.timer);
        this.pending.delete(msg.id);
        p.resolve(msg.result);
        return;
      }
      case 'error': {
        if (msg.id === null) {
          this.opts.onBadMessage?.(`peer reported: ${msg.error.message}`);
          return;
        }
        const p = this.pending.get(msg.id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(msg.id);
        p.reject(reviveWireError(msg.error));
        return;
      }
      case 'event': {
        const set = this.listeners.get(msg.event);
        if (set) for (const cb of set) {
          try {
            cb(msg.data);
          } catch (e) {
            this.opts.onBadMessage?.(`event listener for ${msg.event} threw: ${(e as Error).message}`);
          }
        }
        return;
      }
      case 'hello':
      case 'welcome':
        this.opts.onControl?.(msg);
        return;
    }
  }

  private async serve(id: number, method: string, params: unknown): Promise<void> {
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, method) ? (this.handlers as Record<string, (p: unknown) => unknown>)[method] : undefined;
    if (typeof handler !== 'function') {
      this.sendRaw({ t: 'error', id, error: { name: 'PhonegymError', message: `unknown method "${method}"`, code: 'unknown_method' } });
      return;
    }
    let reply: string;
    try {
      const result = await handler(params ?? {});
      reply = JSON.stringify({ t: 'result', id, result } satisfies WireMessage);
    } catch (e) {
      // Also reached when the result cannot be serialised (a cycle, a BigInt): the caller
      // gets an error now instead of waiting for its timeout.
      this.sendRaw({ t: 'error', id, error: serializeError(e) });
      return;
    }
    if (this.closedReason !== null) return;
    try {
      this.transport.send(reply);
    } catch {
      /* the close handler reports it */
    }
  }
}

/**
 * reviveError looks the class up by the peer-supplied `name`; a hostile name such as
 * "constructor" or "toString" must neither throw inside `receive` (the pending call would
 * hang) nor reject with a non-Error.
 */
function reviveWireError(s: SerializedError): PhonegymError {
  const clean: SerializedError = {
    name: typeof s.name === 'string' ? s.name : 'Error',
    message: String(s.message),
    code: typeof s.code === 'string' ? s.code : 'internal',
    ...(typeof s.details === 'object' && s.details !== null && !Array.isArray(s.details) ? { details: s.details } : {}),
  };
  try {
    const e = reviveError(clean);
    if (e instanceof PhonegymError) return e;
  } catch {
    /* fall through */
  }
  const e = new RemoteError(clean.message, { code: clean.code, details: clean.details });
  (e as { remoteName?: string }).remoteName = clean.name;
  return e;
}

/** Returns why a parsed value is not a valid wire message, or null. */
export function validateMessage(m: unknown): string | null {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return 'message must be a JSON object';
  const msg = m as Record<string, unknown>;
  switch (msg.t) {
    case 'call':
      if (!Number.isSafeInteger(msg.id)) return 'call.id must be an integer';
      if (typeof msg.method !== 'string' || msg.method.length === 0 || msg.method.length > 100) return 'call.method must be a non-empty string';
      if (msg.params !== undefined && (typeof msg.params !== 'object' || msg.params === null || Array.isArray(msg.params))) return 'call.params must be an object';
      return null;
    case 'result':
      return Number.isSafeInteger(msg.id) ? null : 'result.id must be an integer';
    case 'error':
      if (msg.id !== null && !Number.isSafeInteger(msg.id)) return 'error.id must be an integer or null';
      if (typeof msg.error !== 'object' || msg.error === null || typeof (msg.error as { message?: unknown }).message !== 'string') return 'error.error must be an object with a message';
      return null;
    case 'event':
      return typeof msg.event === 'string' && msg.event.length > 0 ? null : 'event.event must be a non-empty string';
    case 'hello':
      if (typeof msg.protocol !== 'number') return 'hello.protocol must be a number';
      if (msg.role !== 'device' && msg.role !== 'studio') return 'hello.role must be "device" or "studio"';
      return null;
    case 'welcome':
      return typeof msg.protocol === 'number' ? null : 'welcome.protocol must be a number';
    default:
      return `unknown message type ${JSON.stringify(msg.t)?.slice(0, 40)}`;
  }
}

/** Two transports wired to each other, for unit tests. */
export function memoryTransportPair(): [Transport, Transport] {
  const make = () => {
    let onMsg: (t: string) => void = () => {};
    let onClose: (r: string) => void = () => {};
    let closed = false;
    return { get onMsg() { return onMsg; }, set onMsg(f) { onMsg = f; }, get onClose() { return onClose; }, set onClose(f) { onClose = f; }, get closed() { return closed; }, set closed(v) { closed = v; } };
  };
  const a = make();
  const b = make();
  const transport = (self: ReturnType<typeof make>, other: ReturnType<typeof make>): Transport => ({
    send(text) {
      if (self.closed) throw new PhonegymError('transport closed', { code: 'connection_closed' });
      queueMicrotask(() => { if (!other.closed) other.onMsg(text); });
    },
    close(_code, reason = 'closed') {
      if (self.closed) return;
      self.closed = true;
      other.closed = true;
      queueMicrotask(() => { self.onClose(reason); other.onClose(reason); });
    },
    onMessage(cb) { self.onMsg = cb; },
    onClose(cb) { self.onClose = cb; },
  });
  return [transport(a, b), transport(b, a)];
}
