/**
 * A virtual Android device on 127.0.0.1: it speaks adbd's side of the adb transport, so the real
 * `adb` (`adb connect 127.0.0.1:PORT`, `adb shell`, `adb exec-out`) and adbkit drive a phonegym
 * phone as they would a handset. Services: `shell:` (legacy: raw bytes, stdout and stderr
 * merged, no exit status), `shell,v2,…:` (shell protocol packets and an exit packet) and
 * `exec:` (raw bytes); the command line runs in a `DeviceShell`. Never AUTH, never STLS.
 *
 * Flow control is adb's without delayed ACK: one WRTE in flight per stream, the next only after
 * the host's OKAY, and every host WRTE answered with an OKAY. A connection that breaks the
 * framing is closed; every other connection goes on. Streams of one connection run at once, but
 * the phone takes one action at a time.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_VERSION, A_WRTE, commandName, encodePacket, encodeShellPacket, MAX_PAYLOAD, MAX_PAYLOAD_V1, PacketReader, SHELL_EXIT, SHELL_HEADER_SIZE, type AdbPacket } from './adbWire.ts';
import { DeviceShell, type ShellSink, type VirtualPhone } from './deviceShell.ts';

export interface VirtualDeviceOptions<P extends VirtualPhone> {
  phone: P;
  /** 0 (default) picks a free port. */
  port?: number;
  /** `ro.product.model`, shown by `adb devices -l` as `model:`; no `:`, `;` or `=`. */
  model?: string;
  /** The largest payload this device sends or takes (default 1 MiB; small values force splitting). */
  maxPayload?: number;
  /** Device pixels per CSS pixel (default 3: a 1080x2400 screen). */
  scale?: number;
  log?: (line: string) => void;
}

/** The smallest max payload that still carries a shell v2 packet with data. */
const MIN_PAYLOAD = 64;

/** What every connection of one device shares. */
interface DeviceContext {
  banner: string;
  /** This device's own max payload. */
  maxPayload: number;
  shell: DeviceShell;
  log: (line: string) => void;
}

export class VirtualDevice<P extends VirtualPhone = VirtualPhone> {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    /** The phone the device drives (a `SimulatorPhone` carries its env: its state is readable). */
    readonly phone: P,
    private readonly ctx: DeviceContext,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      new AdbConnection(socket, ctx);
    });
  }

  /** The shell its streams run in (its file table is the device's /sdcard). */
  get shell(): DeviceShell {
    return this.ctx.shell;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  static async start<P extends VirtualPhone>(opts: VirtualDeviceOptions<P>): Promise<VirtualDevice<P>> {
    const model = opts.model ?? 'phonegym';
    checkModel(model);
    const maxPayload = opts.maxPayload ?? MAX_PAYLOAD;
    if (!Number.isInteger(maxPayload) || maxPayload < MIN_PAYLOAD || maxPayload > MAX_PAYLOAD) throw new UsageError(`the virtual device's max payload must be a whole number from ${MIN_PAYLOAD} to ${MAX_PAYLOAD} (got ${maxPayload})`);
    const scale = opts.scale ?? 3;
    if (!(scale > 0)) throw new UsageError(`the virtual device's scale must be above 0 (got ${scale})`);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(new PhonegymError(`virtual device: cannot listen on 127.0.0.1:${opts.port ?? 0} (${e.code ?? e.message})${e.code === 'EADDRINUSE' ? ': the port is in use, pick another or 0' : ''}`, { code: 'listen', cause: e })),
      );
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
    const port = (server.address() as { port: number }).port;
    // Real adbd's banner shape; the host reads the three product keys and the feature list.
    const banner = `device::ro.product.name=phonegym;ro.product.model=${model};ro.product.device=phonegym;features=shell_v2,cmd`;
    const shell = new DeviceShell(oneTouchAtATime(opts.phone), { model, serial: `phonegym-${port}`, scale });
    return new VirtualDevice(server, port, opts.phone, { banner, maxPayload, shell, log: opts.log ?? (() => {}) });
  }

  /** Stops listening and drops every connection (the host sees the device go offline). */
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The banner is split on ':', ';' and '=': a model with one of them would cut the properties short. */
export function checkModel(model: string, what = 'model name'): void {
  if (!model || model.length > 64 || /[:;=\u0000-\u001f]/.test(model)) {
    throw new UsageError(`${what} "${model}" cannot go in the adb banner: use 1-64 characters without ':', ';', '=' or control characters (e.g. Pixel_8)`);
  }
}

