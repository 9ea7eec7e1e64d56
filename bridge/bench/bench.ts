/**
 * `npm run bench`: phonegym's figures side by side with the raw Playwright floor measured in
 * the same run on the same page (FACTS.md method). Prints a table and a final JSON line.
 *
 *   env.step (real chat actions, screenshot included)  vs  click + one frame + JPEG screenshot
 *   in-page reset p50                                  vs  page.reload() p50
 *   judge (diff + goals) on the full chat state
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright';
import { ensureWebBuild } from '../build/webBuild.ts';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import { judge } from '../judge/judge.ts';
import type { UiNode } from '../protocol/state.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const RESETS = Number(process.env.BENCH_RESETS ?? 60);

const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const fmt = (x: number, d = 2) => x.toFixed(d);

/**
 * The floor: the same taps as the env made, done raw (mouse click, one animation frame, JPEG
 * screenshot), on the same page, from the same starting state. The difference is exactly what
 * phonegym adds per step: settling, the state and UI tree read, coordinate mapping.
 */
async function rawFloor(page: Page, points: { x: number; y: number }[], capture: 'playwright' | 'cdp' = 'playwright'): Promise<number> {
  const cdp = capture === 'cdp' ? await page.context().newCDPSession(page) : null;
  const t0 = performance.now();
  for (const p of points) {
    await page.mouse.click(p.x, p.y);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');
    if (cdp) await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, optimizeForSpeed: true });
    else await page.screenshot({ type: 'jpeg', quality: 80, scale: 'css' });
  }
  const sps = points.length / ((performance.now() - t0) / 1000);
  await cdp?.detach();
  return sps;
}

function center(n: UiNode) {
  return { x: Math.round(n.bounds.x + n.bounds.w / 2), y: Math.round(n.bounds.y + n.bounds.h / 2) };
}

/** Real chat actions in a cycle: open a chat, back (the nav bar's back button), contacts tab, chats tab. */
async function envSteps(env: SimulatorEnv, n: number): Promise<{ sps: number; points: { x: number; y: number }[] }> {
  let obs = await env.observe();
  const points: { x: number; y: number }[] = [];
  const keys = [(x: UiNode) => x.key?.startsWith('chat.item.') ?? false, (x: UiNode) => x.key === 'nav.back', (x: UiNode) => x.key === 'tab.contacts', (x: UiNode) => x.key === 'tab.chats'];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const target = obs.tree.find(keys[i % 4]);
    if (!target) throw new Error(`bench: step ${i} found nothing to tap on ${obs.route.path}`);
    const p = center(target);
    points.push(p);
    obs = (await env.step({ type: 'tap', ...p })).observation;
  }
  return { sps: n / ((performance.now() - t0) / 1000), points };
}

