/**
 * The oracle through the ADB path against the direct simulator path, on the same tasks in the
 * same run: a virtual device (the adbd protocol over TCP, a real adb server, adbkit) in front of
 * a simulator page, and the same page driven directly. Steps/s for each and their ratio, then
 * where an ADB step's time goes (the screen: screencap, PNG decode, scale, JPEG; the UI tree:
 * uiautomator dump over the shell; an input command's round trip).
 *
 *   node --import tsx bridge/bench/adbPath.ts      (alone; npm run bench runs it too)
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatorPhone } from '../device/simulatorPhone.ts';
import { VirtualDevice } from '../device/virtualDevice.ts';
import { AdbPool } from '../env/adbPool.ts';
import { ensureAdbServer } from '../env/adbServer.ts';
import type { Env } from '../env/types.ts';
import { runOracleEpisode } from '../runner/episode.ts';
import { loadRegistry, type LoadedTask } from '../tasks/registry.ts';
import { shellOutput, shellText } from '../env/adbDevices.ts';
import { pngToJpeg } from '../env/pngScale.ts';

const TASKS = ['chat.PinChat', 'chat.MuteChat', 'wallet.HideBalance', 'chat.SendGroupMessage'];

export interface AdbPathFigures {
  tasks: number;
  steps: number;
  direct_steps_per_s: number;
  adb_steps_per_s: number;
  ratio: number;
  passed: { direct: number; adb: number };
  /**
   * Median milliseconds of each part of an ADB observation and action: the screen (`screencap`:
   * the device's PNG over adb; `convert`: the host's PNG decode, scale and JPEG), the UI tree, an
   * input command's round trip; `device_draw`: of `screencap`, the virtual phone's own drawing of
   * its screen at the device's size (Chromium rasterising the page at 3x in software), the part a
   * real phone's hardware does instead.
   */
  parts_ms: { screen: number; screencap: number; convert: number; tree: number; input: number; device_draw: number };
  /** The same over a 360x800 device (`virtual-device --scale 1`: its screen is the agent's, no scaling). */
  small_screen: { adb_steps_per_s: number; direct_steps_per_s: number; ratio: number; screen_ms: number };
}

async function oracleSteps(env: Env, tasks: LoadedTask[], seeds: number[]): Promise<{ steps: number; seconds: number; passed: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'phonegym-bench-adb-'));
  let steps = 0;
  let passed = 0;
  const t0 = performance.now();
  for (const seed of seeds) {
    for (const task of tasks) {
      const out = await runOracleEpisode(env, task, seed, dir, `trajectory/${task.id}-${seed}`);
      steps += out.row.steps;
      if (out.row.success) passed++;
    }
  }
  return { steps, seconds: (performance.now() - t0) / 1000, passed };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(n: number, f: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** The oracle directly on a virtual device's page and over adb, on one device of `scale` device pixels per CSS pixel. */
async function onDevice(tasks: LoadedTask[], seeds: number[], scale: number, parts: boolean) {
  const server = await ensureAdbServer({ fresh: true });
  const phone = await SimulatorPhone.launch({ scale });
  const device = await VirtualDevice.start({ phone, model: 'bench', scale });
  const pool = await AdbPool.open({ serials: [device.address], adbPort: server.port, stateOf: () => phone.env });
  try {
    const env = await pool.acquire();
    phone.env.screenshots = true;
    await oracleSteps(phone.env, tasks.slice(0, 1), [9]); // warm both paths
    await oracleSteps(env, tasks.slice(0, 1), [9]);
    const direct = await oracleSteps(phone.env, tasks, seeds);
    const adb = await oracleSteps(env, tasks, seeds);
    const screen = await timed(15, () => env.screenshot());
    let png: Buffer = Buffer.alloc(0);
    const more = parts
      ? {
          screencap: await timed(15, async () => (png = await shellOutput(env.device, 'screencap -p', 30_000))),
          convert: await timed(15, () => Promise.resolve(pngToJpeg(png, env.frame.width, env.frame.height, 80))),
          tree: await timed(15, () => env.tree()),
          input: await timed(15, () => shellText(env.device, 'input keyevent 66')),
          device_draw: await timed(15, () => phone.env.screenshotPng(scale)),
        }
      : { screencap: 0, convert: 0, tree: 0, input: 0, device_draw: 0 };
    return { direct, adb, screen, ...more };
  } finally {
    await pool.close();
    await device.close();
    await phone.close();
    await server.stop();
  }
}

export async function adbPathBench(progress: (line: string) => void = () => {}, seeds = [1, 2]): Promise<AdbPathFigures> {
  const registry = await loadRegistry();
  const tasks = TASKS.map((id) => registry.tasks.find((t) => t.id === id)).filter((t): t is LoadedTask => !!t);
  progress(`adb path: ${tasks.length} tasks x ${seeds.length} seeds, direct then over adb, on a 1080x2400 and a 360x800 virtual device`);
  const big = await onDevice(tasks, seeds, 3, true);
  const small = await onDevice(tasks, seeds, 1, false);
  const perS = (r: { steps: number; seconds: number }) => r.steps / r.seconds;
  return {
    tasks: tasks.length * seeds.length,
    steps: big.adb.steps,
    direct_steps_per_s: perS(big.direct),
    adb_steps_per_s: perS(big.adb),
    ratio: perS(big.adb) / perS(big.direct),
    passed: { direct: big.direct.passed, adb: big.adb.passed },
    parts_ms: { screen: big.screen, screencap: big.screencap, convert: big.convert, tree: big.tree, input: big.input, device_draw: big.device_draw },
    small_screen: { adb_steps_per_s: perS(small.adb), direct_steps_per_s: perS(small.direct), ratio: perS(small.adb) / perS(small.direct), screen_ms: small.screen },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await adbPathBench((l) => console.error(l));
  const sm = f.small_screen;
  const p = f.parts_ms;
  console.log(`oracle steps/s, same tasks, same 360x800 JPEG to the agent (${f.tasks} episodes each; passed direct ${f.passed.direct}, adb ${f.passed.adb}):`);
  console.log(`  a 360x800 device (the direct page's own screen): direct ${sm.direct_steps_per_s.toFixed(2)}   over adb ${sm.adb_steps_per_s.toFixed(2)}   ratio ${sm.ratio.toFixed(2)}x (goal >= 0.5)   screen ${sm.screen_ms.toFixed(1)} ms`);
  console.log(`  a 1080x2400 device: direct ${f.direct_steps_per_s.toFixed(2)}   over adb ${f.adb_steps_per_s.toFixed(2)}   ratio ${f.ratio.toFixed(2)}x`);
  console.log(`  a 1080x2400 adb step's parts (median ms): screen ${p.screen.toFixed(1)} = screencap -p ${p.screencap.toFixed(1)} (of which the virtual phone drawing 2.6 MP: ${p.device_draw.toFixed(1)}) + PNG decode, scale, JPEG ${p.convert.toFixed(1)}; tree ${p.tree.toFixed(1)} (uiautomator dump + cat, beside the screen); input ${p.input.toFixed(1)}`);
  console.log(JSON.stringify(f));
}
