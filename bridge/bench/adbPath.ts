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
import { shellText } from '../env/adbDevices.ts';

const TASKS = ['chat.PinChat', 'chat.MuteChat', 'wallet.HideBalance', 'chat.SendGroupMessage'];

export interface AdbPathFigures {
  tasks: number;
  steps: number;
  direct_steps_per_s: number;
  adb_steps_per_s: number;
  ratio: number;
  passed: { direct: number; adb: number };
  /** Median milliseconds of each part of an ADB observation and action. */
  parts_ms: { screen: number; tree: number; input: number };
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

export async function adbPathBench(progress: (line: string) => void = () => {}, seeds = [1, 2]): Promise<AdbPathFigures> {
  const registry = await loadRegistry();
  const tasks = TASKS.map((id) => registry.tasks.find((t) => t.id === id)).filter((t): t is LoadedTask => !!t);
  const server = await ensureAdbServer({ fresh: true });
  const phone = await SimulatorPhone.launch();
  const device = await VirtualDevice.start({ phone, model: 'bench' });
  const pool = await AdbPool.open({ serials: [device.address], adbPort: server.port, stateOf: () => phone.env });
  try {
    const env = await pool.acquire();
    progress(`adb path: ${tasks.length} tasks x ${seeds.length} seeds, direct then over adb`);
    phone.env.screenshots = true;
    await oracleSteps(phone.env, tasks.slice(0, 1), [9]); // warm both paths
    await oracleSteps(env, tasks.slice(0, 1), [9]);
    const direct = await oracleSteps(phone.env, tasks, seeds);
    const adb = await oracleSteps(env, tasks, seeds);
    const screen = await timed(15, () => env.screenshot());
    const tree = await timed(15, () => env.tree());
    const input = await timed(15, () => shellText(env.device, 'input keyevent 66'));
    const direct_steps_per_s = direct.steps / direct.seconds;
    const adb_steps_per_s = adb.steps / adb.seconds;
    return {
      tasks: tasks.length * seeds.length,
      steps: adb.steps,
      direct_steps_per_s,
      adb_steps_per_s,
      ratio: adb_steps_per_s / direct_steps_per_s,
      passed: { direct: direct.passed, adb: adb.passed },
      parts_ms: { screen, tree, input },
    };
  } finally {
    await pool.close();
    await device.close();
    await phone.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await adbPathBench((l) => console.error(l));
  console.log(`oracle steps/s  direct ${f.direct_steps_per_s.toFixed(2)}   over adb ${f.adb_steps_per_s.toFixed(2)}   ratio ${f.ratio.toFixed(2)}x   (${f.tasks} episodes, ${f.steps} steps; passed direct ${f.passed.direct}, adb ${f.passed.adb})`);
  console.log(`an adb step's parts (median ms): screen ${f.parts_ms.screen.toFixed(1)} (screencap + PNG decode + scale + JPEG)   tree ${f.parts_ms.tree.toFixed(1)} (uiautomator dump + cat)   input ${f.parts_ms.input.toFixed(1)} (one input command)`);
  console.log(JSON.stringify(f));
}
