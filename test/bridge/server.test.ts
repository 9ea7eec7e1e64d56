import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionClosedError, TimeoutError } from '../../bridge/protocol/errors.ts';
import { PROTOCOL_VERSION } from '../../bridge/protocol/messages.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { CloseCode } from '../../bridge/server/wsTransport.ts';
import { Inbox, bridgesClosedAfterEach, connectFakeDevice, once, openSocket, wsUrl } from './helpers.ts';

const bridge = bridgesClosedAfterEach();

/** A promise that never settles, for calls that must stay pending. */
const forever = () => new Promise<never>(() => {});

describe('bridge server: devices', () => {
  it('binds to loopback and builds page URLs that carry the token', async () => {
    const { server } = await bridge();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.token).toMatch(/^[0-9a-f]{32}$/);
    expect(server.phoneUrl('p1', { kind: 'interactive', seed: 42 })).toBe(`${server.url}/phone.html?device=p1&token=${server.token}&kind=interactive&seed=42`);
    expect(server.studioUrl()).toBe(`${server.url}/studio.html?token=${server.token}`);
  });

  it('resolves waitForDevice after the handshake and round-trips calls', async () => {
    const { server } = await bridge();
    const waiting = server.waitForDevice('p1', { timeoutMs: 5000 });
    const fake = await connectFakeDevice(server, 'p1', { kind: 'interactive' });
    const device = await waiting;
    expect(device.id).toBe('p1');
    expect(device.kind).toBe('interactive');
    expect(server.device('p1')).toBe(device);
    expect(server.devices()).toEqual([device]);
    fake.state.data = { os: { time: { timestamp: 5, timezone: 'UTC' } }, apps: { chat: { unread: 3 } } };
    const state = await device.call('getState', {});
    expect(JSON.parse(state.json).apps.chat.unread).toBe(3);
    expect(state.revision).toBe(1);
    // An already connected device resolves at once.
    await expect(server.waitForDevice('p1')).resolves.toBe(device);
  });

  it('rejects waitForDevice with a clear error when the page never comes', async () => {
    const { server } = await bridge();
    const err = await server.waitForDevice('ghost', { timeoutMs: 30 }).catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/device "ghost" did not connect within 30 ms/);
    expect(err.message).not.toContain(server.token);
  });

  it('keeps route and revision current from events and call results', async () => {
    const { server } = await bridge();
    const fake = await connectFakeDevice(server, 'p1', { handlers: { openApp: ({ app }) => ({ route: { app, path: '/' } }) } });
    const device = server.device('p1')!;
    const routed = once<unknown>((cb) => device.on('routeChanged', cb));
    fake.peer.emit('routeChanged', { route: { app: 'chat', path: '/thread/1' }, revision: 9 });
    await routed;
    expect(device.route).toEqual({ app: 'chat', path: '/thread/1' });
    expect(device.revision).toBe(9);
    await device.call('openApp', { app: 'mail' });
    expect(device.route).toEqual({ app: 'mail', path: '/' });
  });

  it('rejects a pending call with ConnectionClosedError as soon as the device disconnects', async () => {
    const { server } = await bridge({ callTimeoutMs: 60_000 });
    const fake = await connectFakeDevice(server, 'p1', { handlers: { settle: forever } });
    const device = server.device('p1')!;
    const pending = device.call('settle', {}).catch((e) => e);
    const closed = once<string>((cb) => device.onClose(cb));
    fake.ws.terminate();
    const err = await pending;
    expect(err).toBeInstanceOf(ConnectionClosedError);
    expect(err.message).toMatch(/settle was pending/);
    await closed;
    expect(device.closed).toBe(true);
    expect(server.device('p1')).toBeUndefined();
  });

  it('times out a call the device never answers', async () => {
    const { server } = await bridge({ callTimeoutMs: 40 });
    await connectFakeDevice(server, 'p1', { handlers: { settle: forever } });
    const err = await server.device('p1')!.call('settle', {}).catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/device p1: call settle timed out after 40 ms/);
  });

  it('replaces a device that reconnects with the same id and closes the old socket with 4001', async () => {
    const { server } = await bridge({ callTimeoutMs: 60_000 });
    const first = await connectFakeDevice(server, 'p1', { handlers: { settle: forever } });
    const old = server.device('p1')!;
    const pending = old.call('settle', {}).catch((e) => e);
    const second = await connectFakeDevice(server, 'p1');
    expect((await first.closed).code).toBe(CloseCode.replaced);
    expect(await pending).toBeInstanceOf(ConnectionClosedError);
    const current = server.device('p1')!;
    expect(current).not.toBe(old);
    expect(server.devices()).toHaveLength(1);
    second.state.revision = 12;
    await expect(current.call('getState', {})).resolves.toMatchObject({ revision: 12 });
  });

  it('close() rejects pending calls and waiters, and frees the port', async () => {
    const { server } = await bridge({ callTimeoutMs: 60_000 });
    const fake = await connectFakeDevice(server, 'p1', { handlers: { settle: forever } });
    const pending = server.device('p1')!.call('settle', {}).catch((e) => e);
    const waiter = server.waitForDevice('never', { timeoutMs: 60_000 }).catch((e) => e);
    const port = server.port;
    await server.close();
    expect(await pending).toBeInstanceOf(ConnectionClosedError);
    expect(await waiter).toBeInstanceOf(ConnectionClosedError);
    expect((await fake.closed).code).toBe(CloseCode.goingAway);
    const probe = createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it('reports a taken port clearly', async () => {
    const { server } = await bridge();
    await expect(BridgeServer.start({ port: server.port })).rejects.toThrow(/port is in use/);
  });

  it('never writes the token to the log', async () => {
    const { server, logs } = await bridge({ handshakeTimeoutMs: 50 });
    await connectFakeDevice(server, 'p1');
    await openSocket(wsUrl(server, 'device', { token: 'wrong-token' })).catch(() => {});
    const silent = new Inbox(await openSocket(wsUrl(server, 'studio')));
    await silent.closed;
    await server.close();
    expect(logs.length).toBeGreaterThan(3);
    expect(logs.join('\n')).not.toContain(server.token);
  });
});

