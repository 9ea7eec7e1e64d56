/**
 * Runs at scale: N pages of one EnvPool (one browser, one context) against the raw floor of the
 * same N pages in the same run, the oracle on the real built-in tasks through the parallel
 * runner, and the per-instance comparison that shows whether parallel pages race.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAgent } from '../agents/registry.ts';
import type { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import { DEFAULT_CONFIG } from '../runner/config.ts';
import { executeEpisodes } from '../runner/execute.ts';
import type { ErrorEntry } from '../protocol/runFolder.ts';
import { planRun } from '../runner/plan.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';
import { openFloorPages } from './floorPages.ts';
import { envSteps, rawTaps, showChat, type Point } from './steps.ts';

export interface OracleRun {
  seed: number;
  sampleN: number;
  pages: number;
  episodes: number;
  /** Sum of row.steps (terminal actions such as COMPLETE count as a step, as in the rows). */
  steps: number;
  wallS: number;
  stepsPerS: number;
  episodesPerMin: number;
  successRate: number;
  /** Rows that did not complete (run errors, timeouts…) and failed attempts. */
  notCompleted: number;
  failedAttempts: number;
  rows: ResultRow[];
}

/** The smallest --sample-n whose plan keeps `pages` pages busy: at least 3 episodes per page. */
export async function sampleNFor(pages: number, seed: number): Promise<number> {
  for (let n = 1; n < 64; n++) {
    const plan = await planRun({ ...DEFAULT_CONFIG, sampleSeed: seed, sampleN: n });
    if (plan.episodes.length >= 3 * pages) return n;
  }
  return 64;
}

/**
 * The oracle on the real built-in tasks through the parallel runner, one worker per page of the
 * pool, exactly as `phonegym run --parallel N` drives it (setup, reset, agent, judge, trajectory
 * files into a temp folder; with `frames` off, as `--no-screenshots`). Wall time from the first
 * episode's start to the last row.
 */
