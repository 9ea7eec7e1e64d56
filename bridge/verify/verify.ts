/**
 * `phonegym verify`: proves every selected task instance sound, for any sample size and seeds.
 * Long file: the six checks of one instance share its episodes, its set-up and its verdicts; split
 * by check, each part would take the whole instance context as arguments.
 * Per instance (instances and seeds exactly as `phonegym run` plans them):
 *
 *   oracle        the task's oracle passes (goal met, nothing undeclared changed, it said done)
 *   noop          doing nothing does not meet the goal
 *   initial       the initial state, judged against itself, does not satisfy the goal
 *   stray         the oracle plus one undeclared UI change (strayChanges.ts) is judged unclean
 *   reproducible  the same seed set up twice gives the same initial state hash, and so did every
 *                 episode of the instance
 *
 * One browser, one bridge, one phone page reused with the in-page reset. Trajectories go to a run
 * folder so a failing check can point at its screens.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright';
import { UsageError } from '../protocol/errors.ts';
import type { Verdict } from '../protocol/messages.ts';
import type { PhoneState } from '../protocol/state.ts';
import { createAgent } from '../agents/registry.ts';
import type { Agent } from '../agents/types.ts';
import { ensureWebBuild } from '../build/webBuild.ts';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import { hasState, requireState, type Env, type Observation, type StatefulObservation } from '../env/types.ts';
import { diffStates } from '../judge/diff.ts';
import { judge } from '../judge/judge.ts';
import { buildJudgeSpec, judgeInput, judgeTaskOrNull } from '../tasks/judging.ts';
import { sessionEpisodes } from '../tasks/session.ts';
import { runEpisode, type EpisodeSpec } from '../runner/episode.ts';
import { TrajectoryRecorder } from '../runner/recorder.ts';
import { setupOnPhone, stateHashOfJson } from '../runner/setup.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { loadRegistry, resolveMaxSteps, resolveTasksRoot, selectTasks, type LoadedTask, type Registry, type TaskLoadError } from '../tasks/registry.ts';
import { instanceCount, SamplingError } from '../tasks/sampler.ts';
import { drawBaseSeed, instanceSeed, streamSeed } from '../tasks/seeds.ts';
import { readSplit } from '../tasks/splits.ts';
import type { EvalMode } from '../tasks/grounded.ts';
import { OracleThenStray, WatchedAgent, type StrayOutcome } from './agents.ts';
import { strayCandidates } from './strayChanges.ts';
import { loadEnvironment, type LoadedEnvironment } from '../manifest/load.ts';
import { startCommandServices, type RunningServices } from '../manifest/services.ts';
import { envIdOfRun, readinessTimeouts } from '../runner/runEnvironment.ts';

import { CHECKS, type CheckName } from './checks.ts';

export { CHECKS, type CheckName };

export interface CheckResult {
  check: CheckName;
  status: 'pass' | 'fail' | 'skip';
  /** Why it failed or was skipped. */
  reason?: string;
  /** What a passing check established, when there is more to say (the stray change used). */
  detail?: string;
  /** The episode's trajectory folder (absolute), for checks that ran one. */
  trajectory?: string;
  /** The last screen of that episode (a file in `trajectory`). */
  lastScreen?: string;
}

export interface InstanceResult {
  task_id: string;
  instance: number;
  seed: number;
  base_seed: number;
  /** The look the instance was drawn with (0: as designed). */
  variant: number;
  params: Record<string, unknown>;
  checks: CheckResult[];
  runtime_s: number;
}

export interface VerifyReport {
  ok: boolean;
  /** The environment verified in, `name@version+hash` (phonegym.toml; null when nothing ran). */
  env: string | null;
  /** The trajectories (null: a temporary folder, removed because every check passed). */
  run_dir: string | null;
  base_seeds: number[];
  seed_source: 'cli' | 'auto';
  tasks: number;
  /** Instances verified (fewer than planned when interrupted). */
  instances: InstanceResult[];
  planned: number;
  interrupted: boolean;
  load_errors: TaskLoadError[];
  /** Failed checks, load errors included. */
  failed: number;
}

