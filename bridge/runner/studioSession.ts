/**
 * What the studio sees of a run: episode and step events, a live verdict after each step,
 * screencast frames of the pages being watched, the history for a studio that connects late,
 * and the author's interactive mode (Set up a task on the studio's own phone, then Judge).
 */
import type { Action } from '../protocol/actions.ts';
import { describeAction } from '../protocol/actions.ts';
import { UsageError } from '../protocol/errors.ts';
import type { EnvironmentEvent, EpisodeEnd, EpisodeInfo, RunInfo, StateSnapshot, TaskInfo, Verdict } from '../protocol/messages.ts';
import type { PhoneState } from '../protocol/state.ts';
import { requireState, type Observation } from '../env/types.ts';
import type { EnvPool } from '../env/envPool.ts';
import { judge } from '../judge/judge.ts';
import type { BridgeServer, DeviceConnection, StudioBackend } from '../server/bridgeServer.ts';
import { drawBaseSeed } from '../tasks/seeds.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { goalText, loadRegistry, resolveMaxSteps, type LoadedTask, type Registry } from '../tasks/registry.ts';
import { buildJudgeSpec } from '../tasks/judging.ts';
import { agentGoal } from '../tasks/grounded.ts';
import { setupOnPhone } from './setup.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
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
  // Before sampling there are no values: show each parameter as a placeholder, ‹contactName›.
  const placeholders = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? `‹${key}›` : undefined) });
  let goal: string;
  try {
    goal = goalText(t, placeholders);
  } catch {
    goal = t.id;
  }
  return { id: t.id, suite: t.suite, name: t.name, goal, difficulty: t.def.difficulty, objective: t.def.objective, apps: t.def.apps };
}

function snapshotOf(o: Observation): StateSnapshot {
  return { json: requireState(o, 'the studio').stateJson, route: o.route, revision: o.revision };
}

function verdictToEnd(row: ResultRow): Pick<EpisodeEnd, 'status' | 'stopReason' | 'steps' | 'answer' | 'error'> {
  return { status: row.status, stopReason: row.stop_reason, steps: row.steps, answer: row.answer, error: row.error };
}

export class StudioSession implements StudioBackend {
  private episodes: { info: EpisodeInfo; end?: EpisodeEnd }[] = [];
  private initials = new Map<string, StateSnapshot>();
  private interactive = new Map<string, InteractiveSetup>();
  private pool: EnvPool | null = null;
  private casting = new Map<string, { stop: () => Promise<void> }>();
  /** Demonstrations recorded on the interactive phones (Record, Save as oracle). */
  private demos: DemoSessions;

  constructor(private bridge: BridgeServer, private registry: Registry, private run: RunInfo | undefined) {
    this.demos = new DemoSessions({ root: () => this.registry.root, broadcast: (demo) => bridge.studio.broadcast('demoChanged', { demo }) });
    bridge.setBackend(this);
    bridge.studio.onWatchChange((deviceId, watchers) => void this.updateScreencast(deviceId, watchers));
  }

  attachPool(pool: EnvPool): void {
    this.pool = pool;
  }

  // --- run events -------------------------------------------------------------------------

  episodeStarted(info: EpisodeInfo, initial: Observation): void {
    this.episodes.push({ info });
    const snap = snapshotOf(initial);
    this.initials.set(info.deviceId, snap);
    this.bridge.studio.broadcast('episodeStarted', { info, initial: snap });
  }

  step(episodeId: string, deviceId: string, index: number, action: Action, css: Action, obs: Observation, verdict: Verdict | null): void {
    const point = 'x' in css && typeof css.x === 'number' && 'y' in css && typeof css.y === 'number' ? { x: css.x, y: css.y } : 'x1' in css ? { x: css.x2, y: css.y2 } : undefined;
    this.bridge.studio.broadcast('step', { episodeId, index, action: describeAction(action), ...(point ? { point } : {}), route: obs.route, revision: obs.revision });
    if (verdict) this.bridge.studio.broadcast('progress', { episodeId, deviceId, verdict });
  }

  episodeEnded(info: EpisodeInfo, row: ResultRow, verdict: Verdict | null): void {
    const entry = this.episodes.find((e) => e.info.episodeId === info.episodeId);
    const end: EpisodeEnd = { episodeId: info.episodeId, ...verdictToEnd(row), ...(verdict ? { verdict } : {}) };
    if (entry) entry.end = end;
    this.bridge.studio.broadcast('episodeEnded', { ...end, deviceId: info.deviceId });
  }

  // --- screencast ---------------------------------------------------------------------------

  private async updateScreencast(deviceId: string, watchers: number): Promise<void> {
    const page = this.pool?.pageOf(deviceId);
    if (!page) return;
    const active = this.casting.get(deviceId);
    if (watchers > 0 && !active) {
      const handle = { stop: async () => {} };
      this.casting.set(deviceId, handle);
      try {
        await page.screencast.start({
          quality: 70,
          size: { width: 360, height: 800 },
          onFrame: ({ data }) => this.bridge.studio.emitFrame(deviceId, data.toString('base64')),
        });
        handle.stop = () => page.screencast.stop().catch(() => {});
      } catch {
        this.casting.delete(deviceId);
      }
    } else if (watchers === 0 && active) {
      this.casting.delete(deviceId);
      await active.stop();
    }
  }

  // --- StudioBackend ------------------------------------------------------------------------

  /** Re-reads the task files each time, so an author's edit shows after a refresh. */
  async listTasks(): Promise<TaskInfo[]> {
    this.registry = await loadRegistry({ fresh: true, root: this.registry.root });
    return this.registry.tasks.map(taskInfo);
  }

  async history() {
    return { run: this.run, episodes: this.episodes };
  }

  initialState(deviceId: string): StateSnapshot | undefined {
    return this.interactive.get(deviceId)?.initial ?? this.initials.get(deviceId);
  }

  private task(taskId: string): LoadedTask {
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
