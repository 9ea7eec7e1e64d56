/**
 * `phonegym run`: plan (tasks → instances → trials, seeds, shard) → a run folder (new, or an
 * interrupted one to resume) → the episodes, in this process with `--parallel N` warm pages, or
 * in `--processes K` shard processes → results.jsonl, errors.jsonl, summary.json, meta.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { EpisodeInfo, RunInfo } from '../protocol/messages.ts';
import { createAgent, findAgent } from '../agents/registry.ts';
import type { Agent } from '../agents/types.ts';
import { EnvPool } from '../env/envPool.ts';
import type { Env, EnvSource } from '../env/types.ts';
import type { AdbPool } from '../env/adbPool.ts';
import { requireChromium } from '../env/browser.ts';
import { ensureWebBuild } from '../build/webBuild.ts';
import { agentHubOf } from '../agents/remoteHub.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { shownPath } from '../paths.ts';
import { scrub } from '../secrets.ts';
import type { RunConfig } from './config.ts';
import { executeEpisodes, type EpisodeEvents, type ExecuteStats } from './execute.ts';
import { buildMeta, stampHashes, type RunMeta } from './meta.ts';
import { RunWriter } from './output.ts';
import type { ErrorEntry, Summary } from '../protocol/runFolder.ts';
import { planRun, type Plan, type PlannedEpisode } from './plan.ts';
import { runInProcesses, processLayout, type ProcessLayout } from './processes.ts';
import { agentOptions } from './agentOptions.ts';
import { preflight, rejectedRow, vlmJudging } from './preflight.ts';
import { prepareResume } from './resume.ts';
import { readRunErrors } from './runFolder.ts';
import { StudioSession } from './studioSession.ts';
import { isSession, sessionEpisodes } from '../tasks/session.ts';
import { runAgentFork } from './agentFork.ts';
import { delay, waitForStudio } from './waits.ts';
import type { HttpRoute } from '../server/http.ts';
import { formatSummary, passKs, summarize } from './summary.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import { RunProgress, type Out } from './progress.ts';

export { planRun, type Plan, type PlannedEpisode } from './plan.ts';
import { checkRunConfig, makeRunDir, openRunPhones } from './runChecks.ts';
import { envIdOfRun, environmentMeta, environmentOfRun, readinessTimeouts } from './runEnvironment.ts';
import { startCommandServices, type RunningServices } from '../manifest/services.ts';
import { UsageError } from '../protocol/errors.ts';
import { envIdOfMeta } from '../protocol/environment.ts';

export interface RunOutcome {
  runDir: string;
  /** Every row of the run folder (for a resume: the kept ones and the new ones). */
  rows: ResultRow[];
  summary: Summary;
  interrupted: boolean;
  /** Planned episodes with no finished row (interrupted, or a shard process that died). */
  unfinished: number;
}

export interface RunOptions {
  log?: (line: string) => void;
  /** Resolves when the user asks to stop waiting (keep-open mode). */
  keepOpenUntil?: Promise<void>;
  signal?: AbortSignal;
  /** Finish this interrupted run folder instead of starting a new one. */
  resume?: string;
  /** Programmatic use: build the agent for each env instead of `--agent` from the registry. */
  agentFactory?: (env: Env) => Agent;
  /** Programmatic use and fault-injection tests: called around every episode. */
  events?: EpisodeEvents;
  /**
   * The run folders the studio's Runs tab lists (the CLI's: those beside this one) and the HTTP
   * routes its bridge mounts to serve them; their episodes can be continued in Author mode.
   * `served`: where this run's folder is served, relative to the studio page (`runs/<name>/`),
   * when it is: the studio shows the step pictures it missed from there.
   */
  studioRuns?: (runDir: string) => { dir: string; routes: [string, HttpRoute][]; served?: string };
}

