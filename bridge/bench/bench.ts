/**
 * Long file: one table of every figure, printed and emitted as JSON from one place, is the point of it.
 * `npm run bench`: phonegym's figures side by side with the raw Playwright floor measured in
 * the same run on the same pages (FACTS.md method). Prints a table and, as its last line, one
 * JSON line with every figure. It measures and prints; it never fails on a figure.
 *
 *   1 page:  env.step (real chat actions, screenshot included)  vs  click + one frame + JPEG screenshot
 *            in-page reset p50 between episodes (to the launcher, into each app, and each app's
 *            first screen alone against the launcher: firstScreen.ts; and to a state never
 *            seen)                                              vs  page.reload() p50
 *            state JSON size, largest over seeds 1-20, per app
 *            judge (diff + goals) on the full chat state; the recorder's per-step state patch on it
 *   N pages (1, 4, 8; one EnvPool on its own Chromium):
 *            the oracle on the real built-in tasks through the parallel runner, steps/s
 *            (and the pure env.step loop)                       vs  N raw pages in ONE context of the same
 *                                                                   browser doing the floor step at once
 *   memory:  PSS of the browser's process tree, 1 env vs 9 envs  vs  1 vs 9 raw pages in one context
 *            → MB per extra env
 *   suite:   the whole built-in suite, parallel 8 vs parallel 1, per seed: episodes/min, success
 *            rate, and per-instance success compared (8 pages must not race)
 *   merge:   mergeRuns over 4 synthetic --shard folders of 10,000 rows in all
 *   throughput: frames skipped and capture paths (throughput.ts: capture costs and determinism,
 *            steps/s with and without the screenshot vs the floor with and without a JPEG, the
 *            whole suite on 8 pages with pictures and with --no-screenshots, CPU s an episode)
 *   adb:     the oracle over adb (a virtual device, a real adb server, adbkit) vs the same page
 *            driven directly, same tasks: steps/s, ratio, and an adb step's parts (adbPath.ts)
 *   serve:   the env server through HTTP from a client in the same run: reset p50, fork of 8 p50,
 *            steps/s through the server vs the env directly, sessions held before the first 429
 *            (serveBench.ts)
 *
 * Under load every figure moves; the ratios against a floor measured in the same run are what to
 * read, and the final JSON records the load average at the start.
 *
 * Tuning (environment): BENCH_STEPS, BENCH_RESETS (1 page); BENCH_NS (pages, default 1,4,8);
 * BENCH_SCALE_STEPS (floor steps per page); BENCH_SEEDS (default 1,2,3); BENCH_PSS_N (default 9);
 * BENCH_MERGE_ROWS (default 10000); BENCH_TP_* (throughput.ts).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensureWebBuild } from '../build/webBuild.ts';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import { judge } from '../judge/judge.ts';
import { stepChanges } from '../runner/recorder.ts';
import { splitTree } from '../protocol/slices.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { APPS } from '../../simulator-apps/catalog.ts';
import { memoryPerExtraEnv, type MemoryFigures } from './memory.ts';
import { mergeBench, type MergeFigures } from './mergeRows.ts';
import { adbPathBench, type AdbPathFigures } from './adbPath.ts';
import { serveBench, type ServeFigures } from './serveBench.ts';
import { runsAtScale, type RunsAtScaleFigures } from './runsAtScale.ts';
import { oracleRun, scaleAt, successMismatches, type OracleRun, type ScaleFigures } from './scale.ts';
import { throughputBench, throughputJson, throughputRows, type ThroughputFigures } from './throughput.ts';
import { envSteps, fmt, num, p50, rawFloor, showChat } from './steps.ts';
import { afterEpisode, describeFirstScreens, firstScreenJson, firstScreens } from './firstScreen.ts';

const list = (s: string | undefined, d: number[]) => (s ? s.split(',').map((x) => Number(x.trim())).filter((x) => Number.isInteger(x) && x > 0) : d);
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const RESETS = Number(process.env.BENCH_RESETS ?? 60);
const NS = list(process.env.BENCH_NS, [1, 4, 8]);
const SCALE_STEPS = Number(process.env.BENCH_SCALE_STEPS ?? 40);
const SEEDS = list(process.env.BENCH_SEEDS, [1, 2, 3]);
const PSS_N = Math.max(2, Number(process.env.BENCH_PSS_N ?? 9));
const MERGE_ROWS = Number(process.env.BENCH_MERGE_ROWS ?? 10_000);
/** The parallel width of the suite runs (the issue's `--parallel 8`). */
const WIDE = 8;