export interface VerifyOptions {
  /** Where the suites are (default: the manifest's `[tasks] root`, tasks/). */
  tasksRoot?: string;
  /** The environment manifest (default: the checkout's phonegym.toml). */
  manifest?: string | null;
  suites?: string[];
  taskIds?: string[];
  /** The other selection filters, as in \`run\` and \`list\`. */
  split?: string | null;
  difficulties?: string[];
  objectives?: string[];
  apps?: string[];
  sampleN?: number;
  /** Base seeds; empty or absent: one is drawn. */
  sampleSeeds?: number[];
  /** Looks (simulator-apps/os/look.ts) every instance is verified in, in turn (default [0]). */
  variants?: number[];
  strict?: boolean;
  /** How query tasks are answered, as in \`run\` (default grounded: the phone's answer sheet). */
  evalMode?: EvalMode;
  /** Where trajectories go (default: a fresh temporary folder). */
  runDir?: string | null;
  /** Pages verifying instances at once (default 1); the report keeps the plan's order. */
  parallel?: number;
  /** Take no screenshots (faster; trajectories keep states and UI trees only). */
  screenshots?: boolean;
  /** The checks to run (default: all); the others are reported as skipped, "not asked for". */
  checks?: readonly CheckName[];
  /** Information lines (build, folders). */
  log?: (line: string) => void;
  /** Called after each instance. */
  onInstance?: (r: InstanceResult, done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface PlannedInstance {
  task: LoadedTask;
  instance: number;
  /** Instances of this task per base seed. */
  count: number;
  seed: number;
  baseSeed: number;
  variant: number;
  maxSteps: number;
  evalMode: EvalMode;
  /** Relative folder for this instance's trajectories. */
  dir: string;
}

export interface VerifyPlan {
  registry: Registry;
  tasks: LoadedTask[];
  instances: PlannedInstance[];
  baseSeeds: number[];
  seedSource: 'cli' | 'auto';
  /** Task files of the selected suites that failed to load: each is a failed check. */
  loadErrors: TaskLoadError[];
  /** The manifest read: the task root, services, readiness. */
  environment: LoadedEnvironment;
}

/** Everything that can be refused is refused here, before a browser starts. */
export async function planVerify(opts: VerifyOptions): Promise<VerifyPlan> {
  const environment = loadEnvironment({ manifest: opts.manifest, tasksRoot: opts.tasksRoot });
  const root = resolveTasksRoot(environment.configTasksRoot);
  const registry = await loadRegistry({ root, strict: opts.strict ?? false });
  const suites = opts.suites ?? [];
  const taskIds = opts.taskIds ?? [];
  const tasks = selectTasks(registry, { suites, taskIds, split: opts.split ?? null, difficulties: opts.difficulties, objectives: opts.objectives, apps: opts.apps });
  // A task file of a selected suite that does not load cannot be proved: it fails. An explicit
  // list (task ids, a split) names what it wants, and selectTasks refuses a broken one by name.
  const suiteOf = (file: string) => basename(dirname(file));
  const explicit = taskIds.length > 0 || !!opts.split;
  const loadErrors = registry.errors.filter((e) => !explicit && (suites.length === 0 || suites.includes(suiteOf(e.file))));
  if (tasks.length === 0 && loadErrors.length === 0) throw new UsageError(`no task matches the selection (tasks root ${root})`);
  const seedSource = opts.sampleSeeds?.length ? 'cli' : 'auto';
  const baseSeeds = opts.sampleSeeds?.length ? [...new Set(opts.sampleSeeds)] : [drawBaseSeed()];
  const evalMode = opts.evalMode ?? 'grounded';
  // A split drawn from a seed stream (`@seeds held-out`) is proved on the seeds its runs draw.
  const stream = opts.split ? readSplit(registry.root, opts.split, registry.tasks.map((t) => t.id)).seeds : null;
  const variants = opts.variants?.length ? [...new Set(opts.variants)] : [0];
  const instances: PlannedInstance[] = [];
  for (const baseSeed of baseSeeds) {
    for (const variant of variants) {
      for (const task of tasks) {
        const count = instanceCount(task.def, opts.sampleN ?? 1);
        for (let i = 0; i < count; i++) {
          const seed = streamSeed(instanceSeed(baseSeed, task.id, i), stream);
          const dir = join('trajectory', `${task.id.replace('.', '_')}_i${i}_s${seed}${variant ? `_v${variant}` : ''}`);
          instances.push({ task, instance: i, count, seed, baseSeed, variant, maxSteps: resolveMaxSteps(task, undefined, evalMode), evalMode, dir });
        }
      }
    }
  }
  return { registry, tasks, instances, baseSeeds, seedSource, loadErrors, environment };
}

function makeRunDir(runDir: string | null | undefined): { dir: string; temporary: boolean } {
  if (runDir) {
    const dir = resolve(runDir);
    if (existsSync(join(dir, 'verify.json'))) throw new UsageError(`run folder ${dir} already holds a verify run; choose another --run-dir or remove it`);
    mkdirSync(dir, { recursive: true });
    return { dir, temporary: false };
  }
  return { dir: mkdtempSync(join(tmpdir(), 'phonegym-verify-')), temporary: true };
}

/** Verifies the selection; the report lists every check of every instance. */
export async function verifyTasks(opts: VerifyOptions, planned?: VerifyPlan): Promise<VerifyReport> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const plan = planned ?? (await planVerify(opts));
  const { dir: runDir, temporary } = makeRunDir(opts.runDir);
  const results: InstanceResult[] = [];
  let interrupted = false;
  let envId: string | null = null;
  const report = (): VerifyReport => {
    const failed = plan.loadErrors.length + results.reduce((n, r) => n + r.checks.filter((c) => c.status === 'fail').length, 0);
    return {
      ok: failed === 0 && !interrupted,
      env: envId,
      run_dir: runDir,
      base_seeds: plan.baseSeeds,
      seed_source: plan.seedSource,
      tasks: new Set(plan.instances.map((i) => i.task.id)).size,
      instances: results,
      planned: plan.instances.length,
      interrupted,
      load_errors: plan.loadErrors,
      failed,
    };
  };

  let bridge: BridgeServer | null = null;
  let browser: Browser | null = null;
  let pool: EnvPool | null = null;
  let services: RunningServices | null = null;
  try {
    if (plan.instances.length > 0) {
      const web = await ensureWebBuild({ log });
      const { environment } = plan.environment;
      envId = envIdOfRun(environment, plan.registry, web.hash);
      const readiness = readinessTimeouts(environment);
      services = await startCommandServices(environment.services, { forwardEnv: environment.forwardEnv, log, signal: opts.signal });
      mkdirSync(join(runDir, 'browser_logs'), { recursive: true });
      bridge = await BridgeServer.start({ staticDir: web.dir, port: 0, handshakeTimeoutMs: readiness.helloTimeoutMs });
      browser = await launchChromium();
      const width = Math.max(1, Math.min(opts.parallel ?? 1, plan.instances.length));
      pool = await EnvPool.open({ browser, bridge, size: width, logDir: join(runDir, 'browser_logs'), connectTimeoutMs: readiness.deviceReadyTimeoutMs });
      // Each page takes the next instance in plan order; results are put back in that order.
      const byIndex = new Map<number, InstanceResult>();
      let next = 0;
      const worker = async (env: Env) => {
        if (opts.screenshots === false) env.screenshots = false;
        while (next < plan.instances.length) {
          if (opts.signal?.aborted) {
            interrupted = true;
            return;
          }
          const index = next++;
          const r = await verifyInstance(env, plan.instances[index]!, runDir, new Set(opts.checks ?? CHECKS), opts.signal);
          if (opts.signal?.aborted) {
            interrupted = true;
            return;
          }
          byIndex.set(index, r);
          opts.onInstance?.(r, byIndex.size, plan.instances.length);
        }
      };
      const envs = await Promise.all(Array.from({ length: width }, () => pool!.acquire()));
      try {
        await Promise.all(envs.map(worker));
      } finally {
        for (const env of envs) pool.release(env);
      }
      for (const i of [...byIndex.keys()].sort((a, b) => a - b)) results.push(byIndex.get(i)!);
    }
  } finally {
    await pool?.close();
    await browser?.close();
    await bridge?.close();
    await services?.stop();
  }
  const out = report();
  if (out.ok && temporary) {
    rmSync(runDir, { recursive: true, force: true });
    const gone = (c: CheckResult): CheckResult => ({ check: c.check, status: c.status, ...(c.reason ? { reason: c.reason } : {}), ...(c.detail ? { detail: c.detail } : {}) });
    return { ...out, run_dir: null, instances: out.instances.map((r) => ({ ...r, checks: r.checks.map(gone) })) };
  }
  writeFileSync(join(runDir, 'verify.json'), JSON.stringify(out, null, 2));
  return out;
}

// --- one instance -------------------------------------------------------------------------------

interface EpisodeRun {
  row: ResultRow;
  verdict: Verdict | null;
  initial: Observation | null;
  dir: string;
}

/**
 * The oracle's end inside the oracle + stray episode, judged as the oracle's own episode would be:
 * within its step budget, ended by the oracle itself (COMPLETE, ANSWER, or ABORT where the task
 * cannot be done), and passed by the task's judge from the episode's initial state.
 */
function oracleEndPasses(run: EpisodeRun, o: StrayOutcome, inst: PlannedInstance, params: Record<string, unknown>): boolean {
  const end = o.oracleEnd;
  const t = o.oracleTerminal;
  if (!end || !t || o.oracleFailed || !hasState(end.observation) || end.actions.length > inst.maxSteps) return false;
  // A session's stray change is in its last episode: every episode before it must have passed.
  const episodes = sessionEpisodes(inst.task);
  const last = episodes[episodes.length - 1]!;
  if (episodes.length > 1 && !(run.row.episodes?.length === episodes.length && run.row.episodes.slice(0, -1).every((e) => e.passed))) return false;
  const ended = t.type === 'complete' || t.type === 'answer' || (t.type === 'abort' && last.def.answer?.infeasible === true);
  if (!ended) return false;
  try {
    return judgeTaskOrNull(last, params, inst.evalMode, end.start, end.observation, t.type === 'answer' ? t.text : null, end.actions)?.passed === true;
  } catch {
    return false; // a judge that throws: the oracle's own episode tells it
  }
}

async function episode(env: Env, agent: Agent, inst: PlannedInstance, runDir: string, name: string, maxSteps: number, signal?: AbortSignal): Promise<EpisodeRun> {
  const rel = join(inst.dir, name);
  const recorder = new TrajectoryRecorder(runDir, rel, inst.task.id);
  const spec: EpisodeSpec = { task: inst.task, instance: inst.instance, trial: 0, seed: inst.seed, variant: inst.variant, maxSteps, loopDetect: 0, evalMode: inst.evalMode, agentName: agent.name };
  let initial: Observation | null = null;
  const { row, verdict } = await runEpisode(env, agent, spec, recorder, { signal, onStart: (i) => (initial = i.initial) });
  return { row, verdict, initial, dir: join(runDir, rel) };
}

/** The last `step_NNN.jpg` in a trajectory folder. */
function lastScreen(dir: string): string | undefined {
  try {
    return readdirSync(dir).filter((f) => /^step_\d+\.jpg$/.test(f)).sort().pop();
  } catch {
    return undefined;
  }
}

const short = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

function describeIssues(v: { issues: Verdict['issues'] }): string {
  const parts = v.issues.slice(0, 3).map((i) => `${i.field}${i.expected !== undefined || i.actual !== undefined ? ` (expected ${short(i.expected)}, got ${short(i.actual)})` : ''}${i.message ? ` ${i.message}` : ''}`);
  return parts.join('; ') + (v.issues.length > 3 ? `; +${v.issues.length - 3} more` : '');
}

function describeWarnings(v: { warnings: Verdict['warnings'] }): string {
  const parts = v.warnings.slice(0, 3).map((w) => `${w.path} (${w.kind}${w.kind === 'changed' ? ` ${short(w.before)} → ${short(w.after)}` : ''})`);
  return parts.join(', ') + (v.warnings.length > 3 ? `, +${v.warnings.length - 3} more` : '');
}

/** Why an episode that should have passed did not, in one line. */
function describeFailure(row: ResultRow, terminal: { type: string; reason?: string } | null): string {
  if (row.status !== 'completed') return `${row.status}${row.error_code ? ` (${row.error_code})` : ''}: ${row.error ?? 'no message'}`;
  const bits: string[] = [];
  if (row.stop_reason === 'abort') bits.push(`it aborted: ${terminal?.reason ?? 'no reason given'}`);
  else if (row.stop_reason === 'max_steps') bits.push(`it ran out of its ${row.max_steps}-step budget`);
  else if (row.stop_reason !== 'complete' && row.stop_reason !== 'answer') bits.push(`it stopped: ${row.stop_reason}`);
  if (row.judge && !row.judge.success && row.stop_reason !== 'abort') bits.push(`goal not met: ${describeIssues(row.judge)}`);
  if (row.judge && !row.judge.clean) bits.push(`unexpected changes: ${describeWarnings(row.judge)}`);
  return bits.join('; ') || 'not passed';
}

function hashDiff(a: PhoneState, b: PhoneState): string {
  const changes = diffStates(a, b);
  if (changes.length === 0) return '';
  return `; they differ at ${changes.slice(0, 3).map((c) => c.path).join(', ')}${changes.length > 3 ? ` and ${changes.length - 3} more` : ''}`;
}

async function verifyInstance(env: Env, inst: PlannedInstance, runDir: string, asked: ReadonlySet<CheckName>, signal?: AbortSignal): Promise<InstanceResult> {
  const t0 = performance.now();
  const { task, seed } = inst;
  const checks = new Map<CheckName, CheckResult>();
  const set = (r: CheckResult) => checks.set(r.check, r);
  let params: Record<string, unknown> = {};

  // Set the instance up twice (what the episodes do, without an agent).
  let first: StatefulObservation | null = null;
  let second: StatefulObservation | null = null;
  try {
    params = (await setupOnPhone(env, task, seed, { evalMode: inst.evalMode, variant: inst.variant })).params;
    first = requireState(await env.observe({ advanceMs: 0, screenshot: false }), 'verify');
    await setupOnPhone(env, task, seed, { evalMode: inst.evalMode, variant: inst.variant });
    second = requireState(await env.observe({ advanceMs: 0, screenshot: false }), 'verify');
  } catch (e) {
    const why = e instanceof SamplingError ? `sampling failed: ${e.message}` : `setting the instance up failed: ${(e as Error).message.split('\n')[0]}`;
    set({ check: 'initial', status: 'fail', reason: why });
    set({ check: 'reproducible', status: 'fail', reason: why });
  }

  // initial: the goal must not hold before anyone acts.
  if (first && asked.has('initial')) {
    try {
      const v = judge(buildJudgeSpec(task, params, inst.evalMode), judgeInput(first, first, null, []));
      if (v.success) {
        const names = v.goals.map((g) => g.name);
        set({ check: 'initial', status: 'fail', reason: `the initial state already satisfies the goal${names.length ? ` (${names.slice(0, 3).join(', ')})` : ''}: postSample must move the state away from it` });
      } else set({ check: 'initial', status: 'pass' });
    } catch (e) {
      set({ check: 'initial', status: 'fail', reason: `judging the initial state failed: ${(e as Error).message}` });
    }
  }

  // stray runs the oracle to its end and then one undeclared change: one episode proves both when
  // the oracle's end, judged as its own episode would be, passes (the common case: half the work).
  let stray: EpisodeRun | null = null;
  let strayAgent: OracleThenStray | null = null;
  if (asked.has('stray')) {
    strayAgent = new OracleThenStray(strayCandidates(task.def.apps), env.coordsFromCss);
    stray = await episode(env, strayAgent, inst, runDir, 'stray', inst.maxSteps + 40, signal);
    if (oracleEndPasses(stray, strayAgent.outcome, inst, params)) set({ check: 'oracle', status: 'pass', trajectory: stray.dir });
  }

  // oracle: the reference solution passes (its own episode when the stray one did not prove it:
  // only asked for, or failing, when the failure is told from the oracle's own run).
  let oracle: EpisodeRun | null = null;
  if ((asked.has('oracle') || asked.has('stray')) && !checks.has('oracle')) {
    const oracleAgent = new WatchedAgent(createAgent('oracle', { coordsFromCss: env.coordsFromCss }));
    oracle = await episode(env, oracleAgent, inst, runDir, 'oracle', inst.maxSteps, signal);
    if (oracle.row.passed && oracle.row.success) set({ check: 'oracle', status: 'pass', trajectory: oracle.dir });
    else set({ check: 'oracle', status: 'fail', reason: `the oracle did not pass: ${describeFailure(oracle.row, oracleAgent.terminal)}`, trajectory: oracle.dir, lastScreen: lastScreen(oracle.dir) });
  }

  // noop: doing nothing must not meet the goal.
  const noop = asked.has('noop') ? await episode(env, createAgent('noop'), inst, runDir, 'noop', inst.maxSteps, signal) : null;
  if (!noop) {
    // not asked for
  } else if (noop.row.status !== 'completed') set({ check: 'noop', status: 'fail', reason: `the noop episode did not complete: ${describeFailure(noop.row, null)}`, trajectory: noop.dir });
  else if (noop.row.goal_success) set({ check: 'noop', status: 'fail', reason: 'goal already met before acting: doing nothing meets the goal', trajectory: noop.dir });
  else set({ check: 'noop', status: 'pass', trajectory: noop.dir });

  // stray: the oracle plus one undeclared UI change must be judged unclean.
  if (!stray || !strayAgent) {
    // not asked for
  } else if (checks.get('oracle')?.status !== 'pass') {
    set({ check: 'stray', status: 'skip', reason: 'the oracle does not pass' });
  } else set(judgeStray(stray, strayAgent));

  // reproducible: one seed, one initial state.
  if (first && second && asked.has('reproducible')) {
    const hashes: [string, string | null, PhoneState | null][] = [
      ['the first setup', stateHashOfJson(first.state, first.stateJson), first.state],
      ['the second setup', stateHashOfJson(second.state, second.stateJson), second.state],
      ...(oracle ? [['the oracle episode', oracle.row.init_state_hash, oracle.initial?.state ?? null] as [string, string | null, PhoneState | null]] : []),
      ...(noop ? [['the noop episode', noop.row.init_state_hash, noop.initial?.state ?? null] as [string, string | null, PhoneState | null]] : []),
      ...(stray ? [['the stray episode', stray.row.init_state_hash, stray.initial?.state ?? null] as [string, string | null, PhoneState | null]] : []),
    ];
    const [refName, refHash, refState] = hashes[0];
    const odd = hashes.find(([, h]) => h !== null && h !== refHash);
    if (odd) {
      const [name, hash, state] = odd;
      set({ check: 'reproducible', status: 'fail', reason: `the same seed gave different initial states: ${refName} ${refHash}, ${name} ${hash}${state && refState ? hashDiff(refState, state) : ''} (do prepare/postSample draw from anything but rng?)` });
    } else set({ check: 'reproducible', status: 'pass' });
  }

  return {
    task_id: task.id,
    instance: inst.instance,
    seed,
    base_seed: inst.baseSeed,
    variant: inst.variant,
    params,
    // A failed setup fails its checks whatever was asked: the reason is the point.
    checks: CHECKS.map((c) => checks.get(c) ?? (asked.has(c) ? { check: c, status: 'skip', reason: 'not run' } : { check: c, status: 'skip', reason: NOT_ASKED })),
    runtime_s: Math.round(performance.now() - t0) / 1000,
  };
}

function judgeStray(run: EpisodeRun, agent: OracleThenStray): CheckResult {
  const o = agent.outcome;
  const fail = (reason: string): CheckResult => ({ check: 'stray', status: 'fail', reason, trajectory: run.dir, lastScreen: lastScreen(run.dir) });
  if (run.row.status !== 'completed') return fail(`the oracle + stray episode did not complete: ${describeFailure(run.row, o.oracleTerminal)}`);
  if (!o.oracleTerminal || o.oracleFailed) return fail(`the oracle did not finish before the stray change: ${describeFailure(run.row, o.oracleTerminal)}`);
  if (!o.plan) return fail(`no stray change applies to this task's state (tried: ${o.tried.map((t) => t.id).join(', ') || 'none defined'}); add one in the app's tasks/<app>/_stray.ts`);
  if (o.error) return fail(`the stray script ${o.plan.description} failed: ${o.error}`);
  if (!o.finished) return fail(`the stray script ${o.plan.description} did not finish within the ${run.row.max_steps}-step budget`);
  const v = run.verdict;
  if (!v) return fail('the oracle + stray episode was not judged');
  if (!v.clean) return { check: 'stray', status: 'pass', detail: `${o.plan.path} (${o.plan.description}) made the run unclean`, trajectory: run.dir };
  const declared = v.expectedChanges.some((c) => c.path === o.plan!.path || c.path.startsWith(`${o.plan!.path}.`) || c.path.startsWith(`${o.plan!.path}[`));
  const others = o.tried.filter((t) => t.path !== o.plan!.path).map((t) => t.path);
  return fail(
    declared
      ? `the stray change ${o.plan.path} (${o.plan.description}) was not flagged: the task declares it as expected, so the verdict stayed clean${others.length ? ` (so does ${others.join(', ')})` : ''}; narrow expectedChanges`
      : `the stray change ${o.plan.path} (${o.plan.description}) was not flagged: the state at that path did not change, so the verdict stayed clean`,
  );
}

// --- output -------------------------------------------------------------------------------------

export function instanceLabel(r: Pick<InstanceResult, 'task_id' | 'instance' | 'seed'> & { variant?: number }): string {
  return `${r.task_id}#i${r.instance} (seed ${r.seed}${r.variant ? `, variant ${r.variant}` : ''})`;
}

/** One line per failing check: `FAIL chat.PinChat#i0 (seed 123): noop: goal already met before acting`. */
export function failureLines(report: VerifyReport): string[] {
  const lines = report.load_errors.map((e) => `FAIL ${e.file}: load: ${e.message}`);
  for (const r of report.instances) {
    for (const c of r.checks) {
      if (c.status !== 'fail') continue;
      const where = c.trajectory ? `; see ${c.lastScreen ? join(c.trajectory, c.lastScreen) : c.trajectory}` : '';
      lines.push(`FAIL ${instanceLabel(r)}: ${c.check}: ${c.reason ?? 'failed'}${where}`);
    }
  }
  return lines;
}

const NOT_ASKED = 'not asked for (--checks)';

export function summaryLine(report: VerifyReport): string {
  const n = report.instances.length;
  const checks = report.instances.reduce((k, r) => k + r.checks.filter((c) => c.reason !== NOT_ASKED).length, 0);
  const head = `verified ${n} instance${n === 1 ? '' : 's'} of ${report.tasks} task${report.tasks === 1 ? '' : 's'}`;
  const tail = report.failed === 0 ? `all ${checks} checks passed` : `${report.failed} check${report.failed === 1 ? '' : 's'} failed`;
  return `${head}: ${tail}${report.interrupted ? ` (interrupted after ${n} of ${report.planned})` : ''}`;
}
