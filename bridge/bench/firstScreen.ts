/**
 * Reset straight into each app's first screen, per app, beside the reset to the launcher measured
 * in the same rounds on the same page: the figure `npm run bench` reports as "reset into an app's
 * first screen", broken down so a slow app shows. The rounds interleave the launcher and every
 * app, so load on a shared machine falls on all of them alike; read the ratio into-app / launcher.
 *
 * Alone: `node --import tsx bridge/bench/firstScreen.ts` (FIRSTSCREEN_ROUNDS per repeat, default
 * 15; FIRSTSCREEN_REPEATS, default 3). Prints one table per repeat and a JSON line at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { APPS } from '../../simulator-apps/catalog.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import type { PhoneState } from '../protocol/state.ts';
import { fmt, num, p50 } from './steps.ts';

export interface FirstScreenFigures {
  rounds: number;
  /** p50 ms of the reset to the launcher. */
  launcherMs: number;
  /** p50 ms of the reset into each app's root route, and that over the launcher's. */
  apps: { app: string; ms: number; ratio: number }[];
}

/**
 * The state an episode leaves behind: the clock moved and one chat message sent. Each reset goes
 * from it back to the instance's initial state, which the page has seen (as between episodes).
 */
export function afterEpisode(stateJson: string): string {
  const after = JSON.parse(stateJson) as PhoneState;
  after.os.time.timestamp += 60_000;
  const chat = after.apps.chat as { chats: { messages: unknown[] }[] };
  chat.chats[0]!.messages.push({ id: 'm_99999', from: 'me', text: '基准测试', time: after.os.time.timestamp });
  return JSON.stringify(after);
}

/**
 * `rounds` rounds of: the launcher, then every app's first screen, each reset timed alone. Each
 * starts on the launcher showing the episode's end state, so no figure carries the unmounting of
 * the screen measured before it (bench.ts's all-apps figure starts on the previous app's screen).
 */
export async function firstScreens(env: SimulatorEnv, stateJson: string, rounds: number): Promise<FirstScreenFigures> {
  const afterJson = afterEpisode(stateJson);
  const targets = [null, ...APPS];
  const ms = new Map<string, number[]>(targets.map((a) => [a?.id ?? 'home', []]));
  for (let r = 0; r < rounds; r++) {
    for (const app of targets) {
      await env.device.call('reset', { stateJson: afterJson });
      const t = performance.now();
      await env.device.call('reset', app ? { stateJson, route: { app: app.id, path: app.rootPath } } : { stateJson });
      ms.get(app?.id ?? 'home')!.push(performance.now() - t);
    }
  }
  const launcherMs = p50(ms.get('home')!);
  return {
    rounds,
    launcherMs,
    apps: APPS.map((a) => {
      const m = p50(ms.get(a.id)!);
      return { app: a.id, ms: m, ratio: m / launcherMs };
    }),
  };
}

/** One line per app: `chat 7.1 ms (1.3x)`. */
export function describeFirstScreens(f: FirstScreenFigures): string {
  return f.apps.map((a) => `${a.app} ${fmt(a.ms, 1)} ms (${fmt(a.ratio, 1)}x)`).join(', ');
}

export function firstScreenJson(f: FirstScreenFigures): Record<string, { ms: number; ratio: number }> {
  return Object.fromEntries(f.apps.map((a) => [a.app, { ms: num(a.ms), ratio: num(a.ratio) }]));
}

async function main(): Promise<void> {
  const { ensureWebBuild } = await import('../build/webBuild.ts');
  const { launchChromium } = await import('../env/browser.ts');
  const { EnvPool } = await import('../env/envPool.ts');
  const { BridgeServer } = await import('../server/bridgeServer.ts');
  const rounds = Number(process.env.FIRSTSCREEN_ROUNDS ?? 15);
  const repeats = Number(process.env.FIRSTSCREEN_REPEATS ?? 3);
  const web = await ensureWebBuild({ log: (s) => console.error(s) });
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  const browser = await launchChromium();
  const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'firstscreen' });
  const all: FirstScreenFigures[] = [];
  try {
    const env = await pool.acquire();
    const stateJson = JSON.stringify(createInitialState(1));
    await firstScreens(env, stateJson, 3); // warm up: every screen's code compiled once
    for (let i = 0; i < repeats; i++) {
      const load = loadavg()[0]!;
      const f = await firstScreens(env, stateJson, rounds);
      all.push(f);
      console.log(`\nrepeat ${i + 1}/${repeats}, ${rounds} rounds, load average ${fmt(load)}`);
      console.log(`${'first screen'.padEnd(12)} ${'p50 ms'.padStart(8)} ${'x launcher'.padStart(11)}`);
      console.log(`${'launcher'.padEnd(12)} ${fmt(f.launcherMs, 1).padStart(8)} ${'1.0'.padStart(11)}`);
      for (const a of f.apps) console.log(`${a.app.padEnd(12)} ${fmt(a.ms, 1).padStart(8)} ${fmt(a.ratio, 2).padStart(11)}`);
    }
  } finally {
    await pool.close();
    await browser.close();
    await bridge.close();
  }
  console.log(JSON.stringify(all.map((f) => ({ launcher_ms: num(f.launcherMs), apps: firstScreenJson(f) }))));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
