/**
 * What the studio sees of a run: episode and step events, a live verdict after each step,
 * screencast frames of the pages being watched, the history for a studio that connects late,
 * and the author's interactive mode (Set up a task on the studio's own phone, then Judge).
 */
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import type { EnvironmentEvent, EpisodeEnd, EpisodeInfo, ForkAnswer, ForkParams, RunControls, RunInfo, StateSnapshot, StepInfo, TaskInfo, Verdict } from '../protocol/messages.ts';
import { splitTree } from '../protocol/slices.ts';
import { DemoControls } from './demoControls.ts';
import type { StepEvent } from './episode.ts';
import type { PhoneState } from '../protocol/state.ts';
import { hasState, type Observation } from '../env/types.ts';
import type { EnvPool } from '../env/envPool.ts';
import { judge } from '../judge/judge.ts';
import type { BridgeServer, DeviceConnection, StudioBackend } from '../server/bridgeServer.ts';
import { drawBaseSeed } from '../tasks/seeds.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { goalText, resolveMaxSteps, type LoadedTask, type Registry } from '../tasks/registry.ts';
import { buildJudgeSpec } from '../tasks/judging.ts';
import { agentGoal } from '../tasks/grounded.ts';
import { setupOnPhone } from './setup.ts';
import { taskListInfo } from './taskInfo.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import { StudioTaskList } from './studioTasks.ts';
import type { DemoOp } from '../protocol/demo.ts';
import { DemoSessions } from './demoSession.ts';
import { forkPrefix, recordedSource, replaySteps, stateDigest, type AgentFork, type ForkSource } from './fork.ts';
import type { EvalMode } from '../tasks/grounded.ts';
import { snapshotOf, stepInfo, verdictToEnd } from './studioEvents.ts';
import { StudioEpisodes } from './studioEpisodes.ts';

export type { AgentFork };

interface InteractiveSetup {
  task: LoadedTask;
  params: Record<string, unknown>;
  initial: StateSnapshot;
  info: EpisodeInfo;
  /** An interactive task's script, answering the author as it answers agents; off when set up again. */
  stopInteraction?: () => void;
}

export function taskInfo(t: LoadedTask): TaskInfo {
  // The goal as a template (‹title›, ‹date›…), whatever the goal does with its parameters: see taskInfo.ts.
  return taskListInfo(t);
}

export class StudioSession implements StudioBackend {
  private episodes = new StudioEpisodes();
  private initials = new Map<string, StateSnapshot>();
  private interactive = new Map<string, InteractiveSetup>();
  private pool: EnvPool | null = null;
  private taskList: StudioTaskList | null = null;
  /** While the run goes on, its pages belong to it: author calls on them are refused. */
  private running = false;
  /** The run's demo controls (pause, step, stop, pace); null for a studio without a run. */
  readonly controls: DemoControls | null;

  /** Demonstrations recorded on the interactive phones (Record, Save as oracle). */
  private demos: DemoSessions;

  /** How the run sets tasks up (a fork sets its task up the same way). */
  private readonly evalMode: EvalMode;

  /** The run folders of the Runs tab, whose episodes can be continued too. */
  private readonly runsDir: string | null;
  /** Runs an agent episode from a fork; null: no agent here (phonegym studio). */
  private agentRunner: ((fork: AgentFork) => Promise<void>) | null = null;
  private agentForks = 0;

  constructor(private bridge: BridgeServer, private registry: Registry, private run: RunInfo | undefined, opts: { paceMs?: number; evalMode?: EvalMode; runsDir?: string } = {}) {
    this.evalMode = opts.evalMode ?? 'grounded';
    this.runsDir = opts.runsDir ?? null;
    this.demos = new DemoSessions({ root: () => this.registry.root, broadcast: (demo) => bridge.studio.broadcast('demoChanged', { demo }) });
    bridge.setBackend(this);
    this.controls = run ? new DemoControls(opts.paceMs ?? 0) : null;
    this.controls?.onChange(() => this.tellControls());
  }

  attachPool(pool: EnvPool): void {
    this.pool = pool;
    this.running = true;
    this.tellControls();
  }

  /** The controls as studios see them: usable while the run's episodes go on. */
  private controlsState(): RunControls | undefined {
    return this.controls ? { ...this.controls.state(), available: this.running } : undefined;
  }

  private tellControls(): void {
    const c = this.controlsState();
    if (c) this.bridge.studio.broadcast('controls', c);
  }

  /** The run's episodes are done: its pages may be used by hand (a kept-open studio). */
  runFinished(): void {
    this.running = false;
    this.tellControls();
  }

  // --- run events -------------------------------------------------------------------------