export async function runEvaluation(given: RunConfig, opts: RunOptions = {}): Promise<RunOutcome> {
  // --reporter json keeps stdout for its objects; everything else goes to stderr then.
  const print = opts.log ?? (given.reporter === 'json' ? (l: string) => console.error(l) : (l: string) => console.log(l));
  let progress: RunProgress | null = null;
  /** A line of the run's own: above the live status line while episodes run. */
  const log = (l: string) => (progress && given.reporter !== 'json' && !opts.log ? progress.note(scrub(l)) : print(scrub(l)));
  checkRunConfig(given);
  // The manifest: its task root (a --tasks-root flag wins), services, readiness and env id.
  const { config, loaded } = environmentOfRun(given);
  // No browser, no run: said before a run folder, a studio URL or an "unfinished" line appears.
  if (!config.browserEndpoint && config.env !== 'adb') requireChromium();
  const plan = await planRun(config);
  if (!opts.agentFactory) findAgent(config.agent); // an unknown agent fails before the browser starts
  const web = await ensureWebBuild({ log });
  const envId = envIdOfRun(loaded.environment, plan.registry, web.hash);
  stampHashes(plan.episodes, web.hash, envId);
  const startedAt = new Date();

  // The phones first: one missing or unauthorized stops the run before its folder exists.
  const phones = await openRunPhones(config, log);
  let services: RunningServices | null = null;
  try {
    // A task root's command services: up and probed ready before the folder exists, stopped after.
    services = await startCommandServices(loaded.environment.services, { forwardEnv: loaded.environment.forwardEnv, log, signal: opts.signal });
    let runDir: string;
    let meta: RunMeta;
    let kept: ResultRow[] = [];
    let todo: PlannedEpisode[] = plan.episodes;
    if (opts.resume) {
      const r = prepareResume(opts.resume, config, plan, web.hash);
      ({ runDir, meta, kept, todo } = r);
      const before = envIdOfMeta(meta);
      if (before !== null && before !== envId) throw new UsageError(`cannot resume ${opts.resume}: it ran in environment ${before}, and this is ${envId} (the manifest, the phone build or the task set changed); its rows would mix two environments. Start a new run`);
      log(`resuming ${shownPath(runDir)}: ${kept.length} episode(s) kept, ${todo.length} to run`);
      if (r.dropped) log(`warning: ${r.dropped}`);
    } else {
      runDir = makeRunDir(config);
      meta = await buildMeta({ config, plan, runDir, startedAt, appBuild: web.hash, environment: environmentMeta(loaded, envId) });
      writeFileSync(join(runDir, 'results.jsonl'), '');
      writeFileSync(join(runDir, 'errors.jsonl'), '');
    }
    mkdirSync(join(runDir, 'browser_logs'), { recursive: true });
    // Preflight: a task that cannot run here is a rejected row saying why, not a failure.
    const rejected: ResultRow[] = [];
    todo = todo.filter((ep) => {
      const r = preflight(ep.task, config, { state: phones?.withState ?? true }, loaded.environment.isolation);
      if (r) rejected.push(rejectedRow(ep, r));
      return !r;
    });
    if (rejected.length) {
      const w = new RunWriter(runDir);
      for (const row of rejected) w.row(row);
      w.close();
      log(`warning: ${rejected.length} episode(s) rejected before running: ${rejected[0]!.error}`);
    }
    const layout = processLayout(config, todo);
    for (const w of layout.warnings) log(`warning: ${w}`);
    meta.execution = { processes: layout.shards.length, parallel: layout.shards.map((s) => s.parallel), browsers: layout.shards.map((s) => (config.isolation === 'browsers' ? s.parallel : s.browsers)), isolation: config.isolation, browser_endpoint: config.browserEndpoint !== null };
    writeFileSync(join(runDir, 'meta.json'), JSON.stringify(meta, null, 2));

    const rows: ResultRow[] = [...kept, ...rejected];
    log(runHeader(config, plan, layout, todo.length, runDir, meta.sample_seed));
    progress = new RunProgress(plan.episodes.length, config.reporter, opts.log ? linesTo(opts.log) : process.stdout, [...kept, ...rejected]);
    let stats: ExecuteStats = { retried: 0, replaced: 0 };
    let summary: Summary = summarize([]);
    let finished = false;
    let missing = 0;
    /** Writes summary.json and the final meta.json and prints the summary: once, at the end or before keep-open. */
    const finish = () => {
      if (finished) return summary;
      finished = true;
      const endedAt = new Date();
      const interrupted = opts.signal?.aborted ?? false;
      summary = summarize(rows, { passK: passKs(config.repeatN, config.passK), errors: readRunErrors(runDir) });
      writeFileSync(join(runDir, 'summary.json'), scrub(JSON.stringify(summary, null, 2)));
      missing = plan.episodes.length - rows.filter((r) => r.status !== 'cancelled').length;
      writeFileSync(
        join(runDir, 'meta.json'),
        JSON.stringify({ ...meta, ended_at: endedAt.toISOString(), duration_s: (endedAt.getTime() - startedAt.getTime()) / 1000, interrupted, unfinished_episodes: missing, env_replacements: stats.replaced }, null, 2),
      );
      progress?.end();
      progress = null;
      if (rows.length) {
        log('');
        log(formatSummary(summary));
      }
      if (missing > 0) log(`\n${missing} episode(s) not finished; run them with: phonegym run --resume ${shownPath(runDir)}`);
      log(`\nrun folder: ${shownPath(runDir)}`);
      return summary;
    };
    try {
      if (todo.length === 0) log(opts.resume ? 'nothing left to run' : 'this selection holds no episodes for this shard');
      else if (layout.shards.length > 1) {
        const r = await runInProcesses({ config, runDir, layout, signal: opts.signal, log, onRow: (row) => (rows.push(row), progress?.done(row)) });
        stats = r.stats;
        meta.versions.chromium = r.chromium;
      } else {
        const writer = new RunWriter(runDir);
        try {
          const local = await runLocal({
            config,
            plan,
            episodes: todo,
            runDir,
            prefix: 'p00',
            parallel: layout.shards[0]!.parallel,
            browsers: layout.shards[0]!.browsers,
            webDir: web.dir,
            readiness: readinessTimeouts(loaded.environment),
            runInfo: { runId: meta.run_id, runDir, agent: config.agent, tasks: plan.episodes.length, startedAt: startedAt.toISOString() },
            onRow: (row) => {
              writer.row(row);
              rows.push(row);
              progress?.done(row);
            },
            onError: (e) => writer.error(e),
            phones,
            finish: (s, chromium) => {
              writer.close();
              stats = s;
              meta.versions.chromium = chromium;
              return finish();
            },
            opts: { ...opts, log },
          });
          stats = local.stats;
          meta.versions.chromium = local.chromium;
        } finally {
          writer.close();
        }
      }
    } finally {
      finish();
    }
    return { runDir, rows, summary, interrupted: opts.signal?.aborted ?? false, unfinished: missing };
  } finally {
    await services?.stop();
    await phones?.close();
  }
}

