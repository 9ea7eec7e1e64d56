/**
 * Throughput a trainer notices: what skipping the frames nobody reads buys, and what each way of
 * taking the frames that are read costs. Part of `npm run bench`; runs alone too:
 *
 *   node --import tsx bridge/bench/throughput.ts
 *
 *   capture:  one settled screen taken by every capture path this browser offers (CDP
 *             Page.captureScreenshot with and without optimizeForSpeed, with a clip at scale 1,
 *             Playwright's page.screenshot), p50 ms each, taken in turns so load hits all alike;
 *             and whether each gives the same bytes on two fresh pages after the same actions.
 *             The screencast (Page.startScreencast) is measured as what it costs a step loop to
 *             have it running, since it sends frames when the compositor draws, not on request.
 *   1 page:   env.step with and without the screenshot  vs  click + one frame with and without
 *             a JPEG (the FACTS.md floor, Playwright's capture and the env's CDP one)
 *   suite:    the whole built-in suite, the oracle on 8 pages, trajectories with pictures
 *             (the default) and with `--no-screenshots`, in turns; the same passed set required;
 *             the 8-page floor (click + frame + JPEG in one context) before and after
 *
 * Tuning (environment): BENCH_TP_STEPS (1-page steps per round, default 24), BENCH_TP_ROUNDS
 * (suite runs of each kind, default 2), BENCH_TP_SEED (default 1), BENCH_TP_CAPTURES (default 24),
 * BENCH_TP_SUITE=0 (no suite runs).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright';
import { ensureWebBuild } from '../build/webBuild.ts';
import { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { openFloorPages } from './floorPages.ts';
import { browserProcessIds } from './memory.ts';
import { concurrentEnvSteps, concurrentFloor, oracleRun, type OracleRun } from './scale.ts';
import { envSteps, fmt, num, p50, rawFloor, showChat, type Point } from './steps.ts';

const STEPS = Number(process.env.BENCH_TP_STEPS ?? 24);
const ROUNDS = Math.max(1, Number(process.env.BENCH_TP_ROUNDS ?? 2));
const SEED = Number(process.env.BENCH_TP_SEED ?? 1);
const CAPTURES = Number(process.env.BENCH_TP_CAPTURES ?? 24);
/** BENCH_TP_SUITE=0: the capture and one-page figures only (a minute, not ten). */
const SUITE = process.env.BENCH_TP_SUITE !== '0';
const WIDE = 8;

/** One way of taking the screen as a JPEG. */
interface CapturePath {
  name: string;
  take(page: Page, cdp: CDPSession): Promise<Buffer>;
}

/** A capture that never answers (headless Chromium may ignore some options) counts as refused, not as a hang. */
const CAPTURE_TIMEOUT_MS = 10_000;

