/**
 * The env server over real sockets, in front of real phone pages: what the root says, the
 * token, a whole episode with its verdict, per-step progress, the errors a client can make,
 * 429 and the fair queue, a client that goes away mid-step, snapshots and forks, idle sessions
 * reclaimed, and OpenEnv's WebSocket protocol.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { EnvServer } from '../../bridge/serve/envServer.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry, type LoadedTask } from '../../bridge/tasks/registry.ts';

let bridge: BridgeServer;
let pool: EnvPool;
let server: EnvServer;
let tasks: LoadedTask[];

beforeAll(async () => {
  const web = await ensureWebBuild({});
  tasks = (await loadRegistry()).tasks;
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 2, shardPrefix: 'srv' });
  server = await EnvServer.start({ pool, tasks, envId: 'phonegym@0.1.0+test1234', tokenMatches: (t) => bridge.tokenMatches(t), port: 0, idleTimeoutS: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await pool?.close();
  await bridge?.close();
});

type Json = Record<string, any>;

async function call(method: string, path: string, body?: unknown, token: string | null = bridge.token, on = server): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(on.url + path, { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

async function create(body: Json): Promise<string> {
  const r = await call('POST', '/v1/sessions', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.session as string;
}

/** Polls until `check` holds (the server's state moves on its own: a socket closing, a timer). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

const freePhones = async (on = server) => (await call('GET', '/ready', undefined, null, on)).body.free as number;

describe('what it is', () => {
  it('answers at its root in JSON and in HTML, and probes without the token', async () => {
    const json = await call('GET', '/', undefined, null);
    expect(json.body).toMatchObject({ name: 'phonegym env server', env: 'phonegym@0.1.0+test1234', capacity: 2, endpoints: expect.objectContaining({ 'POST /v1/sessions': expect.any(String) }) });
    const html = await fetch(server.url + '/', { headers: { Accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    const page = await html.text();
    expect(page).toContain('<h1>phonegym env server</h1>');
    expect(page).toContain('<code>phonegym@0.1.0+test1234</code>');
    expect((await call('GET', '/metadata', undefined, null)).body.env).toBe('phonegym@0.1.0+test1234');
    expect((await call('GET', '/health', undefined, null)).body).toEqual({ status: 'healthy' });
    expect((await call('GET', '/ready', undefined, null)).body).toMatchObject({ ready: true, capacity: 2, free: 2 });
  });

  it('refuses a wrong or missing token, over HTTP and on the socket', async () => {
    for (const token of [null, 'not-the-token']) {
      const r = await call('POST', '/v1/sessions', { task: 'chat.PinChat' }, token);
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('Authorization: Bearer') });
    }
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=wrong-token`);
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });
});

describe('an episode', () => {
  it('steps to the end with reward, done and the verdict; a step after done is refused', async () => {
    const id = await create({ task: 'chat.PinChat', seed: 3, screenshot: false });
    const s = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'key', key: 'home' } });
    expect(s.body).toMatchObject({ reward: 0, done: false, truncated: false, info: { task: 'chat.PinChat', steps: 1 } });
    expect(s.body.observation).toMatchObject({ screenshot: expect.any(String), route: { app: 'home' }, goal: expect.any(String), step: 1 });
    const end = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'complete' } });
    expect(end.body).toMatchObject({ reward: 0, done: true, info: { stop_reason: 'complete', verdict: { passed: false, goals: [expect.objectContaining({ passed: false })] } } });
    const again = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'complete' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'episode_done', message: expect.stringContaining('reset the session, or restore a snapshot') });
    expect((await call('GET', `/v1/sessions/${id}/state`)).body).toMatchObject({ step_count: 2, task: 'chat.PinChat', done: true });
    expect((await call('DELETE', `/v1/sessions/${id}`)).status).toBe(200);
    expect((await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'complete' } })).body.error.code).toBe('session_closed');
  });

  it('reports progress every step for a task with sub-goals, and counts the budget', async () => {
    const id = await create({ task: 'chat.SendMessage', seed: 2, screenshot: false, max_steps: 2, reward: 'progress' });
    const one = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'wait', ms: 1000 } });
    expect(one.body.info.progress).toEqual(expect.any(Number));
    const two = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'wait', ms: 1000 } });
    expect(two.body).toMatchObject({ done: true, truncated: true, info: { stop_reason: 'max_steps', verdict: expect.any(Object) } });
    await call('DELETE', `/v1/sessions/${id}`);
  });

  it('draws a session in another look (variant): the same task instance, another phone to look at', async () => {
    const plain = await call('POST', '/v1/sessions', { task: 'chat.PinChat', seed: 3, screenshot: false });
    const looked = await call('POST', '/v1/sessions', { task: 'chat.PinChat', seed: 3, variant: 1, screenshot: false });
    expect(looked.status).toBe(201);
    expect(looked.body.info).toMatchObject({ variant: 1, params: plain.body.info.params });
    expect(plain.body.info.variant).toBe(0);
    expect(looked.body.info.state_hash).not.toBe(plain.body.info.state_hash);
    expect((await call('GET', `/v1/sessions/${looked.body.session}/state`)).body).toMatchObject({ variant: 1 });
    const bad = await call('POST', `/v1/sessions/${looked.body.session}/reset`, { task: 'chat.PinChat', seed: 3, variant: -2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('variant must be a whole number from 0 to 9999');
    await call('DELETE', `/v1/sessions/${plain.body.session}`);
    await call('DELETE', `/v1/sessions/${looked.body.session}`);
  });

  it('says clearly what was wrong: an unknown task, a malformed action, an unknown snapshot, a stray field', async () => {
    const unknown = await call('POST', '/v1/sessions', { task: 'chat.PinChatt' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_task', message: expect.stringContaining('did you mean chat.PinChat') });
    const id = await create({ task: 'chat.PinChat', seed: 1, screenshot: false });
    const bad = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'tap', x: 'middle', y: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'bad_action', message: expect.stringContaining('action.x must be a finite number') });
    const restore = await call('POST', `/v1/sessions/${id}/restore`, { snapshot: 'snap_nope' });
    expect(restore.status).toBe(404);
    expect(restore.body.error).toMatchObject({ code: 'unknown_snapshot', message: expect.stringContaining('Take a new snapshot') });
    const stray = await call('POST', '/v1/sessions', { task: 'chat.PinChat', sede: 3 });
    expect(stray.body.error.message).toContain('did you mean seed');
    await call('DELETE', `/v1/sessions/${id}`);
  });
});

describe('capacity', () => {
  it('answers 429 with Retry-After when full, and hands a freed phone to the longest waiter first', async () => {
    const a = await create({ task: 'chat.PinChat', screenshot: false });
    const b = await create({ task: 'chat.PinChat', screenshot: false });
    const full = await call('POST', '/v1/sessions', { task: 'chat.PinChat' });
    expect(full.status).toBe(429);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(full.body.error).toMatchObject({ code: 'at_capacity', message: expect.stringContaining('wait_s') });
    expect((await call('GET', '/ready', undefined, null)).status).toBe(503);
    const queued = call('POST', '/v1/sessions', { task: 'chat.PinChat', screenshot: false, wait_s: 60 });
    await until(async () => (await call('GET', '/ready', undefined, null)).body.queued === 1, 'the create is queued');
    await call('DELETE', `/v1/sessions/${a}`);
    // The freed phone went to the waiter, not to a newcomer.
    const got = await queued;
    expect(got.status).toBe(201);
    expect((await call('POST', '/v1/sessions', { task: 'chat.PinChat' })).status).toBe(429);
    await call('DELETE', `/v1/sessions/${b}`);
    await call('DELETE', `/v1/sessions/${got.body.session}`);
    expect(await freePhones()).toBe(2);
  });

  it('stays healthy when a client goes away in the middle of a step', async () => {
    const id = await create({ task: 'chat.PinChat', seed: 4, screenshot: false });
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/v1/sessions/${id}/step`, { method: 'POST', headers: { Authorization: `Bearer ${bridge.token}` } });
      req.on('error', () => {});
      req.end(JSON.stringify({ action: { type: 'open_app', app: 'settings' } }));
      // Gone the moment the server is stepping the phone for it.
      void until(async () => server.status().busy === 1, 'the step is running').then(() => {
        req.destroy();
        resolve();
      });
    });
    // The step ran to its end on the phone; the session goes on.
    const next = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'key', key: 'home' } });
    expect(next.status).toBe(200);
    expect(next.body.info.steps).toBe(2);
    // A socket closed mid-step: its session ends after the step, the phone comes back.
    const ws = await openSocket();
    await exchange(ws, { type: 'reset', data: { task: 'chat.PinChat', seed: 1, screenshot: false } });
    ws.send(JSON.stringify({ type: 'step', data: { type: 'open_app', app: 'chat' } }));
    ws.terminate();
    await call('DELETE', `/v1/sessions/${id}`);
    await until(async () => (await freePhones()) === 2, 'both phones free again');
    expect((await call('GET', '/health', undefined, null)).body.status).toBe('healthy');
  });
});

describe('snapshots and forks through the server', () => {
  it('forks n sessions that step alike, and restores any session to a snapshot', async () => {
    const id = await create({ task: 'chat.PinChat', seed: 5 });
    await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'open_app', app: 'chat' } });
    const { body: snap } = await call('POST', `/v1/sessions/${id}/snapshot`);
    expect(snap.snapshot).toMatch(/^snap_/);
    const after = await call('POST', `/v1/sessions/${id}/step`, { action: { type: 'key', key: 'home' } });
    expect((await call('POST', '/v1/fork', { snapshot: snap.snapshot, n: 2 })).status).toBe(429); // one phone is free
    const back = await call('POST', `/v1/sessions/${id}/restore`, { snapshot: snap.snapshot });
    expect(back.body.info.steps).toBe(1);
    expect(back.body.observation.route.app).toBe('chat');
    await call('DELETE', `/v1/sessions/${id}`);
    const fork = await call('POST', '/v1/fork', { snapshot: snap.snapshot, n: 2 });
    expect(fork.status).toBe(201);
    const [f1, f2] = fork.body.sessions as string[];
    // The second fork's phone is restored at its first step, from the snapshot it holds: releasing
    // the snapshot from the store now takes nothing from it.
    expect((await call('DELETE', `/v1/snapshots/${snap.snapshot}`)).status).toBe(200);
    const step = (s: string) => call('POST', `/v1/sessions/${s}/step`, { action: { type: 'key', key: 'home' } });
    const [r1, r2] = [await step(f1!), await step(f2!)];
    expect(r1.body.info.state_hash).toBe(r2.body.info.state_hash);
    expect(r1.body.info.env).toBe('phonegym@0.1.0+test1234');
    expect(r1.body.observation.screenshot).toBe(r2.body.observation.screenshot);
    // …and the same as the original after the same action from the same snapshot.
    expect(r1.body.info.state_hash).toBe(after.body.info.state_hash);
    expect(r1.body.observation.screenshot).toBe(after.body.observation.screenshot);
    await call('DELETE', `/v1/sessions/${f1}`);
    await call('DELETE', `/v1/sessions/${f2}`);
    expect((await call('DELETE', `/v1/snapshots/${snap.snapshot}`)).body.error.code).toBe('unknown_snapshot');
  });
});

describe("OpenEnv's WebSocket protocol", () => {
  it('resets, steps, reports state and closes with the message shapes of openenv-core', async () => {
    const ws = await openSocket();
    const reset = await exchange(ws, { type: 'reset', data: { task: 'chat.PinChat', seed: 3, episode_id: 'mine-1', screenshot: false } });
    expect(reset).toMatchObject({ type: 'observation', data: { reward: null, done: false, observation: { route: expect.any(Object), tree: expect.any(Array), metadata: { task: 'chat.PinChat' } } } });
    const step = await exchange(ws, { type: 'step', data: { type: 'key', key: 'home', metadata: {} } });
    expect(step).toMatchObject({ type: 'observation', data: { reward: 0, done: false, observation: { step: 1 } } });
    expect(await exchange(ws, { type: 'state' })).toMatchObject({ type: 'state', data: { episode_id: 'mine-1', step_count: 1 } });
    expect(await exchange(ws, { type: 'step', data: { type: 'jump' } })).toMatchObject({ type: 'error', data: { code: 'VALIDATION_ERROR', phonegym_code: 'bad_action' } });
    expect(await exchange(ws, { type: 'dance' })).toMatchObject({ type: 'error', data: { code: 'UNKNOWN_TYPE' } });
    ws.send('{not json');
    expect(await nextMessage(ws)).toMatchObject({ type: 'error', data: { code: 'INVALID_JSON' } });
    const closed = new Promise((r) => ws.on('close', r));
    ws.send(JSON.stringify({ type: 'close' }));
    await closed;
    await until(async () => (await freePhones()) === 2, 'the socket’s phone is free again');
  });

  it('says CAPACITY_REACHED when every phone is taken', async () => {
    const a = await create({ task: 'chat.PinChat', screenshot: false });
    const b = await create({ task: 'chat.PinChat', screenshot: false });
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { Authorization: `Bearer ${bridge.token}` } });
    expect(await nextMessage(ws)).toMatchObject({ type: 'error', data: { code: 'CAPACITY_REACHED', max_sessions: 2 } });
    await call('DELETE', `/v1/sessions/${a}`);
    await call('DELETE', `/v1/sessions/${b}`);
  });
});

describe('idle sessions', () => {
  it('closes a session idle past the timeout and gives its phone back', async () => {
    const onePool = await EnvPool.open({ bridge, size: 1, shardPrefix: 'idle' });
    const idle = await EnvServer.start({ pool: onePool, tasks, tokenMatches: (t) => bridge.tokenMatches(t), port: 0, idleTimeoutS: 1 });
    try {
      const r = await call('POST', '/v1/sessions', { task: 'chat.PinChat', screenshot: false }, bridge.token, idle);
      expect(await freePhones(idle)).toBe(0);
      await until(async () => (await freePhones(idle)) === 1, 'the idle session is reclaimed');
      const late = await call('POST', `/v1/sessions/${r.body.session}/step`, { action: { type: 'complete' } }, bridge.token, idle);
      expect(late.status).toBe(410);
      expect(late.body.error.message).toContain('idle longer than the idle timeout');
    } finally {
      await idle.close();
      await onePool.close();
    }
  });
});

function openSocket(): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${bridge.token}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<Json> {
  return new Promise((resolve) => ws.once('message', (m) => resolve(JSON.parse(String(m)))));
}

async function exchange(ws: WebSocket, msg: unknown): Promise<Json> {
  const reply = nextMessage(ws);
  ws.send(JSON.stringify(msg));
  return reply;
}
