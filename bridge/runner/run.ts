/**
 * `phonegym run`: load and select tasks → expand instances and trials with their seeds →
 * start the bridge, a Chromium and a phone page → run every episode → write the run folder
 * (meta.json, results.jsonl, errors.jsonl, summary.json, trajectory/, browser_logs/).
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Browser } from 'playwright';
import { UsageError } from '../protocol/errors.ts';
import type { EpisodeInfo, RunInfo } from '../protocol/messages.ts';
import { createAgent, findAgent } from '../agents/registry.ts';
import { launchChromium } from '../env/browser.ts';
import { PhonePool } from '../env/pool.ts';
import { ensureWebBuild } from '../build/webBuild.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { runsRoot } from '../paths.ts';
import { loadRegistry, resolveMaxSteps, selectTasks, type LoadedTask, type Registry } from '../tasks/registry.ts';
import { instanceCount } from '../tasks/sampler.ts';
import { drawBaseSeed, instanceSeed } from '../tasks/seeds.ts';
import type { RunConfig } from './config.ts';
import { runEpisode, type EpisodeSpec } from './episode.ts';
import { buildMeta } from './meta.ts';
import { TrajectoryRecorder, trajectoryDirName } from './recorder.ts';
import { StudioSession } from './studioSession.ts';
import { formatSummary, summarize, type Summary } from './summary.ts';
import type { ResultRow } from './types.ts';
import { ConsoleProgress } from './progress.ts';

export interface PlannedEpisode extends EpisodeSpec {
  trajectoryDir: string;
}

export interface Plan {
  registry: Registry;
  tasks: LoadedTask[];
  episodes: PlannedEpisode[];
  baseSeed: number;
  seedSource: 'cli' | 'auto';
  taskMaxSteps: Record<string, number>;
}

/** Everything that can be refused is refused here, before a browser starts. */
export async function planRun(config: RunConfig): Promise<Plan> {
  const registry = await loadRegistry({ strict: config.strict });
  const tasks = selectTasks(registry, {
    suites: config.suites,
    taskIds: config.taskIds,
    split: config.split,
    difficulties: config.filterDifficulty,
    objectives: config.filterObjective,
    apps: config.filterApp,
  });
  if (tasks.length === 0) throw new UsageError('no task matches the selection (check --suite, --split and the --filter-* flags; `phonegym list` shows what each selects)');
  const baseSeed = config.sampleSeed ?? drawBaseSeed();
  const episodes: PlannedEpisode[] = [];
  const taskMaxSteps: Record<string, number> = {};
  for (const task of tasks) {
    const n = instanceCount(task.def, config.sampleN);
    const maxSteps = resolveMaxSteps(task, config.maxSteps ?? undefined, config.evalMode);
    taskMaxSteps[task.id] = maxSteps;
    for (let i = 0; i < n; i++) {
      const seed = instanceSeed(baseSeed, task.id, i);
      for (let t = 0; t < config.repeatN; t++) {
        episodes.push({
          task,
          instance: i,
          trial: t,
          seed,
          maxSteps,
          loopDetect: config.loopDetect,
          evalMode: config.evalMode,
          agentName: config.agent,
          trajectoryDir: join('trajectory', trajectoryDirName(task.id, i, t, n > 1, config.repeatN > 1)),
        });
      }
    }
  }
  return { registry, tasks, episodes, baseSeed, seedSource: config.sampleSeed === null ? 'auto' : 'cli', taskMaxSteps };
}