/** What only looks at the phone: these run side by side, as screencap and uiautomator do on a phone. */
const READS: ReadonlySet<PropertyKey> = new Set<keyof VirtualPhone>(['screenshotPng', 'uiTree', 'route']);

/**
 * The phone behind a queue: streams run at once, one finger touches the screen at a time, and
 * looks at the screen (a screenshot, the UI tree, the route) run together between touches. A
 * touch waits for every call before it; a look waits only for the touches before it.
 */
export function oneTouchAtATime<P extends VirtualPhone>(phone: P): P {
  let lastTouch: Promise<unknown> = Promise.resolve();
  let looks: Promise<unknown>[] = [];
  return new Proxy(phone, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const run = () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (READS.has(key)) {
          const p = lastTouch.then(run, run);
          looks.push(p.catch(() => {}));
          return p;
        }
        const p = Promise.all([lastTouch, ...looks]).then(run, run);
        lastTouch = p.catch(() => {});
        looks = [];
        return p;
      };
    },
  });
}

type ServiceKind = 'legacy' | 'v2' | 'raw';

/** `shell:cmd`, `shell,v2,TERM=xterm,raw:cmd`, `exec:cmd`; null for a service this device lacks. */
export function parseService(name: string): { kind: ServiceKind; command: string } | null {
  if (name.startsWith('exec:')) return { kind: 'raw', command: name.slice(5) };
  if (name.startsWith('shell:')) return { kind: 'legacy', command: name.slice(6) };
  if (name.startsWith('shell,')) {
    const colon = name.indexOf(':');
    if (colon < 0) return null;
    // Unknown args (TERM=…, raw, pty) are ignored, as adbd does "for future expansion".
    const args = name.slice(6, colon).split(',');
    return { kind: args.includes('v2') ? 'v2' : 'legacy', command: name.slice(colon + 1) };
  }
  return null;
}

/** One TCP connection from an adb host: handshake, then a table of streams. */
class AdbConnection {
  private readonly reader = new PacketReader();
  private online = false;
  /** min(the host's max payload, ours), known after CNXN. */
  maxPayload = MAX_PAYLOAD_V1;
  private readonly streams = new Map<number, Stream>();
  private nextId = 1;
  private readonly peer: string;