const started = performance.now();
/** Progress on stderr, with the seconds since the start: stdout keeps the table and the JSON line. */
const progress = (line: string) => console.error(`bench [${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

type Row = [string, string, string, string];

/**
 * One page, the figures of the first benchmark: env.step against the raw floor (Playwright's
 * page.screenshot, as FACTS.md defines it, and the bare minimum with the same CDP capture the
 * env uses, so neither comparison flatters phonegym), in-page reset against reload, judge time.
 */
async function singlePage(bridge: BridgeServer, stateJson: string) {
  const browser = await launchChromium();
  const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'one' });
  const env = await pool.acquire();
  try {
    await showChat(env, stateJson);
    // Warm up both paths before measuring.
    const warm = await envSteps(env, 12);
    await showChat(env, stateJson);
    await rawFloor(env.page, warm.points);

    const rounds: { floor: number; floorCdp: number; env: number }[] = [];
    for (let r = 0; r < 5; r++) {
      await showChat(env, stateJson);
      const step = await envSteps(env, Math.round(STEPS / 5));
      await showChat(env, stateJson);
      const floor = await rawFloor(env.page, step.points);
      await showChat(env, stateJson);
      const floorCdp = await rawFloor(env.page, step.points, 'cdp');
      rounds.push({ floor, floorCdp, env: step.sps });
    }
    // Between two episodes of a run: the episode changed the clock and one app (a chat message
    // sent); the reset goes back to the instance's initial state, which the page has seen.
    const afterJson = afterEpisode(stateJson);
    const resetMs: number[] = [];
    for (let i = 0; i < RESETS; i++) {
      await env.device.call('setState', { stateJson: afterJson });
      const t = performance.now();
      await env.device.call('reset', { stateJson });
      resetMs.push(performance.now() - t);
    }
    // The same, straight into each app's first screen (its lists drawn, not the launcher).
    const resetIntoAppMs: number[] = [];
    for (let i = 0; i < RESETS; i++) {
      const app = APPS[i % APPS.length]!;
      await env.device.call('setState', { stateJson: afterJson });
      const t = performance.now();
      await env.device.call('reset', { stateJson, route: { app: app.id, path: app.rootPath } });
      resetIntoAppMs.push(performance.now() - t);
    }
    // Each app's first screen alone, beside the launcher in the same rounds (firstScreen.ts).
    const firstScreen = await firstScreens(env, stateJson, Math.max(5, Math.round(RESETS / 4)));
    // A state the page has never seen (a new seed): every slice crosses the socket.
    const fresh = Array.from({ length: Math.min(RESETS, 30) }, (_, i) => JSON.stringify(createInitialState(1000 + i)));
    const resetFreshMs: number[] = [];
    for (const json of fresh) {
      const t = performance.now();
      await env.device.call('reset', { stateJson: json });
      resetFreshMs.push(performance.now() - t);
    }
    const reload = await reloads(bridge, env, Math.min(RESETS, 30));
    return {
      envSps: p50(rounds.map((r) => r.env)),
      floorSps: p50(rounds.map((r) => r.floor)),
      floorCdpSps: p50(rounds.map((r) => r.floorCdp)),
      resetMs: p50(resetMs),
      resetIntoAppMs: p50(resetIntoAppMs),
      firstScreen,
      resetFreshMs: p50(resetFreshMs),
      reloadMs: reload.reloadMs,
      readyMs: reload.readyMs,
    };
  } finally {
    await pool.close();
    await browser.close();
  }
}

/**
 * page.reload() p50, and until the phone is ready again: its new connection has said hello. The
 * wait starts from the old connection's close, because waitForDevice resolves at once with a
 * connection that is still open, and the old one is until the page unloads.
 */
async function reloads(bridge: BridgeServer, env: SimulatorEnv, n: number): Promise<{ reloadMs: number; readyMs: number }> {
  const reloadMs: number[] = [];
  const readyMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const old = bridge.device(env.deviceId)!;
    const reconnected = new Promise<void>((r) => old.onClose(() => r())).then(() => bridge.waitForDevice(env.deviceId, { timeoutMs: 20_000 }));
    const t = performance.now();
    await env.page.reload();
    reloadMs.push(performance.now() - t);
    await reconnected;
    readyMs.push(performance.now() - t);
  }
  // The device reconnected as a new connection: take the pool's env off the old one.
  const device = bridge.device(env.deviceId)!;
  (env as unknown as { device: typeof device }).device = device;
  return { reloadMs: p50(reloadMs), readyMs: p50(readyMs) };
}

/** The full chat state before and after one step's worth of change: one message sent, one chat pinned. */
function chatStep() {
  const state = createInitialState(1);
  const after = structuredClone(state) as typeof state;
  const chats = (after.apps.chat as { chats: { id: string; pinned: boolean; messages: { id: string; from: string; text: string; time: number }[] }[] }).chats;
  chats[0].messages.push({ id: 'm_bench', from: 'me', text: '你好', time: after.os.time.timestamp });
  chats[1].pinned = !chats[1].pinned;
  return { state, after, chats };
}

/** p50 of 300 calls of `f`, after 50 warm. */
function p50Of(f: () => void): number {
  for (let i = 0; i < 50; i++) f();
  const ms: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    f();
    ms.push(performance.now() - t);
  }
  return p50(ms);
}

/** Judge on the full chat state after that step. */
function judgeMs(): number {
  const { state, after, chats } = chatStep();
  const spec = {
    checkGoals: () => [{ name: 'sent', passed: true, path: `apps.chat.chats[${chats[0].id}].messages` }],
    expectedChanges: () => [`apps.chat.chats[${chats[1].id}].pinned`],
  };
  const input = { init: state, final: after, initRoute: { app: 'chat', path: '/' }, route: { app: 'chat', path: '/' }, answer: null, actions: [] };
  return p50Of(() => judge(spec, input));
}

/** The recorder's per-step state patch (the changed paths of that step) on the full state: what every recorded step pays for the viewer's per-step diff. */
function stepPatchMs(): number {
  const { state, after } = chatStep();
  const [beforeJson, afterJson] = [JSON.stringify(state), JSON.stringify(after)];
  // The slice versions the page reports with each read (bridge/protocol/slices.ts), as the runner has them.
  const versions = { before: splitTree(state as unknown as Record<string, unknown>).layout.versions, after: splitTree(after as unknown as Record<string, unknown>).layout.versions };
  return p50Of(() => stepChanges(state, after, beforeJson, afterJson, versions));
}

interface SuiteRuns {
  /** Parallel-1 and parallel-8 runs of the whole suite (sample-n 1), one of each per seed. */
  narrow: OracleRun[];
  wide: OracleRun[];
}

/**
 * N pages at once, for every N asked for plus the two suite widths (1 and 8): one pool per N,
 * each with its own Chromium and device-id prefix, closed before the next opens so browsers never
 * compete. The suite runs reuse the pools of width 1 and 8; the N=1 oracle run is itself the
 * parallel-1 suite run of the first seed when their plans coincide.
 */
async function atScale(bridge: BridgeServer, stateJson: string): Promise<{ scale: ScaleFigures[]; suite: SuiteRuns }> {
  const scale: ScaleFigures[] = [];
  const suite: SuiteRuns = { narrow: [], wide: [] };
  for (const n of [...new Set([...NS, 1, WIDE])].sort((a, b) => a - b)) {
    progress(`opening ${n} page(s)`);
    const pool = await EnvPool.open({ bridge, size: n, shardPrefix: `n${n}` });
    try {
      let reusable: OracleRun | null = null;
      if (NS.includes(n)) {
        const s = await scaleAt(pool, bridge, { stateJson, seed: SEEDS[0]!, stepsPerPage: SCALE_STEPS, log: progress });
        progress(`N=${n}: oracle ${fmt(s.oracle.stepsPerS)} steps/s (${s.oracle.episodes} episodes), env loop ${fmt(s.envLoop)}, floor ${fmt(s.floor)}, pool pages in ${s.poolContexts} context(s)`);
        scale.push(s);
        if (s.oracle.sampleN === 1) reusable = s.oracle;
      }
      if (n === 1 || n === WIDE) {
        for (const seed of SEEDS) {
          const run = reusable?.seed === seed ? reusable : await oracleRun(pool, seed, 1, progress);
          progress(`suite seed ${seed}, parallel ${n}: ${run.episodes} episodes in ${fmt(run.wallS)} s, SR ${fmt(run.successRate * 100, 1)}%`);
          (n === 1 ? suite.narrow : suite.wide).push(run);
        }
      }
    } finally {
      await pool.close();
    }
  }
  return { scale, suite };
}

/** Episodes/min and success rate over a set of runs (all episodes over all their wall time). */
function suiteRate(runs: OracleRun[]): { perMin: number; sr: number; episodes: number } {
  const episodes = runs.reduce((a, r) => a + r.episodes, 0);
  const wallS = runs.reduce((a, r) => a + r.wallS, 0);
  const success = runs.reduce((a, r) => a + r.rows.filter((x) => x.success).length, 0);
  return { perMin: (episodes / wallS) * 60, sr: episodes ? success / episodes : 0, episodes };
}

/** Per seed: the parallel-1 and parallel-8 runs give every instance the same success. */
function raceCheck(suite: SuiteRuns): { raceFree: boolean; mismatches: string[] } {
  const mismatches: string[] = [];
  for (const seed of SEEDS) {
    const a = suite.narrow.find((r) => r.seed === seed)!;
    const b = suite.wide.find((r) => r.seed === seed)!;
    for (const m of successMismatches(a.rows, b.rows)) mismatches.push(`seed ${seed} ${m}`);
  }
  return { raceFree: mismatches.length === 0, mismatches };
}

const SIZE_SEEDS = 20;

/** The phone's state JSON over seeds 1..SIZE_SEEDS: the largest, and each app's slice in it. */
function stateSizes(): { maxBytes: number; perAppBytes: Record<string, number>; perApp: string } {
  let max = { bytes: 0, seed: 1 };
  for (let seed = 1; seed <= SIZE_SEEDS; seed++) {
    const bytes = Buffer.byteLength(JSON.stringify(createInitialState(seed)));
    if (bytes > max.bytes) max = { bytes, seed };
  }
  const state = createInitialState(max.seed);
  const perAppBytes = Object.fromEntries(Object.entries(state.apps).map(([id, slice]) => [id, Buffer.byteLength(JSON.stringify(slice))]));
  const perApp = Object.entries(perAppBytes)
    .sort((a, b) => b[1] - a[1])
    .map(([id, b]) => `${id} ${(b / 1024).toFixed(0)}`)
    .join(', ');
  return { maxBytes: max.bytes, perAppBytes, perApp: `seed ${max.seed}: ${perApp}` };
}

function printTable(rows: Row[]): void {
  console.log('');
  console.log(`${'measure'.padEnd(50)} ${'phonegym'.padStart(10)} ${'raw floor'.padStart(10)}   ratio`);
  for (const [a, b, c, d] of rows) console.log(`${a.padEnd(50)} ${b.padStart(10)} ${c.padStart(10)}   ${d}`);
  console.log('');
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const sectionS: Record<string, number> = {};
  const lap = (name: string, since: number) => (sectionS[name] = num((performance.now() - since) / 1000, 1));
  const loadBefore = loadavg()[0]!;
  const web = await ensureWebBuild({ log: (s) => progress(s) });
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  let one: Awaited<ReturnType<typeof singlePage>>;
  let scaled: Awaited<ReturnType<typeof atScale>>;
  let memory: MemoryFigures;
  let throughput: ThroughputFigures;
  const stateJson = JSON.stringify(createInitialState(1));
  try {
    progress('1 page: steps, resets, reloads');
    let t = performance.now();
    one = await singlePage(bridge, stateJson);
    lap('one_page', t);
    t = performance.now();
    scaled = await atScale(bridge, stateJson);
    lap('pages_and_suite', t);
    progress(`memory: 1 env and ${PSS_N} envs, pool and raw pages`);
    t = performance.now();
    memory = await memoryPerExtraEnv(bridge, PSS_N, stateJson);
    lap('memory', t);
    t = performance.now();
    throughput = await throughputBench(bridge, progress);
    lap('throughput', t);
  } finally {
    await bridge.close();
  }
  const judgeP50 = judgeMs();
  const patchP50 = stepPatchMs();
  const sizes = stateSizes();
  progress(`merge: ${MERGE_ROWS} rows in 4 shards`);
  const tMerge = performance.now();
  const merge: MergeFigures = await mergeBench(MERGE_ROWS, 4);
  lap('merge', tMerge);
  const tRuns = performance.now();
  const looking: RunsAtScaleFigures = await runsAtScale(10_000, web.dir, progress);
  lap('runs_at_scale', tRuns);
  const tAdb = performance.now();
  const adb: AdbPathFigures = await adbPathBench(progress);
  lap('adb_path', tAdb);
  const tServe = performance.now();
  const served: ServeFigures = await serveBench(progress);
  lap('serve', tServe);

  const { scale, suite } = scaled;
  const wide = suiteRate(suite.wide);
  const narrow = suiteRate(suite.narrow);
  const race = raceCheck(suite);
  const wallS = (performance.now() - t0) / 1000;

  const rows: Row[] = [
    [`oracle steps/s over adb, a 360x800 virtual device (the direct page's screen), ${adb.tasks} episodes`, fmt(adb.small_screen.adb_steps_per_s), fmt(adb.small_screen.direct_steps_per_s), `${fmt(adb.small_screen.ratio, 3)} x the direct simulator path (goal ≥ 0.5); screen ${fmt(adb.small_screen.screen_ms)} ms`],
    [`  … a 1080x2400 virtual device`, fmt(adb.adb_steps_per_s), fmt(adb.direct_steps_per_s), `${fmt(adb.ratio, 3)} x; a step: screen ${fmt(adb.parts_ms.screen)} ms (screencap ${fmt(adb.parts_ms.screencap)}, of it the phone drawing 2.6 MP ${fmt(adb.parts_ms.device_draw)}; decode+scale+JPEG ${fmt(adb.parts_ms.convert)}), tree ${fmt(adb.parts_ms.tree)} ms, input ${fmt(adb.parts_ms.input)} ms`],
    ['steps/s, 1 page (real chat actions + JPEG)', fmt(one.envSps), fmt(one.floorSps), `${fmt(one.envSps / one.floorSps, 3)} x floor (goal ≥ 0.8)`],
    ['  same, floor with the CDP capture the env uses', fmt(one.envSps), fmt(one.floorCdpSps), `${fmt(one.envSps / one.floorCdpSps, 3)} x bare floor`],
    ['reset p50 (ms), between episodes, all apps\' data', fmt(one.resetMs), fmt(one.reloadMs), `${fmt(one.reloadMs / one.resetMs, 1)}x faster than reload (goal ≤ 10 ms, ≥ 4x)`],
    [`  reset into an app's first screen p50 (ms), ${APPS.length} apps in turn`, fmt(one.resetIntoAppMs), '', 'goal ≤ 10 ms'],
    [`    per app, from the launcher (x the launcher's ${fmt(one.firstScreen.launcherMs, 1)} ms)`, '', '', `${describeFirstScreens(one.firstScreen)} (goal ≤ 12 ms, ≈ ≤ 1.5x)`],
    ['  reset to a state never seen (new seed) p50 (ms)', fmt(one.resetFreshMs), '', `every slice sent: ${fmt(stateJson.length / 1024, 0)} KB over the page's socket`],
    ['reload until the phone is ready p50 (ms)', '', fmt(one.readyMs), ''],
    [`state JSON, largest of seeds 1-${SIZE_SEEDS} (KB)`, fmt(sizes.maxBytes / 1024, 0), '', `goal < 1024 KB; ${sizes.perApp}`],
    ['judge p50 on the full chat state (ms)', fmt(judgeP50, 3), '', `${(stateJson.length / 1024).toFixed(0)} KB state`],
    ['per-step state patch p50 (ms), same state', fmt(patchP50, 3), '', `${fmt((patchP50 * one.envSps) / 10, 2)}% of a 1-page env.step: steps/s without it ≈ ${fmt(1000 / (1000 / one.envSps - patchP50))}`],
  ];
  for (const s of scale) {
    const goal = s.pages === 8 ? ' (goal ≥ 0.85)' : '';
    rows.push([`oracle steps/s, real tasks, N=${s.pages} (${s.oracle.episodes} episodes)`, fmt(s.oracle.stepsPerS), fmt(s.floor), `${fmt(s.oracle.stepsPerS / s.floor, 3)} x floor at N=${s.pages}${goal}`]);
    rows.push([`  env.step loop alone, N=${s.pages}`, fmt(s.envLoop), fmt(s.floor), `${fmt(s.envLoop / s.floor, 3)} x floor (floor samples ${s.floorSamples.map((x) => fmt(x)).join(', ')})`]);
    rows.push([`  floor on the pool's own pages (${s.poolContexts} context${s.poolContexts > 1 ? 's' : ''})`, '', fmt(s.floorPoolPages), `${fmt(s.floorPoolPages / s.floor, 3)} x the one-context floor`]);
  }
  rows.push(
    [`PSS per extra env (MB), 1 vs ${memory.envs} envs`, fmt(memory.perExtraEnvMb, 1), fmt(memory.floorPerExtraPageMb, 1), `${fmt(memory.perExtraEnvMb / memory.floorPerExtraPageMb, 2)} x floor (goal ≤ 25 MB)`],
    ['  total PSS (MB), 1 → N envs', `${fmt(memory.pss1Mb, 0)}→${fmt(memory.pssNMb, 0)}`, `${fmt(memory.floor1Mb, 0)}→${fmt(memory.floorNMb, 0)}`, `${memory.processes1} → ${memory.processesN} browser processes in the pool`],
    [`episodes/min, full suite, parallel ${WIDE} (seeds ${SEEDS.join(',')})`, fmt(wide.perMin, 1), '', `${fmt(wide.perMin / narrow.perMin, 2)} x parallel 1 (${fmt(narrow.perMin, 1)}/min)`],
    [`success rate, parallel ${WIDE} / parallel 1`, `${fmt(wide.sr * 100, 1)}%`, '', `parallel 1: ${fmt(narrow.sr * 100, 1)}% (${wide.episodes} and ${narrow.episodes} episodes)`],
    ['per-instance success, parallel 8 = parallel 1', String(race.raceFree), '', `seeds ${SEEDS.join(', ')}${race.mismatches.length ? `; differs: ${race.mismatches.slice(0, 4).join('; ')}` : ''}`],
    [`merge ${merge.rows} rows from ${merge.shards} shards (ms)`, fmt(merge.ms, 0), '', `rows per shard ${merge.rowsPerShard.join('/')}; samples ${merge.samplesMs.map((x) => fmt(x, 0)).join(', ')} ms`],
    [`leaderboard build from ${looking.episodes} episodes (s), every row re-judged`, fmt(looking.buildMs / 1000, 2), '', `goal < 10 s; ${looking.verified ? 'all verified' : 'NOT all verified'}; samples ${looking.buildSamplesMs.map((x) => fmt(x / 1000, 2)).join(', ')} s; CPU ${looking.buildCpuSamplesMs.map((x) => fmt(x / 1000, 2)).join(', ')} s`],
    ['env server: reset p50 (ms), through HTTP', fmt(served.reset_p50_ms), '', `goal ≤ 15 ms; four seeds in turn; with the screenshot ${fmt(served.reset_with_screenshot_p50_ms)} ms`],
    ['  … to the same instance after a step of it (a group of rollouts)', fmt(served.reset_same_instance_p50_ms), '', 'only the slices the step changed travel'],
    ['env server: fork of 8 p50 (ms)', fmt(served.fork8_p50_ms), '', `goal ≤ 60 ms; the fork and a first step of all 8 (phones restored on the way) ${fmt(served.fork8_then_step_p50_ms)} ms`],
    ['env server: steps/s through the server', fmt(served.server_steps_per_s), fmt(served.direct_steps_per_s), `${fmt(served.server_vs_direct, 3)} x the env directly (goal ≥ 0.9)`],
    ['env server: sessions held before the first 429', String(served.sessions_before_429), '', `${served.pages} pages declared`],
    [`viewer first row on ${looking.episodes} episodes (ms)`, fmt(looking.viewerListMs, 0), '', `goal < 1000 ms; first replay ${fmt(looking.viewerReplayMs, 0)} ms; scroll frame p50 ${fmt(looking.scrollFrameMs, 1)} ms, max ${fmt(looking.scrollFrameMaxMs, 1)} ms`],
  );
  rows.push(...throughputRows(throughput));
  printTable(rows);
  progress(`done in ${fmt(wallS, 1)} s (load average ${fmt(loadBefore)} at the start, ${fmt(loadavg()[0]!)} at the end, ${cpus().length} cores)`);

  const figures = {
    state_bytes: stateJson.length,
    env_steps_per_s: num(one.envSps),
    floor_steps_per_s: num(one.floorSps),
    env_vs_floor: num(one.envSps / one.floorSps, 3),
    floor_cdp_steps_per_s: num(one.floorCdpSps),
    env_vs_floor_cdp: num(one.envSps / one.floorCdpSps, 3),
    reset_p50_ms: num(one.resetMs),
    reset_into_app_p50_ms: num(one.resetIntoAppMs),
    first_screen_launcher_p50_ms: num(one.firstScreen.launcherMs),
    first_screen_p50_ms: firstScreenJson(one.firstScreen),
    reset_fresh_state_p50_ms: num(one.resetFreshMs),
    state_bytes_max: sizes.maxBytes,
    state_bytes_per_app: sizes.perAppBytes,
    apps: APPS.length,
    reload_p50_ms: num(one.reloadMs),
    reload_until_ready_p50_ms: num(one.readyMs),
    reset_speedup_vs_reload: num(one.reloadMs / one.resetMs, 1),
    judge_p50_ms: num(judgeP50, 3),
    step_patch_p50_ms: num(patchP50, 3),
    n: Object.fromEntries(
      scale.map((s) => [
        String(s.pages),
        {
          env: num(s.oracle.stepsPerS),
          floor: num(s.floor),
          ratio: num(s.oracle.stepsPerS / s.floor, 3),
          env_loop: num(s.envLoop),
          env_loop_ratio: num(s.envLoop / s.floor, 3),
          floor_samples: s.floorSamples.map((x) => num(x)),
          floor_pool_pages: num(s.floorPoolPages),
          pool_contexts: s.poolContexts,
          episodes: s.oracle.episodes,
          steps: s.oracle.steps,
          sample_n: s.oracle.sampleN,
          wall_s: num(s.oracle.wallS),
          success_rate: num(s.oracle.successRate, 4),
          not_completed: s.oracle.notCompleted,
        },
      ]),
    ),
    pss_mb_1_env: num(memory.pss1Mb, 1),
    pss_mb_n_envs: num(memory.pssNMb, 1),
    pss_envs: memory.envs,
    pss_mb_per_extra_env: num(memory.perExtraEnvMb, 1),
    pss_processes_1_env: memory.processes1,
    pss_processes_n_envs: memory.processesN,
    floor_pss_mb_1_page: num(memory.floor1Mb, 1),
    floor_pss_mb_n_pages: num(memory.floorNMb, 1),
    floor_pss_mb_per_extra_page: num(memory.floorPerExtraPageMb, 1),
    serve: { ...served, reset_p50_ms: num(served.reset_p50_ms), reset_with_screenshot_p50_ms: num(served.reset_with_screenshot_p50_ms), reset_same_instance_p50_ms: num(served.reset_same_instance_p50_ms), fork8_p50_ms: num(served.fork8_p50_ms), fork8_then_step_p50_ms: num(served.fork8_then_step_p50_ms), server_steps_per_s: num(served.server_steps_per_s), direct_steps_per_s: num(served.direct_steps_per_s), server_vs_direct: num(served.server_vs_direct, 3) },
    episodes_per_min_parallel8: num(wide.perMin, 1),
    episodes_per_min_parallel1: num(narrow.perMin, 1),
    success_rate_parallel8: num(wide.sr, 4),
    success_rate_parallel1: num(narrow.sr, 4),
    suite_runs: suite.wide.map((w, i) => ({ seed: w.seed, parallel8: { episodes: w.episodes, wall_s: num(w.wallS), sr: num(w.successRate, 4) }, parallel1: { episodes: suite.narrow[i]!.episodes, wall_s: num(suite.narrow[i]!.wallS), sr: num(suite.narrow[i]!.successRate, 4) } })),
    race_free: race.raceFree,
    seeds: SEEDS,
    race_mismatches: race.mismatches,
    merge_10k_rows_ms: num(merge.ms, 1),
    merge_rows: merge.rows,
    merge_rows_per_shard: merge.rowsPerShard,
    leaderboard_build_10k_ms: num(looking.buildMs, 0),
    leaderboard_build_samples_ms: looking.buildSamplesMs.map((x) => num(x, 0)),
    leaderboard_build_cpu_samples_ms: looking.buildCpuSamplesMs.map((x) => num(x, 0)),
    leaderboard_verified: looking.verified,
    viewer_first_row_10k_ms: num(looking.viewerListMs, 0),
    viewer_first_replay_10k_ms: num(looking.viewerReplayMs, 0),
    viewer_scroll_frame_p50_ms: num(looking.scrollFrameMs, 1),
    viewer_scroll_frame_max_ms: num(looking.scrollFrameMaxMs, 1),
    adb_oracle_steps_per_s: num(adb.adb_steps_per_s),
    adb_direct_steps_per_s: num(adb.direct_steps_per_s),
    adb_vs_direct: num(adb.ratio, 3),
    adb_step_parts_ms: { screen: num(adb.parts_ms.screen), screencap: num(adb.parts_ms.screencap), device_draw: num(adb.parts_ms.device_draw), convert: num(adb.parts_ms.convert), tree: num(adb.parts_ms.tree), input: num(adb.parts_ms.input) },
    adb_small_screen_vs_direct: num(adb.small_screen.ratio, 3),
    ...throughputJson(throughput),
    bench_wall_s: num(wallS, 1),
    section_s: sectionS,
    load_avg_1m_start: num(loadBefore),
    load_avg_1m_end: num(loadavg()[0]!),
  };
  console.log(JSON.stringify(figures));
}

await main();