const cdpJpeg = (extra: Record<string, unknown>) => async (_page: Page, cdp: CDPSession) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${CAPTURE_TIMEOUT_MS / 1000} s`)), CAPTURE_TIMEOUT_MS)));
  try {
    return Buffer.from((await Promise.race([cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, ...extra }), timeout])).data, 'base64');
  } finally {
    clearTimeout(timer);
  }
};

export const CAPTURE_PATHS: readonly CapturePath[] = [
  { name: 'cdp, optimizeForSpeed (the env\'s)', take: cdpJpeg({ optimizeForSpeed: true }) },
  { name: 'cdp, default encoder', take: cdpJpeg({}) },
  { name: 'cdp, optimizeForSpeed, clip scale 1', take: cdpJpeg({ optimizeForSpeed: true, clip: { x: 0, y: 0, width: 360, height: 800, scale: 1 } }) },
  { name: 'cdp, optimizeForSpeed, fromSurface false', take: cdpJpeg({ optimizeForSpeed: true, fromSurface: false }) },
  { name: 'playwright page.screenshot', take: (page) => page.screenshot({ type: 'jpeg', quality: 80, scale: 'css', caret: 'hide' }) },
];

export interface CaptureFigure {
  name: string;
  /** p50 ms of one capture of a settled screen; null where the browser refused the options. */
  p50Ms: number | null;
  /** Two fresh pages, the same seed and actions: the same bytes at every step. */
  identical: boolean | null;
  bytes: number | null;
  error?: string;
}

export interface ThroughputFigures {
  capture: CaptureFigure[];
  /** A chat step loop with the screencast running (frames acknowledged, none read), steps/s, beside the same loop without it. */
  screencast: { withSps: number; withoutSps: number; framesPerStep: number };
  onePage: { withShotSps: number; withoutShotSps: number; floorSps: number; floorCdpSps: number; floorNoShotSps: number; cpuMsWithShot: number; cpuMsWithoutShot: number };
  suite: { withFrames: MeasuredRun[]; withoutFrames: MeasuredRun[]; floor8: number[]; sameVerdicts: boolean; mismatches: string[] };
  loadStart: number;
  loadEnd: number;
}

/** The chat cycle's taps, screen after screen, with the frames of the page taken by `path` after each. */
async function framesAlong(env: SimulatorEnv, stateJson: string, path: CapturePath, points: Point[], cdp: CDPSession): Promise<string[]> {
  await showChat(env, stateJson);
  const shots = [(await path.take(env.page, cdp)).toString('base64')];
  for (const p of points) {
    await env.step({ type: 'tap', ...p }, { screenshot: false, tree: false });
    shots.push((await path.take(env.page, cdp)).toString('base64'));
  }
  return shots;
}

/** Each capture path's cost on a settled screen (in turns), and its determinism across two pages. */
async function captureFigures(envs: SimulatorEnv[], stateJson: string, log: (l: string) => void): Promise<CaptureFigure[]> {
  const [a, b] = envs as [SimulatorEnv, SimulatorEnv];
  const sessions = await Promise.all(envs.map((e) => e.page.context().newCDPSession(e.page)));
  try {
    await showChat(a, stateJson);
    const { points } = await envSteps(a, 8);
    const ms = new Map<string, number[]>(CAPTURE_PATHS.map((p) => [p.name, []]));
    const errors = new Map<string, string>();
    await showChat(a, stateJson);
    let tap = 0;
    for (let i = 0; i < CAPTURES; i++) {
      for (const path of CAPTURE_PATHS) {
        if (errors.has(path.name)) continue;
        // A new screen for every capture: a capture of a screen already captured is served from
        // the frame drawn for the one before (taken after one tap, every path but the first
        // measured half its cost).
        await a.step({ type: 'tap', ...points[tap++ % points.length]! }, { screenshot: false, tree: false });
        const t = performance.now();
        try {
          await path.take(a.page, sessions[0]!);
          ms.get(path.name)!.push(performance.now() - t);
        } catch (e) {
          errors.set(path.name, (e as Error).message.split('\n')[0]!);
        }
      }
    }
    const out: CaptureFigure[] = [];
    for (const path of CAPTURE_PATHS) {
      const error = errors.get(path.name);
      if (error) {
        out.push({ name: path.name, p50Ms: null, identical: null, bytes: null, error });
        continue;
      }
      log(`throughput: ${path.name}: ${fmt(p50(ms.get(path.name)!))} ms; the same frames on two pages?`);
      const [fa, fb] = await Promise.all([framesAlong(a, stateJson, path, points, sessions[0]!), framesAlong(b, stateJson, path, points, sessions[1]!)]);
      out.push({ name: path.name, p50Ms: p50(ms.get(path.name)!), identical: fa.length > 1 && fa.every((s, i) => s === fb[i]), bytes: Math.round(fa.reduce((n, s) => n + (s.length * 3) / 4, 0) / fa.length) });
    }
    return out;
  } finally {
    await Promise.all(sessions.map((s) => s.detach().catch(() => {})));
  }
}

/** The chat step loop on one page with and without the screencast running, in turns. */
async function screencastCost(env: SimulatorEnv, stateJson: string): Promise<ThroughputFigures['screencast']> {
  const cdp = await env.page.context().newCDPSession(env.page);
  let frames = 0;
  cdp.on('Page.screencastFrame', (f) => {
    frames++;
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  });
  const loop = async () => {
    await showChat(env, stateJson);
    const t0 = performance.now();
    let obs = await env.observe({ screenshot: false });
    for (let i = 0; i < STEPS; i++) {
      const target = obs.tree.find((n) => [n.key?.startsWith('chat.item.'), n.key === 'nav.back', n.key === 'tab.contacts', n.key === 'tab.chats'][i % 4]);
      if (!target) throw new Error(`bench: nothing to tap on ${obs.route.path}`);
      obs = (await env.step({ type: 'tap', x: target.bounds.x + target.bounds.w / 2, y: target.bounds.y + target.bounds.h / 2 }, { screenshot: false })).observation;
    }
    return STEPS / ((performance.now() - t0) / 1000);
  };
  try {
    const withS: number[] = [];
    const withoutS: number[] = [];
    let castFrames = 0;
    for (let r = 0; r < 3; r++) {
      withoutS.push(await loop());
      await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, everyNthFrame: 1 });
      const before = frames;
      withS.push(await loop());
      castFrames += frames - before;
      await cdp.send('Page.stopScreencast');
    }
    return { withSps: p50(withS), withoutSps: p50(withoutS), framesPerStep: castFrames / (3 * STEPS) };
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** env.step with and without its screenshot, beside the floor with and without a JPEG, in rounds. */
async function onePage(env: SimulatorEnv, browserPids: number[], stateJson: string): Promise<ThroughputFigures['onePage']> {
  const rounds: { withShot: number; withoutShot: number; floor: number; floorCdp: number; floorNoShot: number; cpuWithShot: number; cpuWithoutShot: number }[] = [];
  /** The step loop, with the CPU ms a step cost (browser and bridge). */
  const measured = async () => {
    const before = cpuSeconds(browserPids);
    const run = await envSteps(env, STEPS);
    return { ...run, cpuMs: ((cpuSeconds(browserPids) - before) * 1000) / STEPS };
  };
  for (let r = 0; r < 3; r++) {
    await showChat(env, stateJson);
    const shot = await measured();
    env.screenshots = false;
    await showChat(env, stateJson);
    const noShot = await measured().finally(() => (env.screenshots = true));
    await showChat(env, stateJson);
    const floor = await rawFloor(env.page, shot.points);
    await showChat(env, stateJson);
    const floorCdp = await rawFloor(env.page, shot.points, 'cdp');
    await showChat(env, stateJson);
    const floorNoShot = await rawFloor(env.page, shot.points, 'none');
    rounds.push({ withShot: shot.sps, withoutShot: noShot.sps, floor, floorCdp, floorNoShot, cpuWithShot: shot.cpuMs, cpuWithoutShot: noShot.cpuMs });
  }
  const m = (k: keyof (typeof rounds)[number]) => p50(rounds.map((r) => r[k]));
  return { withShotSps: m('withShot'), withoutShotSps: m('withoutShot'), floorSps: m('floor'), floorCdpSps: m('floorCdp'), floorNoShotSps: m('floorNoShot'), cpuMsWithShot: m('cpuWithShot'), cpuMsWithoutShot: m('cpuWithoutShot') };
}

/**
 * CPU seconds used so far by this Node process and the browser's processes (user + system, with
 * their reaped children): what a run costs whatever else the machine is doing, where its wall
 * time is only what the load left it.
 */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime, stime, cutime, cstime: fields 14-17 of stat, 11-14 after the name.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // A process that is gone took its time with it; the pages' processes outlive the runs.
    }
  }
  const node = process.cpuUsage();
  return ticks / 100 + (node.user + node.system) / 1e6;
}

/** An oracle run with the CPU seconds it cost per episode (browser and bridge). */
type MeasuredRun = OracleRun & { cpuPerEpisode: number };

async function measuredRun(pool: EnvPool, frames: boolean, log: (l: string) => void): Promise<MeasuredRun> {
  const { pids } = await browserProcessIds(pool.browsers()[0]!);
  const before = cpuSeconds(pids);
  const run = await oracleRun(pool, SEED, 1, log, undefined, frames);
  return { ...run, cpuPerEpisode: (cpuSeconds(pids) - before) / run.episodes };
}

/** `task#instance#trial` of the rows that passed. */
const passedSet = (run: OracleRun) => new Set(run.rows.filter((r) => r.passed).map((r) => `${r.task_id}#${r.instance}#${r.trial_id}`));