  constructor(
    private readonly socket: Socket,
    private readonly ctx: DeviceContext,
  ) {
    this.peer = `${socket.remoteAddress}:${socket.remotePort}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    // A host that goes away mid-stream: its streams end here; their commands finish unheard.
    socket.on('error', (e) => this.ctx.log(`${this.peer}: ${e.message}`));
    socket.on('close', () => this.streams.clear());
  }

  get alive(): boolean {
    return !this.socket.destroyed;
  }

  send(command: number, arg0: number, arg1: number, payload?: Buffer | string): void {
    if (this.alive) this.socket.write(encodePacket(command, arg0, arg1, payload));
  }

  forget(stream: Stream): void {
    this.streams.delete(stream.localId);
  }

  private receive(chunk: Buffer): void {
    let packets: AdbPacket[];
    try {
      packets = this.reader.push(chunk);
    } catch (e) {
      this.ctx.log(`${this.peer}: ${(e as Error).message}; closing the connection`);
      this.streams.clear();
      this.socket.destroy();
      return;
    }
    for (const p of packets) if (this.alive) this.handle(p);
  }

  private handle(p: AdbPacket): void {
    if (p.command === A_CNXN) return this.connect(p);
    // protocol.md: nothing counts before the host's CNXN.
    if (!this.online) return;
    switch (p.command) {
      case A_OPEN:
        return this.open(p.arg0, p.payload.toString('utf8').replace(/\0+$/, ''));
      case A_OKAY: {
        const s = this.streams.get(p.arg1);
        if (s && s.remoteId === p.arg0) s.acknowledged();
        return;
      }
      case A_WRTE: {
        const s = this.streams.get(p.arg1);
        // Every WRTE is acknowledged; what the host types (shell v2 stdin, close-stdin, window
        // size) has no reader: no command here reads stdin.
        if (s && s.remoteId === p.arg0) this.send(A_OKAY, s.localId, s.remoteId);
        return;
      }
      case A_CLSE: {
        const s = this.streams.get(p.arg1);
        if (s && s.remoteId === p.arg0) s.closedByHost();
        return;
      }
      default:
        // AUTH and STLS are never asked for; anything else is ignored as adbd ignores it.
        this.ctx.log(`${this.peer}: ignored ${commandName(p.command)}`);
    }
  }

  private connect(p: AdbPacket): void {
    const max = Math.min(p.arg1, this.ctx.maxPayload);
    if (max < MIN_PAYLOAD) {
      this.ctx.log(`${this.peer}: the host's max payload ${p.arg1} is too small; closing the connection`);
      this.socket.destroy();
      return;
    }
    // A second CNXN is the host starting over: the streams it had are gone.
    this.streams.clear();
    this.maxPayload = max;
    this.reader.maxPayload = max;
    this.online = true;
    this.ctx.log(`${this.peer}: connected (${p.payload.toString('utf8').replace(/\0+$/, '')}), max payload ${max}`);
    this.send(A_CNXN, A_VERSION, this.ctx.maxPayload, this.ctx.banner);
  }

  private open(remoteId: number, name: string): void {
    const service = parseService(name);
    if (!service || remoteId === 0) {
      this.ctx.log(`${this.peer}: refused service ${JSON.stringify(name)}`);
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    this.ctx.log(`${this.peer}: open ${name}`);
    const stream = new Stream(this.nextId++, remoteId, this);
    this.streams.set(stream.localId, stream);
    this.send(A_OKAY, stream.localId, remoteId);
    void this.run(stream, service.kind, service.command);
  }

  private async run(stream: Stream, kind: ServiceKind, command: string): Promise<void> {
    const v2 = kind === 'v2';
    const sink: ShellSink = (fd, data) => (v2 ? stream.writeShell(fd, data) : stream.write(data));
    let status: number;
    if (!command.trim()) {
      sink(2, 'the phonegym virtual device has no interactive shell: run adb shell COMMAND\n');
      status = 1;
    } else {
      try {
        status = await this.ctx.shell.run(command, sink);
      } catch (e) {
        sink(2, `${(e as Error).message}\n`);
        status = 1;
      }
    }
    if (v2) stream.writeShell(SHELL_EXIT, Buffer.from([status & 0xff]));
    stream.end();
  }
}

/** One open stream: its outgoing chunks, at most one WRTE awaiting the host's OKAY. */
class Stream {
  private readonly queue: Buffer[] = [];
  private inFlight = false;
  private ending = false;
  private closed = false;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    private readonly conn: AdbConnection,
  ) {}

  /** Raw bytes, split at the negotiated max payload. */
  write(data: Buffer | string): void {
    if (this.closed) return;
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const max = this.conn.maxPayload;
    for (let at = 0; at < bytes.length; at += max) this.queue.push(bytes.subarray(at, at + max));
    this.pump();
  }

  /** Shell v2 packets, each small enough to fill one WRTE. */
  writeShell(id: number, data: Buffer | string): void {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const max = this.conn.maxPayload - SHELL_HEADER_SIZE;
    for (let at = 0; at < bytes.length; at += max) this.write(encodeShellPacket(id, bytes.subarray(at, at + max)));
  }

  /** Sends CLSE once everything written has been acknowledged. */
  end(): void {
    this.ending = true;
    this.pump();
  }

  acknowledged(): void {
    this.inFlight = false;
    this.pump();
  }

  closedByHost(): void {
    this.closed = true;
    this.queue.length = 0;
    this.conn.forget(this);
  }

  private pump(): void {
    if (this.closed || this.inFlight || !this.conn.alive) return;
    const next = this.queue.shift();
    if (next) {
      this.inFlight = true;
      this.conn.send(A_WRTE, this.localId, this.remoteId, next);
    } else if (this.ending) {
      // The host answers with its own CLSE, for an id that is gone by then: ignored.
      this.closed = true;
      this.conn.forget(this);
      this.conn.send(A_CLSE, this.localId, this.remoteId);
    }
  }
}
