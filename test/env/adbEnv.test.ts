/**
 * The ADB env end to end, with nothing faked: a real `adb` server of the test's own, adbkit, and
 * the virtual device (the adbd protocol over TCP, backed by a simulator page). What the env reads
 * through adb is what the page has (the UI tree, the app in front, the screen), taps go through
 * `input tap` in the phone's pixels, and with the page's state beside it the oracle of a task,
 * acting through the UI tree over adb, passes the state judge. Unusable phones are refused with
 * what to do.
 */
import jpeg from 'jpeg-js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorPhone } from '../../bridge/device/simulatorPhone.ts';
import { VirtualDevice } from '../../bridge/device/virtualDevice.ts';
import { AdbPool } from '../../bridge/env/adbPool.ts';
import type { AdbEnv } from '../../bridge/env/adbEnv.ts';
import { listDevices } from '../../bridge/env/adbDevices.ts';
import { runOracleEpisode } from '../../bridge/runner/episode.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import { startAdbServer, type TestAdbServer } from '../helpers/adbServer.ts';

let server: TestAdbServer;
let phone: SimulatorPhone;
let device: VirtualDevice<SimulatorPhone>;
let pool: AdbPool;
let env: AdbEnv;

beforeAll(async () => {
  server = await startAdbServer();
  phone = await SimulatorPhone.launch();
  device = await VirtualDevice.start({ phone, model: 'PG-Virtual' });
  pool = await AdbPool.open({ serials: [device.address], adbPort: server.port, stateOf: () => phone.env });
  env = await pool.acquire();
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await device?.close();
  await phone?.close();
  await server?.stop();
});

describe('a phone over adb', () => {
  it('is listed with its model and screen, and its env has the page state beside it', async () => {
    const listed = await listDevices(pool.client);
    expect(listed).toContainEqual({ serial: device.address, state: 'device', model: 'PG-Virtual', screen: { width: 1080, height: 2400 } });
    expect(env.frame).toEqual({ width: 360, height: 800 });
    expect(env.capabilities).toEqual({ state: true, snapshot: true, events: true });
  });

  it('observes what the page shows: its UI tree, the app in front and the screen as the agent\'s JPEG', async () => {
    const o = await env.observe();
    const page = await phone.env.observe({ screenshot: false });
    expect(o.route.app).toBe(page.route.app);
    expect(o.tree.map((n) => [n.text, n.key ?? null, n.depth])).toEqual(page.tree.map((n) => [n.text, n.key ?? null, n.depth]));
    for (const [i, n] of o.tree.entries()) {
      const b = page.tree[i]!.bounds;
      // Device pixels are whole: a CSS bound comes back within a third of a pixel.
      for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(n.bounds[k] - b[k]), `${n.text} ${k}`).toBeLessThanOrEqual(0.67);
    }
    const shot = jpeg.decode(o.screenshot);
    expect([shot.width, shot.height]).toEqual([360, 800]);
    expect(o.stateJson).toBe((await phone.env.getState()).json);
  });

  // Taps, keys, typing, swipes and snapshots on both backends: test/env/backends.test.ts.
  it('reads the route a real phone has: the package and activity dumpsys says are in front', async () => {
    await env.step({ type: 'open_app', app: 'settings' });
    expect((await phone.env.getState()).route.app).toBe('settings');
    expect(await env.route()).toEqual({ app: 'settings', path: '.MainActivity' });
  });

  // The second types Chinese: through the ADB keyboard's broadcast (the virtual device has it installed).
  it.each(['chat.PinChat', 'chat.SendGroupMessage'])('runs the oracle of %s over adb, through the UI tree, to a pass of the state judge', async (id) => {
    const registry = await loadRegistry();
    const task = registry.tasks.find((t) => t.id === id)!;
    const out = await runOracleEpisode(env, task, 3, mkdtempSync(join(tmpdir(), 'phonegym-adb-run-')), 'trajectory/one');
    const recorder = out.recorder;
    const { status, success, stop_reason, error } = out.row;
    if (!success) console.log(JSON.stringify(JSON.parse(readFileSync(join(recorder.dir, 'trajectory.json'), 'utf8')).steps.map((s: { text: string; thought?: string; route: unknown }) => [s.text, s.thought, s.route])));
    expect({ status, success, stop_reason, error }).toEqual({ status: 'completed', success: true, stop_reason: 'complete', error: null });
  }, 120_000);
});

describe('a virtual device in another process\'s run', () => {
  it('is found to be one, and its page state travels over adb: set up, read, judged', async () => {
    // No state handed over: the pool asks the phone (getprop) and reads the state through `phonegym state`.
    const remote = await AdbPool.open({ serials: [device.address], adbPort: server.port });
    try {
      const renv = await remote.acquire();
      expect(renv.capabilities.state).toBe(true);
      const registry = await loadRegistry();
      const task = registry.tasks.find((t) => t.id === 'chat.MuteChat')!;
      const out = await runOracleEpisode(renv, task, 5, mkdtempSync(join(tmpdir(), 'phonegym-adb-remote-')), 'trajectory/mute');
      expect([out.row.status, out.row.success, out.row.error]).toEqual(['completed', true, null]);
      const [over, page] = [await renv.getState(), await phone.env.getState()];
      expect(over.json).toBe(page.json);
      expect(over.route).toEqual(page.route);
    } finally {
      await remote.close();
    }
  }, 120_000);
});

describe('phones that cannot run', () => {
  const refused = async (serials: string[]) => {
    try {
      await AdbPool.open({ serials, adbPort: server.port });
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('are refused before the run, saying what to do', async () => {
    expect(await refused([])).toMatch(/--env adb needs the phones to run on: give --device SERIAL/);
    expect(await refused(['R58N12ABCDE'])).toMatch(/--device R58N12ABCDE: the adb server does not list it \(it lists 127\.0\.0\.1:\d+\)/);
    expect(await refused(['127.0.0.1:1'])).toMatch(/--device 127\.0\.0\.1:1: adb could not connect to it/);
    expect(await refused([device.address, device.address])).toMatch(/is given twice/);
  }, 60_000);
});