function timestampDir(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}_${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function makeRunDir(config: RunConfig): string {
  if (config.runDir) {
    const dir = resolve(config.runDir);
    if (existsSync(join(dir, 'results.jsonl'))) throw new UsageError(`run folder ${dir} already holds a run; choose another --run-dir or remove it`);
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const root = runsRoot();
  let dir = join(root, timestampDir());
  for (let k = 1; existsSync(dir); k++) dir = join(root, `${timestampDir()}_${k}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface RunOutcome {
  runDir: string;
  rows: ResultRow[];
  summary: Summary;
}

export interface RunOptions {
  log?: (line: string) => void;
  /** Resolves when the user asks to stop waiting (keep-open mode). */
  keepOpenUntil?: Promise<void>;
  signal?: AbortSignal;
}

export async function runEvaluation(config: RunConfig, opts: RunOptions = {}): Promise<RunOutcome> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const plan = await planRun(config);
  findAgent(config.agent); // an unknown agent fails before the browser starts
  const runDir = makeRunDir(config);
  const startedAt = new Date();
  const web = await ensureWebBuild({ log });
  const meta = await buildMeta({ config, plan, runDir, startedAt, appBuild: web.hash });
  writeFileSync(join(runDir, 'meta.json'), JSON.stringify(meta, null, 2));
  writeFileSync(join(runDir, 'results.jsonl'), '');
  writeFileSync(join(runDir, 'errors.jsonl'), '');
  mkdirSync(join(runDir, 'browser_logs'), { recursive: true });

  const bridge = await BridgeServer.start({ staticDir: web.dir, port: config.port });
  let browser: Browser | null = null;
  let pool: PhonePool | null = null;
  const rows: ResultRow[] = [];
  let summary: Summary = summarize([]);
  const runInfo: RunInfo = { runId: meta.run_id, runDir, agent: config.agent, tasks: plan.episodes.length, startedAt: startedAt.toISOString() };
  const studio = new StudioSession(bridge, plan.registry, runInfo);
  try {
    if (config.studio) log(`studio: ${bridge.studioUrl()}`);
    browser = await launchChromium();
    meta.versions.chromium = browser.version();
    pool = await PhonePool.open({ browser, bridge, size: 1, screenshotScale: config.screenshotScale, coords: config.coords, jpegQuality: config.jpegQuality, logDir: join(runDir, 'browser_logs') });
    studio.attachPool(pool);
    bridge.studio.broadcast('runStarted', runInfo);
    const progress = new ConsoleProgress(plan.episodes.length, log);
    const env = await pool.acquire();
    if (config.studio && config.studioWait > 0 && bridge.studio.size === 0) {
      log(`open the studio to watch; starting in ${config.studioWait} s, or as soon as it connects`);
      await waitForStudio(bridge, config.studioWait * 1000, opts.signal);
    }
    const agent = createAgent(config.agent, { coordsFromCss: env.coordsFromCss });
    for (const ep of plan.episodes) {
      if (opts.signal?.aborted) break;
      const recorder = new TrajectoryRecorder(runDir, ep.trajectoryDir, ep.task.id);
      const episodeId = `${ep.task.id}#i${ep.instance}t${ep.trial}`;
      progress.start(ep.task.id);
      let info: EpisodeInfo | null = null;
      const { row, verdict } = await runEpisode(env, agent, ep, recorder, {
        liveJudge: config.studio,
        signal: opts.signal,
        onStart: ({ goal, initial }) => {
          info = { episodeId, taskId: ep.task.id, goal, deviceId: env.deviceId, instance: ep.instance, trial: ep.trial, seed: ep.seed, maxSteps: ep.maxSteps, startedAt: new Date().toISOString() };
          studio.episodeStarted(info, initial);
        },
        onStep: async ({ index, action, cssAction, observation, verdict }) => {
          studio.step(episodeId, env.deviceId, index, action, cssAction, observation, verdict);
          // Demo pacing: people watching need a moment per step; an unwatched run never waits.
          if (config.pace > 0 && bridge.studio.watchers(env.deviceId) > 0) await delay(config.pace, opts.signal);
        },
      });
      rows.push(row);
      appendFileSync(join(runDir, 'results.jsonl'), JSON.stringify(row) + '\n');
      if (row.status !== 'completed') {
        appendFileSync(join(runDir, 'errors.jsonl'), JSON.stringify({ task_id: row.task_id, instance: row.instance, trial_id: row.trial_id, status: row.status, error_code: row.error_code, error: row.error, trajectory: row.trajectory }) + '\n');
      }
      if (info) studio.episodeEnded(info, row, verdict);
      progress.done(row);
    }
    pool.release(env);
  } finally {
    summary = summarize(rows, { passK: config.passK });
    const endedAt = new Date();
    writeFileSync(join(runDir, 'summary.json'), JSON.stringify(summary, null, 2));
    writeFileSync(join(runDir, 'meta.json'), JSON.stringify({ ...meta, ended_at: endedAt.toISOString(), duration_s: (endedAt.getTime() - startedAt.getTime()) / 1000 }, null, 2));
    runInfo.finishedAt = endedAt.toISOString();
    runInfo.summary = summary as unknown as Record<string, unknown>;
    bridge.studio.broadcast('runEnded', runInfo);
    if (rows.length) {
      log('');
      log(formatSummary(summary));
    }
    log(`\nrun folder: ${relative(process.cwd(), runDir) || runDir}`);
    if (config.keepOpen && opts.keepOpenUntil && !opts.signal?.aborted) {
      log(`studio: ${bridge.studioUrl()}  (press Ctrl+C to quit)`);
      await opts.keepOpenUntil;
    }
    await pool?.close();
    await browser?.close();
    await bridge.close();
  }
  return { runDir, rows, summary };
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

/** Resolves when a studio connects, or after `ms`. */
function waitForStudio(bridge: BridgeServer, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = bridge.studio.onConnect(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