export async function oracleRun(pool: EnvPool, seed: number, sampleN: number, log: (l: string) => void, limit?: number, frames = true): Promise<OracleRun> {
  const plan = await planRun({ ...DEFAULT_CONFIG, sampleSeed: seed, sampleN });
  if (limit !== undefined) plan.episodes = plan.episodes.slice(0, limit);
  const runDir = mkdtempSync(join(tmpdir(), 'phonegym-bench-'));
  const rows: ResultRow[] = [];
  const errors: ErrorEntry[] = [];
  try {
    const t0 = performance.now();
    await executeEpisodes({
      episodes: plan.episodes,
      pool,
      runDir,
      agentFor: (env) => createAgent('oracle', { coordsFromCss: env.coordsFromCss }),
      onRow: (r) => rows.push(r),
      onError: (e) => errors.push(e),
      frames,
      log,
    });
    const wallS = (performance.now() - t0) / 1000;
    const steps = rows.reduce((a, r) => a + r.steps, 0);
    return {
      seed,
      sampleN,
      pages: pool.size,
      episodes: rows.length,
      steps,
      wallS,
      stepsPerS: steps / wallS,
      episodesPerMin: (rows.length / wallS) * 60,
      successRate: rows.length ? rows.filter((r) => r.success).length / rows.length : 0,
      notCompleted: rows.filter((r) => r.status !== 'completed').length,
      failedAttempts: errors.length,
      rows,
    };
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
}

/**
 * The pure step loop on N pages at once: every env runs the chat cycle concurrently; total steps
 * over the wall time. No setup, no judge, no files: what env.step alone sustains at this N.
 */
export async function concurrentEnvSteps(envs: SimulatorEnv[], stateJson: string, stepsPerPage: number): Promise<{ sps: number; points: Point[][] }> {
  await Promise.all(envs.map((e) => showChat(e, stateJson)));
  const t0 = performance.now();
  const runs = await Promise.all(envs.map((e) => envSteps(e, stepsPerPage)));
  const wallS = (performance.now() - t0) / 1000;
  return { sps: (envs.length * stepsPerPage) / wallS, points: runs.map((r) => r.points) };
}

/**
 * The raw floor for N: N pages (each showing the phone from the same state) all at once doing
 * click + one frame + Playwright JPEG screenshot, replaying the taps the env made; total steps
 * per second across the pages.
 */
export async function concurrentFloor(envs: SimulatorEnv[], stateJson: string, points: Point[][]): Promise<number> {
  await Promise.all(envs.map((e) => showChat(e, stateJson)));
  const t0 = performance.now();
  await Promise.all(envs.map((e, i) => rawTaps(e.page, points[i]!)));
  const total = points.reduce((a, p) => a + p.length, 0);
  return total / ((performance.now() - t0) / 1000);
}

export interface ScaleFigures {
  pages: number;
  /** Browser contexts the pool's pages actually live in (pages isolation promises one). */
  poolContexts: number;
  /** Oracle on real tasks, steps/s. */
  oracle: OracleRun;
  /** The pure env.step loop on the same pages, steps/s. */
  envLoop: number;
  /** Raw floor for the same N, N pages in one context: mean of one run before and one after the oracle run. */
  floor: number;
  floorSamples: number[];
  /** The same raw floor on the pool's own pages (in however many contexts they are). */
  floorPoolPages: number;
}

/**
 * Everything at one N on one pool: warm up (chat taps on every page, raw taps on the floor's
 * pages, one oracle episode per page: a fresh page's first tasks pay for JIT and first renders),
 * the pure step loop, the floor (N raw pages in one context of the pool's browser), the oracle
 * run, the floor again (so a machine that gets busier or quieter during the oracle run shows in
 * both), and the floor on the pool's own pages.
 */
export async function scaleAt(pool: EnvPool, bridge: BridgeServer, o: { stateJson: string; seed: number; stepsPerPage: number; log: (l: string) => void }): Promise<ScaleFigures> {
  const envs = pool.envs;
  const floorPages = await openFloorPages(pool.browsers()[0]!, bridge, envs.length, `f${envs.length}`);
  try {
    const warm = await concurrentEnvSteps(envs, o.stateJson, 8);
    await concurrentFloor(floorPages.envs, o.stateJson, warm.points);
    const loop = await concurrentEnvSteps(envs, o.stateJson, o.stepsPerPage);
    const before = await concurrentFloor(floorPages.envs, o.stateJson, loop.points);
    const sampleN = await sampleNFor(envs.length, o.seed);
    await oracleRun(pool, o.seed, sampleN, o.log, envs.length);
    const oracle = await oracleRun(pool, o.seed, sampleN, o.log);
    const after = await concurrentFloor(floorPages.envs, o.stateJson, loop.points);
    const floorPoolPages = await concurrentFloor(pool.envs, o.stateJson, loop.points);
    const poolContexts = new Set(pool.envs.map((e) => e.page.context())).size;
    return { pages: envs.length, poolContexts, oracle, envLoop: loop.sps, floor: (before + after) / 2, floorSamples: [before, after], floorPoolPages };
  } finally {
    await floorPages.close();
  }
}

/** `task_id#instance#trial` → success, and the keys whose success (or presence) differs between two runs. */
export function successMismatches(a: ResultRow[], b: ResultRow[]): string[] {
  const key = (r: ResultRow) => `${r.task_id}#${r.instance}#${r.trial_id}`;
  const ma = new Map(a.map((r) => [key(r), r.success]));
  const mb = new Map(b.map((r) => [key(r), r.success]));
  const out: string[] = [];
  for (const k of new Set([...ma.keys(), ...mb.keys()])) {
    if (ma.get(k) !== mb.get(k)) out.push(`${k}: ${ma.get(k) ?? 'missing'} vs ${mb.get(k) ?? 'missing'}`);
  }
  return out.sort();
}
