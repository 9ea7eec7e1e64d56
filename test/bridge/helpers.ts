/**
 * Test clients for the bridge: raw `ws` sockets for hostile input, and a fake phone page and a
 * fake studio that speak the real protocol through the real RpcPeer.
 */
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { WebSocket, type RawData } from 'ws';
import { BridgeServer, type BridgeServerOptions } from '../../bridge/server/bridgeServer.ts';
import { WsTransport } from '../../bridge/server/wsTransport.ts';
import { PROTOCOL_VERSION, type DeviceEvents, type DeviceMethods, type StateSnapshot, type StudioEvents, type StudioMethods, type WireMessage } from '../../bridge/protocol/messages.ts';
import { RpcPeer } from '../../bridge/protocol/rpc.ts';
import type { Route } from '../../bridge/protocol/state.ts';

export const SECRET = 'top secret outside the web root';

/** A web root with one file per MIME type, plus files outside it that must never be served. */
export async function makeWebRoot(): Promise<{ dir: string; root: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'phonegym-bridge-'));
  const root = path.join(dir, 'web');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'secret.txt'), SECRET);
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ secret: SECRET }));
  const files: Record<string, string> = {
    'phone.html': '<!doctype html><title>phone</title><script type="module" src="./assets/phone.js"></script>',
    'studio.html': '<!doctype html><title>studio</title>',
    'assets/phone.js': PHONE_JS,
    'assets/app.css': 'body{margin:0}',
    'assets/font.woff2': 'wOF2',
    'assets/font.woff': 'wOFF',
    'assets/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/img.png': 'png',
    'assets/photo.jpg': 'jpg',
    'assets/data.json': '{"a":1}',
    'assets/phone.js.map': '{"version":3}',
    'assets/noto-400-Ba7eOkfT.woff2': 'wOF2',
    '.hidden': SECRET,
  };
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(root, name), body);
  await symlink(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
  return { dir, root };
}

/**
 * A minimal phone page script for the real-browser test: connects the way the real page must
 * (same origin, `/ws/device`, token and device from its own URL) and serves getState.
 */
const PHONE_JS = `
const q = new URLSearchParams(location.search);
const ws = new WebSocket(\`ws://\${location.host}/ws/device?token=\${q.get('token')}&device=\${q.get('device')}\`);
ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', protocol: ${PROTOCOL_VERSION}, role: 'device', deviceId: q.get('device'), info: { kind: q.get('kind') } }));
ws.onmessage = (ev) => {
  const m = JSON.parse(ev.data);
  if (m.t === 'welcome') document.title = 'connected';
  if (m.t === 'call' && m.method === 'getState') {
    ws.send(JSON.stringify({ t: 'result', id: m.id, result: { json: JSON.stringify({ os: {}, apps: {} }), route: { app: 'home', path: '/' }, revision: 7 } }));
  }
};
`;

export async function startBridge(opts: BridgeServerOptions = {}): Promise<{ server: BridgeServer; logs: string[]; root: string; dir: string }> {
  const { root, dir } = await makeWebRoot();
  const logs: string[] = [];
  const server = await BridgeServer.start({ staticDir: root, log: (l) => logs.push(l), ...opts });
  return { server, logs, root, dir };
}

/** Registers an afterEach that closes every bridge the returned starter has started. */
export function bridgesClosedAfterEach(): (opts?: BridgeServerOptions) => ReturnType<typeof startBridge> {
  const open: BridgeServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (opts) => {
    const started = await startBridge(opts);
    open.push(started.server);
    return started;
  };
}

export function wsUrl(server: BridgeServer, role: 'device' | 'studio', query: Record<string, string> = { token: server.token }): string {
  return `${server.url.replace('http', 'ws')}/ws/${role}?${new URLSearchParams(query)}`;
}