  episodeStarted(info: EpisodeInfo, initial: Observation): void {
    // A phone without a state tree (a run on real phones) has nothing for the studio: no studio watches such a run.
    if (!hasState(initial)) return;
    const snap = snapshotOf(initial);
    this.episodes.started(info, stateDigest(snap.json));
    this.initials.set(info.deviceId, snap);
    const split = splitTree(initial.state as unknown as Record<string, unknown>);
    this.bridge.studio.episodeStarted(info, { layout: split.layout, json: (name) => split.json[name]! }, snap.route, snap.revision);
    this.frame(info, 0, initial);
  }

  /** A session's next goal on the device: `info` carries it (its goal and the goals so far). */
  sessionGoal(info: EpisodeInfo): void {
    this.bridge.studio.broadcast('sessionGoal', { info });
  }

  step(info: EpisodeInfo, s: StepEvent): void {
    if (!s.terminal) this.frame(info, s.index, s.observation);
    const step = stepInfo(info, s);
    this.episodes.stepped(info.episodeId, step, { index: s.index, action: s.cssAction });
    this.bridge.studio.broadcast('step', step);
    if (s.verdict) this.bridge.studio.broadcast('progress', { episodeId: info.episodeId, deviceId: info.deviceId, verdict: s.verdict });
  }

  episodeEnded(info: EpisodeInfo, row: ResultRow, verdict: Verdict | null): void {
    const end: EpisodeEnd = { episodeId: info.episodeId, ...verdictToEnd(row), ...(verdict ? { verdict } : {}) };
    this.episodes.ended(end);
    this.controls?.episodeEnded(info.deviceId);
    this.bridge.studio.broadcast('episodeEnded', { ...end, deviceId: info.deviceId });
  }

  /**
   * The screenshot the agent got after step `index` (0: the first screen), to the studios
   * watching the device: the picture is what the agent saw, tagged so a studio knows how current it is.
   */
  private frame(info: EpisodeInfo, index: number, o: Observation): void {
    // Sent whenever a studio is connected: one that starts watching later gets the newest at once.
    if (o.screenshot.length === 0 || this.bridge.studio.size === 0) return;
    this.bridge.studio.emitFrame(info.deviceId, o.screenshot.toString('base64'), { episodeId: info.episodeId, step: index });
  }

  async runControl(p: { action: 'pause' | 'resume' | 'step' | 'stop' | 'pace'; deviceId?: string; paceMs?: number }): Promise<{ controls: RunControls }> {
    const c = this.controls;
    if (!c || !this.running) throw new PhonegymError('runControl: the run has ended; there is nothing to control', { code: 'no_run', details: {} });
    if (p.action === 'pause') c.pause();
    else if (p.action === 'resume') c.resume();
    else if (p.action === 'step') c.step(p.deviceId);
    else if (p.action === 'pace') c.setPace(p.paceMs!);
    else if (!c.stop(p.deviceId!)) throw new PhonegymError(`runControl: no episode is running on "${p.deviceId}"`, { code: 'device_not_found', details: { deviceId: p.deviceId } });
    return { controls: this.controlsState()! };
  }

  /** Author calls are for the studio's own phone: a page of the run is the run's until it ends. */
  private refuseRunDevice(method: string, deviceId: string): void {
    const episode = this.bridge.studio.episodeOn(deviceId);
    if (episode || (this.running && this.pool?.pageOf(deviceId))) {
      const what = episode ? `is running episode ${episode.episodeId}` : 'belongs to the run until it ends';
      throw new PhonegymError(`${method}: phone "${deviceId}" ${what}; an author call there would change the episode under the agent. Use the studio's own phone (Author mode), or wait for the run to end.`, { code: 'device_busy', details: { deviceId, method } });
    }
  }

  // --- StudioBackend ------------------------------------------------------------------------

  /**
   * Re-reads what changed in the task files (↻); from the first call on, a saved task file (or a
   * module it imports) reloads by itself and the studios are told (studioTasks.ts).
   */
  async listTasks(): Promise<TaskInfo[]> {
    this.taskList ??= new StudioTaskList({
      root: this.registry.root,
      describe: taskInfo,
      onChange: (tasks, changed) => {
        this.registry = this.taskList!.registry!;
        this.bridge.studio.broadcast('tasksChanged', { tasks, changed });
      },
      log: (line) => console.error(line),
    });
    const tasks = await this.taskList.list();
    this.registry = this.taskList.registry!;
    return tasks;
  }

  /** Stops watching the task files (the bridge calls it as it closes). */
  close(): void {
    this.taskList?.close();
  }

  async history() {
    const controls = this.controlsState();
    return { run: this.run, episodes: this.episodes.history(), ...(controls ? { controls } : {}) };
  }

