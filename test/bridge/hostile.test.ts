/**
 * Hostile and broken input on the sockets: each message gets an error (or a close) and the
 * bridge keeps serving the same connection where that makes sense, and every other client.
 */
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../bridge/protocol/errors.ts';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from '../../bridge/protocol/messages.ts';
import type { BridgeServer, BridgeServerOptions } from '../../bridge/server/bridgeServer.ts';
import { Inbox, bridgesClosedAfterEach, connectFakeDevice, connectStudio, once, openSocket, rawClient, wsUrl } from './helpers.ts';

const startBridge = bridgesClosedAfterEach();
const bridge = async (opts?: BridgeServerOptions) => (await startBridge(opts)).server;

/** A fresh device can still connect and answer a call. */
async function stillServing(server: BridgeServer): Promise<void> {
  const id = `probe${Math.random().toString(36).slice(2, 8)}`;
  await connectFakeDevice(server, id);
  await expect(server.device(id)!.call('ping', {})).resolves.toHaveProperty('now');
}

const deep = (n: number) => `{"t":"event","event":"log","data":${'['.repeat(n)}${']'.repeat(n)}}`;

describe('hostile messages after the handshake', () => {
  it.each([
    ['invalid JSON', '{"t":', 'bad_message', /malformed JSON/],
    ['an empty object', '{}', 'bad_message', /unknown message type/],
    ['an array', '[1,2]', 'bad_message', /JSON object/],
    ['a call without id or method', '{"t":"call"}', 'bad_message', /call\.id/],
    ['a call with string id', '{"t":"call","id":"1","method":"ping"}', 'bad_message', /call\.id/],
    ['params that are not an object', '{"t":"call","id":1,"method":"watch","params":"x"}', 'bad_message', /params/],
    ['an unknown message type', '{"t":"subscribe","id":1}', 'bad_message', /unknown message type/],
    ['a call to __proto__', '{"t":"call","id":1,"method":"__proto__"}', 'unknown_method', /__proto__/],
    ['a call to constructor', '{"t":"call","id":1,"method":"constructor"}', 'unknown_method', /constructor/],
    ['a call to toString', '{"t":"call","id":1,"method":"toString","params":{}}', 'unknown_method', /toString/],
    ['a call to an unknown method', '{"t":"call","id":1,"method":"rm -rf"}', 'unknown_method', /unknown method/],
    ['a 1 MB method name', JSON.stringify({ t: 'call', id: 1, method: 'x'.repeat(1 << 20) }), 'bad_message', /method/],
    ['deeply nested JSON', deep(100_000), 'bad_message', /nested deeper/],
    ['a second hello', JSON.stringify({ t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId: 'raw' }), 'bad_message', /after the handshake/],
  ])('answers %s with an error and keeps the connection', async (_name, text, code, message) => {
    const server = await bridge();
    const inbox = await rawClient(server, 'studio');
    inbox.send(text);
    const reply = await inbox.next((m) => m.t === 'error');
    expect(reply.error.code).toBe(code);
    expect(reply.error.message).toMatch(message);
    // The same socket still works.
    inbox.send({ t: 'call', id: 42, method: 'listDevices', params: {} });
    expect(await inbox.next((m) => m.id === 42)).toMatchObject({ t: 'result', result: { devices: [] } });
    await stillServing(server);
  });

  it('does not let __proto__ keys in params pollute prototypes', async () => {
    const server = await bridge();
    const inbox = await rawClient(server, 'studio');
    inbox.send('{"t":"call","id":5,"method":"watch","params":{"__proto__":{"polluted":true},"deviceId":"__proto__"}}');
    const reply = await inbox.next((m) => m.id === 5);
    expect(reply.error.code).toBe('device_not_found');
    inbox.send('{"t":"call","id":6,"method":"watch","params":{"constructor":{"prototype":{"polluted":true}}}}');
    expect((await inbox.next((m) => m.id === 6)).error.code).toBe('invalid_params');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('answers a binary frame with an error', async () => {
    const server = await bridge();
    const inbox = await rawClient(server, 'device', 'bin');
    inbox.ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
    const reply = await inbox.next((m) => m.t === 'error');
    expect(reply.error.message).toMatch(/binary frames are not supported/);
    const call = server.device('bin')!.call('ping', {});
    const { id } = await inbox.next((m) => m.t === 'call');
    inbox.send({ t: 'result', id, result: { now: 1 } });
    await expect(call).resolves.toEqual({ now: 1 });
  });

  it('closes a 10 MB frame with 1009 without affecting others', async () => {
    const server = await bridge();
    const bystander = await connectFakeDevice(server, 'bystander');
    const inbox = await rawClient(server, 'device', 'big');
    const gone = once<string>((cb) => server.device('big')!.onClose(cb));
    inbox.send(JSON.stringify({ t: 'event', event: 'log', data: { level: 'info', message: 'x'.repeat(10 * 1024 * 1024) } }));
    expect((await inbox.closed).code).toBe(1009);
    await gone;
    expect(server.device('big')).toBeUndefined();
    await expect(server.device('bystander')!.call('getState', {})).resolves.toMatchObject({ revision: bystander.state.revision });
    await stillServing(server);
  });

  it('accepts a large but legal state string', async () => {
    const server = await bridge();
    const big = 'y'.repeat(MAX_MESSAGE_BYTES - 1024);
    const fake = await connectFakeDevice(server, 'p1');
    fake.state.data = { os: {}, apps: { notes: { body: big } } };
    const state = await server.device('p1')!.call('getState', {});
    expect(state.json.length).toBeGreaterThan(big.length);
  });

  it('closes a text frame that is not UTF-8 with 1007', async () => {
    const server = await bridge();
    const inbox = await rawClient(server, 'device', 'utf');
    inbox.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await inbox.closed).code).toBe(1007);
    await stillServing(server);
  });

  it('closes a flooding client with 1008', async () => {
    const server = await bridge({ maxMessagesPerSecond: 100 });
    const inbox = await rawClient(server, 'studio');
    for (let i = 0; i < 300; i++) inbox.send({ t: 'event', event: 'noise', data: i });
    expect(await inbox.closed).toEqual({ code: 1008, reason: 'message rate limit exceeded' });
    await stillServing(server);
  });

  it('closes a client that keeps sending garbage with 1008', async () => {
    const server = await bridge();
    const inbox = await rawClient(server, 'studio');
    for (let i = 0; i < 60; i++) inbox.send('garbage');
    expect(await inbox.closed).toEqual({ code: 1008, reason: 'too many malformed messages' });
    await stillServing(server);
  });

  it('drops malformed device events instead of trusting them', async () => {
    const server = await bridge();
    const fake = await connectFakeDevice(server, 'p1');
    const device = server.device('p1')!;
    const good = once<unknown>((cb) => device.on('stateChanged', cb));
    (fake.peer.emit as (e: string, d: unknown) => void)('stateChanged', { revision: 'ten' });
    (fake.peer.emit as (e: string, d: unknown) => void)('routeChanged', { route: 'chat', revision: 3 });
    fake.peer.emit('stateChanged', { revision: 4 });
    expect(await good).toEqual({ revision: 4 });
    expect(device.revision).toBe(4);
    expect(device.route).toEqual({ app: 'home', path: '/' });
  });

  it('survives a device answering with a hostile error name', async () => {
    const server = await bridge();
    const inbox = await rawClient(server, 'device', 'evil');
    const call = server.device('evil')!.call('getState', {}).catch((e) => e);
    const { id } = await inbox.next((m) => m.t === 'call');
    inbox.send({ t: 'error', id, error: { name: 'constructor', message: 'boom', code: { nested: true } } });
    const err = await call;
    expect(err).toBeInstanceOf(RemoteError);
    expect(err.message).toBe('boom');
    await stillServing(server);
  });
});

describe('hostile messages before the handshake', () => {
  it.each([
    ['invalid JSON', 'hello?'],
    ['an empty object', '{}'],
    ['a hello with a string protocol', JSON.stringify({ t: 'hello', protocol: '1', role: 'device', deviceId: 'p1' })],
    ['deeply nested JSON', deep(10_000)],
    ['a binary frame', Buffer.alloc(16)],
  ])('answers %s with an error and closes', async (_name, payload) => {
    const server = await bridge();
    const inbox = new Inbox(await openSocket(wsUrl(server, 'studio')));
    inbox.ws.send(payload, { binary: typeof payload !== 'string' });
    expect((await inbox.next()).t).toBe('error');
    expect((await inbox.closed).code).toBe(1002);
    await stillServing(server);
    const studio = await connectStudio(server);
    await expect(studio.peer.call('listDevices', {})).resolves.toMatchObject({ devices: [{ deviceId: expect.stringMatching(/^probe/) }] });
  });
});