/** Opens a socket; rejects with `{ status, body }` when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode, body })));
    });
    ws.once('error', (e) => reject(e));
  });
}

/** Collects the messages of a raw socket; each is consumed by the first `next` that matches it. */
export class Inbox {
  readonly messages: unknown[] = [];
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: RawData) => {
      const m = JSON.parse(data.toString());
      const w = this.waiters.find((w) => w.pred(m));
      if (!w) return void this.messages.push(m);
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(m);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** The first message (already received or future) matching `pred`. */
  next(pred: (m: any) => boolean = () => true): Promise<any> {
    const seen = this.messages.find(pred);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** A raw socket that has completed the handshake. */
export async function rawClient(server: BridgeServer, role: 'device' | 'studio', deviceId = 'raw'): Promise<Inbox> {
  const ws = await openSocket(wsUrl(server, role));
  const inbox = new Inbox(ws);
  inbox.send({ t: 'hello', protocol: PROTOCOL_VERSION, role, ...(role === 'device' ? { deviceId } : {}) });
  await inbox.next((m) => m.t === 'welcome');
  return inbox;
}

export interface FakeDevice {
  ws: WebSocket;
  peer: RpcPeer<DeviceMethods, Record<string, never>, Record<string, never>, DeviceEvents>;
  state: { data: Record<string, unknown>; route: Route; revision: number };
  getStateCalls: number;
  /** Changes the state and emits stateChanged, as the real page does after a mutation. */
  mutate(change: Record<string, unknown>): void;
  closed: Promise<{ code: number; reason: string }>;
}

export async function connectFakeDevice(
  server: BridgeServer,
  deviceId: string,
  opts: { kind?: 'agent' | 'interactive'; handlers?: Partial<{ [K in keyof DeviceMethods]: (p: Parameters<DeviceMethods[K]>[0]) => unknown }>; origin?: string } = {},
): Promise<FakeDevice> {
  const ws = await openSocket(wsUrl(server, 'device', { token: server.token, device: deviceId }), opts.origin ? { Origin: opts.origin } : {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const transport = new WsTransport(ws, { maxMessagesPerSecond: 1e9 });
  const fake = {
    ws,
    closed,
    getStateCalls: 0,
    state: { data: { os: { time: { timestamp: 0, timezone: 'UTC' } }, apps: {} } as Record<string, unknown>, route: { app: 'home', path: '/' }, revision: 1 },
  } as FakeDevice;
  const snapshot = (): StateSnapshot => ({ json: JSON.stringify(fake.state.data), route: fake.state.route, revision: fake.state.revision });
  let welcomed!: () => void;
  const welcome = new Promise<void>((r) => (welcomed = r));
  fake.peer = new RpcPeer<DeviceMethods, Record<string, never>, Record<string, never>, DeviceEvents>(transport, {
    handlers: {
      ping: () => ({ now: Date.now() }),
      getState: () => {
        fake.getStateCalls++;
        return snapshot();
      },
      ...(opts.handlers as object),
    },
    onControl: (m: WireMessage) => {
      if (m.t === 'welcome') welcomed();
    },
  });
  fake.mutate = (change) => {
    fake.state.data = { ...fake.state.data, ...change };
    fake.state.revision++;
    fake.peer.emit('stateChanged', { revision: fake.state.revision });
  };
  fake.peer.sendRaw({ t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId, info: { kind: opts.kind ?? 'agent' } });
  await welcome;
  return fake;
}

export async function connectStudio(server: BridgeServer): Promise<{ ws: WebSocket; peer: RpcPeer<Record<string, never>, StudioMethods, StudioEvents>; events: Inbox }> {
  const ws = await openSocket(wsUrl(server, 'studio'));
  const events = new Inbox(ws);
  const transport = new WsTransport(ws, { maxMessagesPerSecond: 1e9 });
  let welcomed!: () => void;
  const welcome = new Promise<void>((r) => (welcomed = r));
  const peer = new RpcPeer<Record<string, never>, StudioMethods, StudioEvents>(transport, {
    onControl: (m) => {
      if (m.t === 'welcome') welcomed();
    },
  });
  peer.sendRaw({ t: 'hello', protocol: PROTOCOL_VERSION, role: 'studio' });
  await welcome;
  return { ws, peer, events };
}

/** Resolves with the first value `cb` is called with. */
export function once<T>(subscribe: (cb: (v: T) => void) => unknown): Promise<T> {
  return new Promise((resolve) => subscribe(resolve));
}