  async episodeSteps(p: { episodeId: string }): Promise<{ steps: StepInfo[] }> {
    return { steps: this.episodes.steps(p.episodeId) };
  }

  initialState(deviceId: string): StateSnapshot | undefined {
    return this.interactive.get(deviceId)?.initial ?? this.initials.get(deviceId);
  }

  private task(taskId: string): LoadedTask {
    const refused = this.taskList?.refusal(taskId);
    if (refused) throw new UsageError(refused);
    const t = this.registry.tasks.find((x) => x.id === taskId);
    if (!t) throw new UsageError(`unknown task id "${taskId}"${didYouMean(taskId, this.registry.tasks.map((x) => x.id))}`);
    return t;
  }

  private device(deviceId: string): DeviceConnection {
    const d = this.bridge.device(deviceId);
    if (!d) throw new UsageError(`no phone "${deviceId}" is connected; reload the studio page`);
    return d;
  }

  async setupTask(p: { deviceId: string; taskId: string; seed?: number; variant?: number }) {
    this.refuseRunDevice('setupTask', p.deviceId);
    const task = this.task(p.taskId);
    const device = this.device(p.deviceId);
    const seed = p.seed ?? drawBaseSeed();
    const prepared = await setupOnPhone(
      {
        reset: async (state, route) => {
          const stateJson = typeof state === 'string' ? state : JSON.stringify(state);
          await device.call('reset', route ? { stateJson, route } : { stateJson });
        },
        openApp: async (app) => {
          await device.call('openApp', { app });
        },
      },
      task,
      seed,
      { variant: p.variant ?? 0 },
    );
    const snap = await device.call('getState', {});
    const info: EpisodeInfo = {
      episodeId: `${task.id}#studio-${seed}`,
      taskId: task.id,
      goal: agentGoal(goalText(task, prepared.params), task.def, 'grounded'),
      deviceId: p.deviceId,
      instance: 0,
      trial: 0,
      seed,
      ...(p.variant ? { variant: p.variant } : {}),
      maxSteps: resolveMaxSteps(task),
      startedAt: new Date().toISOString(),
    };
    this.interactive.get(p.deviceId)?.stopInteraction?.();
    const setup: InteractiveSetup = { task, params: prepared.params, initial: snap, info };
    if (task.def.interaction) setup.stopInteraction = this.followInteraction(device, setup);
    this.interactive.set(p.deviceId, setup);
    this.demos.setUp(device, task, prepared.params, seed);
    return { episode: info, initial: snap };
  }

  /**
   * An author acting by hand on an interactive task meets the same scripted counterpart an agent
   * does: after each change of the phone's state the task's script looks and may answer. Calls
   * run one at a time; a script error is logged by the bridge, not thrown at the phone.
   */
  private followInteraction(device: DeviceConnection, setup: InteractiveSetup): () => void {
    const interaction = setup.task.def.interaction!;
    const init = JSON.parse(setup.initial.json) as PhoneState;
    const memory: Record<string, unknown> = {};
    const delivered: EnvironmentEvent[] = [];
    let done = false;
    let stopped = false;
    let step = 0;
    let chain = Promise.resolve();
    const look = async () => {
      if (done || stopped) return;
      const now = await device.call('getState', {});
      step++;
      const reply = interaction.respond({ p: setup.params, init, state: JSON.parse(now.json) as PhoneState, delivered, memory, step });
      if (reply?.done) done = true;
      if (reply?.events?.length && !stopped) {
        delivered.push(...reply.events);
        await device.call('deliver', { events: reply.events });
      }
    };
    const off = device.on('stateChanged', () => {
      chain = chain.then(look).catch((e: unknown) => {
        console.error(`studio: ${setup.task.id}: the interaction script failed: ${(e as Error).message}`);
      });
    });
    return () => {
      stopped = true;
      off();
    };
  }

  async judge(p: { deviceId: string; answer?: string }) {
    this.refuseRunDevice('judge', p.deviceId);
    const setup = this.interactive.get(p.deviceId);
    if (!setup) throw new UsageError('no task is set up on this phone: pick a task and press Set up first');
    const now = await this.device(p.deviceId).call('getState', {});
    // The author answers a query task on the phone's sheet (grounded), or types it in the studio (text).
    const mode = p.answer?.trim() ? 'text' : 'grounded';
    const verdict = judge(buildJudgeSpec(setup.task, setup.params, mode), {
      init: JSON.parse(setup.initial.json) as PhoneState,
      final: JSON.parse(now.json) as PhoneState,
      initRoute: setup.initial.route,
      route: now.route,
      answer: p.answer?.trim() ? p.answer : null,
      actions: [],
    });
    return { verdict };
  }