/** The whole suite on 8 pages, pictures on and off in turns, the 8-page floor before and after. */
async function suiteAt8(bridge: BridgeServer, stateJson: string, log: (l: string) => void): Promise<ThroughputFigures['suite']> {
  const pool = await EnvPool.open({ bridge, size: WIDE, shardPrefix: 'tp8' });
  const floorPages = await openFloorPages(pool.browsers()[0]!, bridge, WIDE, 'tpf');
  try {
    const warm = await concurrentEnvSteps(pool.envs, stateJson, 8);
    await concurrentFloor(floorPages.envs, stateJson, warm.points);
    // One short run warms every page's first renders of every app before anything is timed.
    await oracleRun(pool, SEED, 1, log, WIDE * 2, false);
    const floor8 = [await concurrentFloor(floorPages.envs, stateJson, warm.points.map((p) => [...p, ...p, ...p, ...p]))];
    const withFrames: MeasuredRun[] = [];
    const withoutFrames: MeasuredRun[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const on = await measuredRun(pool, true, log);
      log(`suite with pictures: ${on.episodes} episodes in ${fmt(on.wallS)} s = ${fmt(on.episodesPerMin, 1)}/min, ${fmt(on.cpuPerEpisode, 3)} CPU s an episode (load ${fmt(loadavg()[0]!)})`);
      withFrames.push(on);
      const off = await measuredRun(pool, false, log);
      log(`suite --no-screenshots: ${off.episodes} episodes in ${fmt(off.wallS)} s = ${fmt(off.episodesPerMin, 1)}/min, ${fmt(off.cpuPerEpisode, 3)} CPU s an episode (load ${fmt(loadavg()[0]!)})`);
      withoutFrames.push(off);
    }
    floor8.push(await concurrentFloor(floorPages.envs, stateJson, warm.points.map((p) => [...p, ...p, ...p, ...p])));
    const reference = [...passedSet(withFrames[0]!)].sort();
    const mismatches: string[] = [];
    for (const run of [...withFrames, ...withoutFrames]) {
      const got = passedSet(run);
      for (const k of reference) if (!got.has(k)) mismatches.push(`${k} passed once, not in another run`);
      for (const k of got) if (!reference.includes(k)) mismatches.push(`${k} passed in one run only`);
    }
    return { withFrames, withoutFrames, floor8, sameVerdicts: mismatches.length === 0, mismatches: [...new Set(mismatches)] };
  } finally {
    await floorPages.close();
    await pool.close();
  }
}

