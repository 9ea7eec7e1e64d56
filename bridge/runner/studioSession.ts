/**
 * What the studio sees of a run: episode and step events, a live verdict after each step,
 * screencast frames of the pages being watched, the history for a studio that connects late,
 * and the author's interactive mode (Set up a task on the studio's own phone, then Judge).
 */
import type { Action } from '../protocol/actions.ts';
import { describeAction } from '../protocol/actions.ts';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import type { EnvironmentEvent, EpisodeEnd, EpisodeInfo, RunControls, RunInfo, StateSnapshot, TaskInfo, Verdict } from '../protocol/messages.ts';
import { splitTree } from '../protocol/slices.ts';
import { keepHead } from '../agents/replyLimits.ts';
import { scrub } from '../secrets.ts';
import { DemoControls } from './demoControls.ts';
import type { StepEvent } from './episode.ts';
import type { PhoneState } from '../protocol/state.ts';
import { requireState, type Observation } from '../env/types.ts';
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

function snapshotOf(o: Observation): StateSnapshot {
  return { json: requireState(o, 'the studio').stateJson, route: o.route, revision: o.revision };
}

function verdictToEnd(row: ResultRow): Pick<EpisodeEnd, 'status' | 'stopReason' | 'steps' | 'answer' | 'error'> {
  return { status: row.status, stopReason: row.stop_reason, steps: row.steps, answer: row.answer, error: row.error };
}

/** The longest thought, reply or typed text a step event carries (the trajectory keeps 64 KB). */
const STEP_TEXT_BYTES = 8 * 1024;

function strokeOf(css: Action): { point?: { x: number; y: number }; from?: { x: number; y: number } } {
  if ('x1' in css) return { from: { x: css.x1, y: css.y1 }, point: { x: css.x2, y: css.y2 } };
  if ('x' in css && typeof css.x === 'number' && 'y' in css && typeof css.y === 'number') return { point: { x: css.x, y: css.y } };
  return {};
}

export class StudioSession implements StudioBackend {
  private episodes: { info: EpisodeInfo; end?: EpisodeEnd }[] = [];
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

  constructor(private bridge: BridgeServer, private registry: Registry, private run: RunInfo | undefined, opts: { paceMs?: number } = {}) {
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
    this.episodes.push({ info });
    const snap = snapshotOf(initial);
    this.initials.set(info.deviceId, snap);
    const split = splitTree(requireState(initial, 'the studio').state as unknown as Record<string, unknown>);
    this.bridge.studio.episodeStarted(info, { layout: split.layout, json: (name) => split.json[name]! }, snap.route, snap.revision);
    this.frame(info, 0, initial);
  }

  step(info: EpisodeInfo, s: StepEvent): void {
    const text = 'text' in s.action && typeof s.action.text === 'string' && s.action.type === 'type' ? keepHead(s.action.text, STEP_TEXT_BYTES) : undefined;
    if (!s.terminal) this.frame(info, s.index, s.observation);
    this.bridge.studio.broadcast('step', {
      episodeId: info.episodeId,
      deviceId: info.deviceId,
      index: s.index,
      action: keepHead(describeAction(s.action), STEP_TEXT_BYTES),
      ...strokeOf(s.cssAction),
      ...(text !== undefined ? { text } : {}),
      ...(s.thought ? { thought: keepHead(scrub(s.thought), STEP_TEXT_BYTES) } : {}),
      ...(s.raw ? { reply: keepHead(scrub(s.raw), STEP_TEXT_BYTES) } : {}),
      ...(s.terminal ? { terminal: true } : {}),
      route: s.observation.route,
      revision: s.observation.revision,
    });
    if (s.verdict) this.bridge.studio.broadcast('progress', { episodeId: info.episodeId, deviceId: info.deviceId, verdict: s.verdict });
  }

  episodeEnded(info: EpisodeInfo, row: ResultRow, verdict: Verdict | null): void {
    const entry = this.episodes.find((e) => e.info.episodeId === info.episodeId);
    const end: EpisodeEnd = { episodeId: info.episodeId, ...verdictToEnd(row), ...(verdict ? { verdict } : {}) };
    if (entry) entry.end = end;
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
    return { run: this.run, episodes: this.episodes, ...(controls ? { controls } : {}) };
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

  async setupTask(p: { deviceId: string; taskId: string; seed?: number }) {
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

  async demo(p: { deviceId: string; op: DemoOp }) {
    return { demo: this.demos.op(p.deviceId, p.op) };
  }

  async saveDemo(p: { deviceId: string; replaceOracle?: boolean }) {
    return { demo: this.demos.save(p.deviceId, p.replaceOracle === true) };
  }
}