describe('bridge server: upgrade checks and handshake', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const { server } = await bridge();
    for (const query of [{}, { token: 'x' }, { token: '' }, { token: server.token.slice(0, -1) }, { token: `${server.token}0` }] as Record<string, string>[]) {
      const err = await openSocket(wsUrl(server, 'device', query)).catch((e) => e);
      expect(err.status).toBe(401);
      expect(err.body).toMatch(/token/);
    }
  });

  it('refuses a foreign Origin with 403 and accepts its own origins, allowed ones and none', async () => {
    const { server } = await bridge({ allowedOrigins: ['http://127.0.0.1:5173'] });
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`]) {
      const err = await openSocket(wsUrl(server, 'studio'), { Origin: origin }).catch((e) => e);
      expect(err.status).toBe(403);
      expect(err.body).toContain('is not allowed');
    }
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`, 'http://127.0.0.1:5173']) {
      const ws = await openSocket(wsUrl(server, 'studio'), { Origin: origin });
      ws.close();
    }
    const withoutOrigin = await openSocket(wsUrl(server, 'studio'));
    withoutOrigin.close();
  });

  it('refuses unknown socket paths with 404', async () => {
    const { server } = await bridge();
    const err = await openSocket(`${server.url.replace('http', 'ws')}/ws/admin?token=${server.token}`).catch((e) => e);
    expect(err.status).toBe(404);
  });

  it('answers a protocol version mismatch with a named error and closes with 1002', async () => {
    const { server } = await bridge();
    const inbox = new Inbox(await openSocket(wsUrl(server, 'device')));
    inbox.send({ t: 'hello', protocol: PROTOCOL_VERSION + 1, role: 'device', deviceId: 'p1' });
    const msg = await inbox.next();
    expect(msg).toMatchObject({ t: 'error', id: null, error: { name: 'ProtocolError', code: 'protocol_mismatch' } });
    expect(msg.error.message).toContain(`protocol ${PROTOCOL_VERSION + 1}`);
    expect(msg.error.message).toContain(`speaks ${PROTOCOL_VERSION}`);
    expect((await inbox.closed).code).toBe(1002);
    expect(server.devices()).toHaveLength(0);
  });

  it.each([
    ['a call before hello', { t: 'call', id: 1, method: 'listDevices' }, /expected "hello"/],
    ['the wrong role for the path', { t: 'hello', protocol: PROTOCOL_VERSION, role: 'studio' }, /endpoint is \/ws\/device/],
    ['no device id', { t: 'hello', protocol: PROTOCOL_VERSION, role: 'device' }, /deviceId/],
    ['an id with odd characters', { t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId: '../x' }, /deviceId/],
    ['an id other than the URL names', { t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId: 'other' }, /does not match/],
    ['an unknown kind', { t: 'hello', protocol: PROTOCOL_VERSION, role: 'device', deviceId: 'p1', info: { kind: 'robot' } }, /kind/],
  ])('refuses a handshake with %s', async (_name, hello, message) => {
    const { server } = await bridge();
    const inbox = new Inbox(await openSocket(wsUrl(server, 'device', { token: server.token, device: 'p1' })));
    inbox.send(hello);
    const msg = await inbox.next();
    expect(msg).toMatchObject({ t: 'error', id: null, error: { name: 'ProtocolError' } });
    expect(msg.error.message).toMatch(message);
    expect((await inbox.closed).code).toBe(1002);
  });

  it('closes a socket that never says hello', async () => {
    const { server } = await bridge({ handshakeTimeoutMs: 50 });
    const inbox = new Inbox(await openSocket(wsUrl(server, 'device')));
    const msg = await inbox.next();
    expect(msg.error.code).toBe('timeout');
    expect(await inbox.closed).toEqual({ code: 1008, reason: 'handshake timeout' });
  });
});