async function main(): Promise<void> {
  const web = await ensureWebBuild({ log: (s) => console.log(s) });
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  const browser = await launchChromium();
  const pool = await EnvPool.open({ browser, bridge, size: 1 });
  const env = await pool.acquire();
  try {
    const state = createInitialState(1);
    const stateJson = JSON.stringify(state);
    await env.reset(stateJson);
    await env.openApp('chat');
    // Warm up both paths before measuring.
    const warm = await envSteps(env, 12);
    await env.reset(stateJson);
    await env.openApp('chat');
    await rawFloor(env.page, warm.points);

    // The floor as FACTS.md defines it (Playwright's page.screenshot), and the bare minimum with the
    // same compositor capture the env uses (CDP), so neither comparison flatters phonegym.
    const rounds: { floor: number; floorCdp: number; env: number }[] = [];
    for (let r = 0; r < 5; r++) {
      await env.reset(stateJson);
      await env.openApp('chat');
      const step = await envSteps(env, Math.round(STEPS / 5));
      await env.reset(stateJson);
      await env.openApp('chat');
      await env.device.call('settle', {});
      const floor = await rawFloor(env.page, step.points);
      await env.reset(stateJson);
      await env.openApp('chat');
      await env.device.call('settle', {});
      const floorCdp = await rawFloor(env.page, step.points, 'cdp');
      rounds.push({ floor, floorCdp, env: step.sps });
    }
    const floorSps = p50(rounds.map((r) => r.floor));
    const envSps = p50(rounds.map((r) => r.env));
    const floorCdpSps = p50(rounds.map((r) => r.floorCdp));

    const resetMs: number[] = [];
    for (let i = 0; i < RESETS; i++) {
      const t = performance.now();
      await env.device.call('reset', { stateJson });
      resetMs.push(performance.now() - t);
    }
    const reloadMs: number[] = [];
    const readyMs: number[] = [];
    for (let i = 0; i < Math.min(RESETS, 30); i++) {
      const reconnected = bridge.waitForDevice(env.deviceId, { timeoutMs: 20_000 });
      const t = performance.now();
      await env.page.reload();
      reloadMs.push(performance.now() - t);
      await reconnected;
      readyMs.push(performance.now() - t);
    }
    // The device reconnected as a new connection: take the pool's env off the old one.
    const device = bridge.device(env.deviceId)!;
    (env as unknown as { device: typeof device }).device = device;

    // Judge on the full chat state: one message sent and one chat pinned.
    const after = structuredClone(state) as typeof state;
    const chats = (after.apps.chat as { chats: { id: string; pinned: boolean; messages: { id: string; from: string; text: string; time: number }[] }[] }).chats;
    chats[0].messages.push({ id: 'm_bench', from: 'me', text: '你好', time: after.os.time.timestamp });
    chats[1].pinned = !chats[1].pinned;
    const spec = {
      checkGoals: () => [{ name: 'sent', passed: true, path: `apps.chat.chats[${chats[0].id}].messages` }],
      expectedChanges: () => [`apps.chat.chats[${chats[1].id}].pinned`],
    };
    const input = { init: state, final: after, initRoute: { app: 'chat', path: '/' }, route: { app: 'chat', path: '/' }, answer: null, actions: [] };
    for (let i = 0; i < 50; i++) judge(spec, input);
    const judgeMs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      judge(spec, input);
      judgeMs.push(performance.now() - t);
    }

    const figures = {
      state_bytes: stateJson.length,
      env_steps_per_s: Number(fmt(envSps)),
      floor_steps_per_s: Number(fmt(floorSps)),
      env_vs_floor: Number(fmt(envSps / floorSps, 3)),
      floor_cdp_steps_per_s: Number(fmt(floorCdpSps)),
      env_vs_floor_cdp: Number(fmt(envSps / floorCdpSps, 3)),
      reset_p50_ms: Number(fmt(p50(resetMs))),
      reload_p50_ms: Number(fmt(p50(reloadMs))),
      reload_until_ready_p50_ms: Number(fmt(p50(readyMs))),
      reset_speedup_vs_reload: Number(fmt(p50(reloadMs) / p50(resetMs), 1)),
      judge_p50_ms: Number(fmt(p50(judgeMs), 3)),
    };
    const rows: [string, string, string, string][] = [
      ['steps/s, 1 page (real chat actions + JPEG)', fmt(envSps), fmt(floorSps), `${fmt(envSps / floorSps, 3)} x floor (goal ≥ 0.8)`],
      ['  same, floor with the CDP capture the env uses', fmt(envSps), fmt(floorCdpSps), `${fmt(envSps / floorCdpSps, 3)} x bare floor`],
      ['reset p50 (ms)', fmt(p50(resetMs)), fmt(p50(reloadMs)), `${figures.reset_speedup_vs_reload}x faster than reload (goal ≤ 10 ms, ≥ 4x)`],
      ['reload until the phone is ready p50 (ms)', '', fmt(p50(readyMs)), ''],
      ['judge p50 on the full chat state (ms)', fmt(p50(judgeMs), 3), '', `${(stateJson.length / 1024).toFixed(0)} KB state`],
    ];
    console.log('');
    console.log(`${'measure'.padEnd(46)} ${'phonegym'.padStart(10)} ${'raw floor'.padStart(10)}   ratio`);
    for (const [a, b, c, d] of rows) console.log(`${a.padEnd(46)} ${b.padStart(10)} ${c.padStart(10)}   ${d}`);
    console.log('');
    console.log(JSON.stringify(figures));
  } finally {
    await pool.close();
    await browser.close();
    await bridge.close();
  }
}

await main();