export async function throughputBench(bridge: BridgeServer, log: (l: string) => void = () => {}): Promise<ThroughputFigures> {
  const loadStart = loadavg()[0]!;
  const stateJson = JSON.stringify(createInitialState(1));
  const pool = await EnvPool.open({ bridge, size: 2, shardPrefix: 'tp1' });
  let capture: CaptureFigure[];
  let screencast: ThroughputFigures['screencast'];
  let one: ThroughputFigures['onePage'];
  try {
    log('throughput: capture paths');
    capture = await captureFigures(pool.envs, stateJson, log);
    log('throughput: the screencast running under a step loop');
    // The page opened last is the browser's front page: the others get animation frames late when
    // nothing captures them (see docs/scale.md, Frames), which would hide what the screenshot costs.
    const front = pool.envs.at(-1)!;
    screencast = await screencastCost(front, stateJson);
    for (const c of capture) if (c.error) log(`throughput: ${c.name}: refused (${c.error})`);
    log('throughput: 1 page, with and without the screenshot');
    one = await onePage(front, (await browserProcessIds(pool.browsers()[0]!)).pids, stateJson);
  } finally {
    await pool.close();
  }
  log(`throughput: the whole suite on ${WIDE} pages, ${ROUNDS} run(s) with pictures and without`);
  const suite = SUITE ? await suiteAt8(bridge, stateJson, log) : { withFrames: [], withoutFrames: [], floor8: [], sameVerdicts: true, mismatches: [] };
  return { capture, screencast, onePage: one, suite, loadStart, loadEnd: loadavg()[0]!};
}