/** What is about to run, and where it goes: the first thing a run prints. */
export function runHeader(config: RunConfig, plan: Plan, layout: ProcessLayout, toRun: number, runDir: string, seed: number): string {
  const tasks = new Set(plan.episodes.map((e) => e.task.id)).size;
  const instances = new Set(plan.episodes.map((e) => `${e.task.id}#${e.instance}`)).size;
  const pages = layout.shards.reduce((n, s) => n + s.parallel, 0);
  const processes = layout.shards.length;
  const shape = `${tasks} task${tasks === 1 ? '' : 's'}, ${instances} instance${instances === 1 ? '' : 's'}${config.repeatN > 1 ? ` × ${config.repeatN} trials` : ''}`;
  const todo = toRun === plan.episodes.length ? `${toRun} episodes` : `${toRun} of ${plan.episodes.length} episodes`;
  return `phonegym run: ${todo} (${shape}) · agent ${config.agent}${config.modelName && config.agent === 'openai' ? ` (${config.modelName})` : ''} · ${pages} page${pages === 1 ? '' : 's'} in ${processes} process${processes === 1 ? '' : 'es'} · seed ${seed}\nrun folder: ${shownPath(runDir)}`;
}

/** An `Out` that hands whole lines to a log function (programmatic runs and tests). */
function linesTo(log: (line: string) => void): Out {
  let buffered = '';
  return {
    write(text: string) {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const l of lines) log(l);
    },
  };
}

