/**
 * One set of env tests, two backends, swapped by one fixture (as Playwright's page tests swap
 * browsers): the simulator env (a Playwright page) and the ADB env (the real `adb` server and
 * adbkit against a virtual device, whose state travels over adb itself). Both are driven in the
 * agent's `norm1000` space through `coordsFromCss`, so the mapping is tested on both. What only
 * one backend has (dumpsys routes, the IME, refusals) stays in its own test file.
 */
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { SimulatorPhone } from '../../bridge/device/simulatorPhone.ts';
import { VirtualDevice } from '../../bridge/device/virtualDevice.ts';
import { AdbPool } from '../../bridge/env/adbPool.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { requireState, type Env, type Observation } from '../../bridge/env/types.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { startAdbServer } from '../helpers/adbServer.ts';

interface Backend {
  env: Env;
  close(): Promise<void>;
}

const COORDS = { space: 'norm1000', screenshotScale: 1 } as const;

const backends: [string, () => Promise<Backend>][] = [
  [
    'simulator',
    async () => {
      const web = await ensureWebBuild({});
      const bridge = await BridgeServer.start({ staticDir: web.dir });
      const pool = await EnvPool.open({ bridge, size: 1, shardPrefix: 'be', coords: COORDS.space, screenshotScale: COORDS.screenshotScale });
      const env = await pool.acquire();
      return { env, close: async () => (await pool.close(), await bridge.close()) };
    },
  ],
  [
    'adb (virtual device)',
    async () => {
      const server = await startAdbServer();
      const phone = await SimulatorPhone.launch();
      const device = await VirtualDevice.start({ phone });
      // No state handed over: the pool finds a virtual device and reads its state over adb.
      const pool = await AdbPool.open({ serials: [device.address], adbPort: server.port, coords: COORDS });
      const env = await pool.acquire();
      return { env, close: async () => (await pool.close(), await device.close(), await phone.close(), await server.stop()) };
    },
  ],
];

const seeded = JSON.stringify(createInitialState(4));
const centre = (n: UiNode) => ({ x: n.bounds.x + n.bounds.w / 2, y: n.bounds.y + n.bounds.h / 2 });

describe.each(backends)('the env on %s', (_name, open) => {
  let backend: Backend;
  let env: Env;
  /** A tap on an element, in the agent's space. */
  const tapOn = (n: UiNode): Action => ({ type: 'tap', ...env.coordsFromCss(centre(n)) });
  const node = (o: Observation, pred: (n: UiNode) => boolean, what: string): UiNode => {
    const n = o.tree.find(pred);
    if (!n) throw new Error(`${what} is not on screen (route ${o.route.app}${o.route.path}; keys ${o.tree.map((x) => x.key).filter(Boolean).slice(0, 20).join(', ')})`);
    return n;
  };

  beforeAll(async () => {
    backend = await open();
    env = backend.env;
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
  });

  it('has a state tree, snapshots and events, and the declared coordinate space', () => {
    expect(env.capabilities).toEqual({ state: true, snapshot: true, events: true });
    expect(env.coords).toEqual(COORDS);
    // The screen's corners: (0, 0) and (1000, 1000) in norm1000.
    expect(env.coordsFromCss({ x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(env.coordsFromCss({ x: 360, y: 800 })).toEqual({ x: 1000, y: 1000 });
  });

  it('resets to a state and observes it: the same state, home, a UI tree and a 360x800 JPEG', async () => {
    await env.reset(seeded);
    const o = requireState(await env.observe(), 'the test');
    expect(o.stateJson).toBe(seeded);
    expect(o.route.app).toBe('home');
    expect(o.tree.some((n) => n.key?.startsWith('app.'))).toBe(true);
    const shot = jpeg.decode(o.screenshot);
    expect([shot.width, shot.height]).toEqual([360, 800]);
    const alone = jpeg.decode(await env.screenshot());
    expect([alone.width, alone.height]).toEqual([360, 800]);
  });

  it('a tap on an app icon opens the app; the action comes back in CSS pixels', async () => {
    await env.reset(seeded);
    const icon = node(await env.observe({ screenshot: false }), (n) => n.key === 'app.settings', 'the settings icon');
    const r = await env.step(tapOn(icon), { screenshot: false });
    expect(r.observation.route.app).toBe('settings');
    const c = centre(icon);
    const css = r.cssAction as Extract<Action, { type: 'tap' }>;
    // norm1000 has 1000 steps over 360 CSS pixels (and a phone whole device pixels): within a pixel.
    expect(Math.abs(css.x - c.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(css.y - c.y)).toBeLessThanOrEqual(1);
  });

  it('open_app, then the back and home keys', async () => {
    await env.reset(seeded);
    const chat = await env.step({ type: 'open_app', app: 'chat' }, { screenshot: false });
    expect(chat.observation.route.app).toBe('chat');
    const first = node(chat.observation, (n) => n.key?.startsWith('chat.item.') ?? false, 'a conversation');
    const inChat = await env.step(tapOn(first), { screenshot: false });
    expect(inChat.observation.route.path).not.toBe(chat.observation.route.path);
    const back = await env.step({ type: 'key', key: 'back' }, { screenshot: false });
    expect(back.observation.route).toEqual(chat.observation.route);
    const home = await env.step({ type: 'key', key: 'home' }, { screenshot: false });
    expect(home.observation.route.app).toBe('home');
  });

  it('types Chinese into a field', async () => {
    await env.reset(seeded);
    const o = (await env.step({ type: 'open_app', app: 'contacts' }, { screenshot: false })).observation;
    const field = node(o, (n) => n.key === 'contacts.search', 'the contacts search field');
    const typed = await env.step({ type: 'type', text: '张伟', ...env.coordsFromCss(centre(field)) }, { screenshot: false });
    expect(node(typed.observation, (n) => n.key === 'contacts.search', 'the field').value).toBe('张伟');
  });

  it('a swipe up scrolls a list', async () => {
    await env.reset(seeded);
    const o = (await env.step({ type: 'open_app', app: 'settings' }, { screenshot: false })).observation;
    const top = (x: Observation) => x.tree.find((n) => n.key?.startsWith('settings.entry.'))!;
    const before = top(o);
    const from = env.coordsFromCss({ x: 180, y: 650 });
    const to = env.coordsFromCss({ x: 180, y: 250 });
    const after = (await env.step({ type: 'swipe', x1: from.x, y1: from.y, x2: to.x, y2: to.y, durationMs: 300 }, { screenshot: false })).observation;
    const same = after.tree.find((n) => n.key === before.key);
    // The first entry moved up (or off the screen).
    expect(same ? same.bounds.y < before.bounds.y : top(after).key !== before.key).toBe(true);
  });

  it('snapshots the phone and restores it in place', async () => {
    await env.reset(seeded);
    await env.step({ type: 'open_app', app: 'chat' }, { screenshot: false });
    const saved = requireState(await env.observe({ screenshot: false }), 'the test');
    const snap = await env.snapshot();
    const o = (await env.step({ type: 'key', key: 'home' }, { screenshot: false })).observation;
    expect(o.route.app).toBe('home');
    await env.restore(snap);
    const back = requireState(await env.observe({ screenshot: false }), 'the test');
    expect(back.stateJson).toBe(saved.stateJson);
    expect(back.route).toEqual(saved.route);
  });
});