/** Episodes/min over runs (all their episodes over all their wall time). */
export const perMin = (runs: OracleRun[]): number => (runs.reduce((a, r) => a + r.episodes, 0) / runs.reduce((a, r) => a + r.wallS, 0)) * 60;

/** The figures as rows of bench.ts's table: measure, phonegym, raw floor, note. */
export function throughputRows(f: ThroughputFigures): [string, string, string, string][] {
  type Row = [string, string, string, string];
  const o = f.onePage;
  const rows: Row[] = [
    ...f.capture.map((c): Row => [`capture p50 (ms): ${c.name}`, c.p50Ms === null ? 'n/a' : fmt(c.p50Ms), '', c.error ? `refused: ${c.error}` : `${c.identical ? 'same bytes on two pages' : 'BYTES DIFFER between two pages'}; ~${fmt((c.bytes ?? 0) / 1024, 0)} KB`]),
    ['  a step loop with the screencast running (steps/s)', fmt(f.screencast.withSps), fmt(f.screencast.withoutSps), `${fmt(f.screencast.withSps / f.screencast.withoutSps, 3)} x without it; ${fmt(f.screencast.framesPerStep, 1)} frames a step, none on request`],
    ['steps/s, 1 page, with the screenshot', fmt(o.withShotSps), fmt(o.floorSps), `${fmt(o.withShotSps / o.floorSps, 3)} x floor (click + frame + page.screenshot); ${fmt(o.withShotSps / o.floorCdpSps, 3)} x the CDP-capture floor ${fmt(o.floorCdpSps)}`],
    ['steps/s, 1 page, without (tree-only agents, --no-screenshots)', fmt(o.withoutShotSps), fmt(o.floorNoShotSps), `${fmt(o.withoutShotSps / o.floorNoShotSps, 3)} x floor (click + frame); ${fmt(o.withoutShotSps / o.withShotSps, 2)} x with the screenshot`],
    ['CPU ms a step, 1 page (browser + bridge), with the screenshot / without', fmt(o.cpuMsWithShot, 1), fmt(o.cpuMsWithoutShot, 1), `${fmt(o.cpuMsWithShot / o.cpuMsWithoutShot, 2)} x: the screenshot's share, whatever the load`],
  ];
  if (f.suite.withFrames.length === 0) return rows;
  const on = perMin(f.suite.withFrames);
  const off = perMin(f.suite.withoutFrames);
  const floor8 = f.suite.floor8.reduce((a, b) => a + b, 0) / f.suite.floor8.length;
  const cpuOn = cpu(f.suite.withFrames);
  const cpuOff = cpu(f.suite.withoutFrames);
  rows.push(
    ['CPU s an oracle episode (browser + bridge), with pictures / without', fmt(cpuOn, 3), fmt(cpuOff, 3), `${fmt(cpuOn / cpuOff, 2)} x: what the load does not change; 2 free cores would run ${fmt(120 / cpuOff, 0)} episodes/min without pictures`],
    [`oracle episodes/min, whole suite, ${WIDE} pages, with pictures`, fmt(on, 1), fmt(floor8), `floor: ${WIDE} raw pages' steps/s (click + frame + JPEG), ${fmt(f.suite.floor8[0]!)} before, ${fmt(f.suite.floor8.at(-1)!)} after`],
    [`  the same with --no-screenshots (goal ≥ 120)`, fmt(off, 1), '', `${fmt(off / on, 2)} x with pictures; same passed set in all ${f.suite.withFrames.length + f.suite.withoutFrames.length} runs: ${f.suite.sameVerdicts}${f.suite.mismatches.length ? ` (${f.suite.mismatches.slice(0, 3).join('; ')})` : ''}`],
  );
  return rows;
}