export interface LocalRunInput {
  config: RunConfig;
  plan: Pick<Plan, 'registry'>;
  episodes: PlannedEpisode[];
  runDir: string;
  /** Device ids and browser log names start with this (`p00`, `p01`, … per process). */
  prefix: string;
  parallel: number;
  browsers: number;
  webDir: string;
  /** From the manifest's bridge and phone_page probes (bridge/runner/runEnvironment.ts). */
  readiness: { helloTimeoutMs: number; deviceReadyTimeoutMs: number };
  runInfo: RunInfo;
  onRow(row: ResultRow): void;
  onError(entry: ErrorEntry): void;
  /** Called once the episodes are done (before keep-open): writes and prints the summary. */
  finish?(stats: ExecuteStats, chromium: string | null): Summary;
  /** The phones of an `--env adb` run (opened, and closed, by the caller); else the simulator's pages. */
  phones?: AdbPool | null;
  opts: RunOptions & { log: (line: string) => void };
}

/**
 * Runs episodes in this process: a bridge, an EnvPool of `parallel` warm pages, the studio when
 * asked for, and the parallel runner.
 */
export async function runLocal(input: LocalRunInput): Promise<{ stats: ExecuteStats; chromium: string | null }> {
  const { config, runDir, opts } = input;
  const log = opts.log;
  const bridge = await BridgeServer.start({ staticDir: input.webDir, port: config.port, handshakeTimeoutMs: input.readiness.helloTimeoutMs });
  // Remote clients poll `/agent/v1/…` from the moment the run prints its URL and token.
  if (config.agent === 'remote') agentHubOf(bridge, bridge.log);
  let pool: EnvPool | null = null;
  const phones = input.phones ?? null;
  const runs = config.studio ? opts.studioRuns?.(runDir) : undefined;
  const studio = new StudioSession(bridge, input.plan.registry, input.runInfo, { paceMs: config.pace, evalMode: config.evalMode, ...(runs ? { runsDir: runs.dir } : {}) });
  for (const [prefix, route] of runs?.routes ?? []) bridge.mount(prefix, route);
  try {
    if (config.studio) log(`studio: ${bridge.studioUrl()}`);
    if (!phones) {
      pool = await EnvPool.open({
        bridge,
        size: input.parallel,
        isolation: config.isolation,
        browsers: input.browsers,
        browserEndpoint: config.browserEndpoint ?? undefined,
        screenshotScale: config.screenshotScale,
        coords: config.coords,
        jpegQuality: config.jpegQuality,
        logDir: join(runDir, 'browser_logs'),
        shardPrefix: input.prefix,
        connectTimeoutMs: input.readiness.deviceReadyTimeoutMs,
      });
      studio.attachPool(pool);
    }
    const envs: EnvSource = phones ?? pool!;
    const chromium = pool?.browsers()[0]?.version() ?? null;
    bridge.studio.broadcast('runStarted', input.runInfo);
    if (config.studio && config.studioWait > 0 && bridge.studio.size === 0) {
      log(`open the studio to watch; starting in ${config.studioWait} s, or as soon as it connects`);
      await waitForStudio(bridge, config.studioWait * 1000, opts.signal);
    }
    const infos = new Map<Env, EpisodeInfo>();
    // The run folder's pictures, where the studio's Runs route serves them (runs/<name>/…).
    const pictures = config.screenshots ? runs?.served ?? null : null;
    const events: EpisodeEvents = {
      onStart: (env, ep, { goal, initial }) => {
        const info: EpisodeInfo = {
          episodeId: ep.fork?.episodeId ?? `${ep.task.id}#i${ep.instance}t${ep.trial}${ep.variant ? `v${ep.variant}` : ''}`,
          taskId: ep.task.id, goal, deviceId: env.deviceId, instance: ep.instance, trial: ep.trial, seed: ep.seed, maxSteps: ep.maxSteps, startedAt: new Date().toISOString(),
          ...(ep.variant ? { variant: ep.variant } : {}),
          ...(ep.fork ? { forkOf: ep.fork.forkOf } : {}),
          // An agent's fork keeps its pictures under forks/, which the Runs route does not serve.
          ...(pictures && !ep.fork ? { pictures: `${pictures}${ep.trajectoryDir.split(sep).map(encodeURIComponent).join('/')}/` } : {}),
          ...(isSession(ep.task) ? { session: { episodes: sessionEpisodes(ep.task).length, goals: [{ goal, firstStep: 1 }] } } : {}),
        };
        infos.set(env, info);
        studio.episodeStarted(info, initial);
        opts.events?.onStart?.(env, ep, { goal, initial });
      },
      onStep: async (env, ep, s) => {
        const info = infos.get(env);
        if (info) studio.step(info, s);
        await opts.events?.onStep?.(env, ep, s);
        if (s.terminal) return;
        // Demo pacing: people watching need a moment per step (every device, for the grid); a run no studio watches never waits.
        const pace = studio.controls?.pace ?? 0;
        if (pace > 0 && bridge.studio.size > 0) await delay(pace, opts.signal);
        // Paused from the studio: wait before the next action (a stop or the run's signal ends the wait).
        await studio.controls?.gate(env.deviceId, opts.signal);
      },
      onNextGoal: (env, ep, next) => {
        const info = infos.get(env);
        if (info?.session) {
          // The studio's copies of this info (its history, the device's episode) see the new goal too.
          info.goal = next.goal;
          info.session.goals.push({ goal: next.goal, firstStep: next.firstStep });
          studio.sessionGoal(info);
        }
        opts.events?.onNextGoal?.(env, ep, next);
      },
      onEnd: (env, ep, row, verdict) => {
        const info = infos.get(env);
        if (info) studio.episodeEnded(info, row, verdict);
        infos.delete(env);
        opts.events?.onEnd?.(env, ep, row, verdict);
      },
    };
    const agentFor = opts.agentFactory ?? ((env: Env) => createAgent(config.agent, { ...agentOptions(config, env, log), bridge }));
    // The studio's Hand to the agent: an episode of the run's agent from a step (agentFork.ts).
    if (pool) studio.setAgentRunner((fork) => runAgentFork(fork, { config, pool: pool!, runDir, agentFor, studio, events, signal: opts.signal, log }));
    const stats = await executeEpisodes({
      episodes: input.episodes,
      pool: envs,
      runDir,
      agentFor,
      onRow: input.onRow,
      onError: input.onError,
      episodeTimeoutS: config.episodeTimeout,
      retries: config.retries,
      liveJudge: config.studio,
      frames: config.screenshots,
      episodeSignal: (env) => studio.controls?.episodeSignal(env.deviceId),
      vlm: vlmJudging(config),
      signal: opts.signal,
      events,
      log,
    });
    studio.runFinished();
    const summary = input.finish?.(stats, chromium);
    const runInfo: RunInfo = { ...input.runInfo, finishedAt: new Date().toISOString(), ...(summary ? { summary } : {}) };
    bridge.studio.broadcast('runEnded', runInfo);
    if (config.keepOpen && opts.keepOpenUntil && !opts.signal?.aborted) {
      log(`studio: ${bridge.studioUrl()}  (press Ctrl+C to quit)`);
      await opts.keepOpenUntil;
    }
    return { stats, chromium };
  } finally {
    await pool?.close();
    await bridge.close();
  }
}