  /**
   * Continues an episode by hand from its step `step` (0: its first screen): an episode of this
   * run (`episodeId`) or one recorded in a run folder of the Runs tab (`run`). The task is set up
   * on the author's phone as the episode had it, with the state after that step (the episode's
   * actions taken again on a page of its own, fork.ts); Judge then judges from the episode's
   * initial state.
   */
  async forkEpisode(p: ForkParams): Promise<ForkAnswer> {
    this.refuseRunDevice('forkEpisode', p.deviceId);
    const source = this.forkSource(p);
    const taken = forkPrefix(source, p.step);
    const task = this.task(source.info.taskId);
    const device = this.device(p.deviceId);
    const replay = await replaySteps(this.bridge, task, source.info.seed, { evalMode: source.evalMode, variant: source.info.variant ?? 0 }, taken);
    if (!source.startsAt(replay.initial.json)) {
      throw new UsageError(`${source.label} cannot be continued: set up again from its seed, its task starts elsewhere than it did (the task file or the app changed since the episode ran)`);
    }
    await device.call('reset', { stateJson: replay.after.json, route: replay.after.route });
    const info: EpisodeInfo = {
      ...source.info,
      episodeId: `${source.label}@${p.step}`,
      goal: agentGoal(goalText(task, replay.params), task.def, source.evalMode),
      deviceId: p.deviceId,
      startedAt: new Date().toISOString(),
    };
    this.interactive.get(p.deviceId)?.stopInteraction?.();
    const setup: InteractiveSetup = { task, params: replay.params, initial: replay.initial, info };
    if (task.def.interaction) setup.stopInteraction = this.followInteraction(device, setup);
    this.interactive.set(p.deviceId, setup);
    return { episode: info, initial: replay.initial, from: { episodeId: source.label, step: p.step, ...(p.run ? { run: p.run.folder } : {}) } };
  }

  /** Gives a run's episodes, from a step, to the run's agent (set by the runner that holds the pages and the agent). */
  setAgentRunner(run: (fork: AgentFork) => Promise<void>): void {
    this.agentRunner = run;
  }

  /**
   * Hand it to the agent: a new episode of the run's agent on one of the run's pages, the task set
   * up from the episode's seed and its first `step` actions taken again (noted as replayed), then
   * the agent acts and the episode is judged from the initial state. It shows in Watch mode as
   * `<episode>@<step>·agent<n>`, apart from the run's own counts; its trajectory is written under
   * the run folder's `forks/`, not in results.jsonl.
   */
  async forkToAgent(p: { episodeId: string; step: number }): Promise<{ episodeId: string }> {
    if (!this.agentRunner) throw new UsageError('this studio has no agent to hand an episode to: continue it by hand, or watch a run (phonegym run --studio)');
    const source = this.forkSource(p);
    const actions = forkPrefix(source, p.step);
    const task = this.task(source.info.taskId);
    const episodeId = `${source.label}@${p.step}·agent${++this.agentForks}`;
    const fork: AgentFork = {
      episodeId,
      forkOf: { episodeId: source.label, step: p.step },
      task,
      seed: source.info.seed,
      variant: source.info.variant ?? 0,
      instance: source.info.instance,
      trial: source.info.trial,
      maxSteps: source.info.maxSteps,
      prefix: { actions, from: source.label },
      startsAt: source.startsAt,
    };
    this.agentRunner(fork).catch((e: Error) => this.bridge.log(`studio: ${episodeId} could not run: ${e.message}`));
    return { episodeId };
  }

  /** The episode a fork continues: its task and seed, the actions it took and a check of where it started. */
  private forkSource(p: { episodeId?: string; run?: ForkParams['run'] }): ForkSource {
    if (p.run) {
      if (!this.runsDir) throw new UsageError('this studio serves no run folders: continue an episode of the run it watches, or start phonegym studio --runs DIR');
      return recordedSource(this.runsDir, p.run, (id) => this.task(id));
    }
    const entry = this.episodes.get(p.episodeId ?? '');
    if (!entry) throw new UsageError(`no episode "${String(p.episodeId).slice(0, 120)}" in this run: pick one in Watch mode`);
    return { label: entry.info.episodeId, info: entry.info, evalMode: this.evalMode, taken: entry.taken, startsAt: (json) => stateDigest(json) === entry.initialDigest };
  }

  async demo(p: { deviceId: string; op: DemoOp }) {
    return { demo: this.demos.op(p.deviceId, p.op) };
  }

  async saveDemo(p: { deviceId: string; replaceOracle?: boolean }) {
    return { demo: this.demos.save(p.deviceId, p.replaceOracle === true) };
  }
}