/** Mean CPU seconds an episode over runs. */
const cpu = (runs: MeasuredRun[]): number => runs.reduce((a, r) => a + r.cpuPerEpisode * r.episodes, 0) / runs.reduce((a, r) => a + r.episodes, 0);

/** The figures as keys of bench.ts's JSON line. */
export function throughputJson(f: ThroughputFigures): Record<string, unknown> {
  const on = perMin(f.suite.withFrames);
  const off = perMin(f.suite.withoutFrames);
  return {
    capture_p50_ms: Object.fromEntries(f.capture.map((c) => [c.name, c.p50Ms === null ? null : num(c.p50Ms)])),
    capture_identical: Object.fromEntries(f.capture.map((c) => [c.name, c.identical])),
    screencast_step_ratio: num(f.screencast.withSps / f.screencast.withoutSps, 3),
    steps_per_s_with_screenshot: num(f.onePage.withShotSps),
    steps_per_s_without_screenshot: num(f.onePage.withoutShotSps),
    cpu_ms_per_step_with_screenshot: num(f.onePage.cpuMsWithShot, 1),
    cpu_ms_per_step_without_screenshot: num(f.onePage.cpuMsWithoutShot, 1),
    floor_steps_per_s_with_jpeg: num(f.onePage.floorSps),
    floor_cdp_steps_per_s: num(f.onePage.floorCdpSps),
    floor_steps_per_s_without_jpeg: num(f.onePage.floorNoShotSps),
    suite_episodes_per_min_8_with_pictures: num(on, 1),
    suite_episodes_per_min_8_no_screenshots: num(off, 1),
    suite_runs_per_min: { with_pictures: f.suite.withFrames.map((r) => num(r.episodesPerMin, 1)), no_screenshots: f.suite.withoutFrames.map((r) => num(r.episodesPerMin, 1)) },
    suite_cpu_s_per_episode: { with_pictures: num(cpu(f.suite.withFrames), 3), no_screenshots: num(cpu(f.suite.withoutFrames), 3) },
    suite_floor_8_steps_per_s: f.suite.floor8.map((x) => num(x)),
    suite_same_verdicts: f.suite.sameVerdicts,
    throughput_load_start: num(f.loadStart),
    throughput_load_end: num(f.loadEnd),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const log = (l: string) => console.error(`throughput [${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${l}`);
  const web = await ensureWebBuild({ log });
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  try {
    const f = await throughputBench(bridge, log);
    console.log('');
    console.log(`${'measure'.padEnd(64)} ${'phonegym'.padStart(10)} ${'raw floor'.padStart(10)}   note`);
    for (const [a, b, c, d] of throughputRows(f)) console.log(`${a.padEnd(64)} ${b.padStart(10)} ${c.padStart(10)}   ${d}`);
    console.log('');
    log(`load average ${fmt(f.loadStart)} at the start, ${fmt(f.loadEnd)} at the end`);
    console.log(JSON.stringify(throughputJson(f)));
  } finally {
    await bridge.close();
  }
}
