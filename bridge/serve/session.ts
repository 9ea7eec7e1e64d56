/**
 * One training session: a phone of the pool running one task instance at a time, stepped by a
 * client rather than by an agent the runner calls. It is built from the episode's own pieces
 * (the task's setup, the scripted counterpart, the judge, the action union and its validation);
 * what it adds is the push-style step a trainer needs: reward, done, truncated and info per step,
 * and snapshots of the whole episode (the phone plus the episode's progress) by id.
 */
import { isTerminalAction, type Action } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { EnvironmentEvent, Verdict } from '../protocol/messages.ts';
import type { Route, UiNode } from '../protocol/state.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import type { HeldSnapshot, SnapshotStore } from '../env/snapshots.ts';
import { hasState, type StatefulObservation } from '../env/types.ts';
import { goalText, resolveMaxSteps, type LoadedTask } from '../tasks/registry.ts';
import { agentGoal, type EvalMode } from '../tasks/grounded.ts';
import { judgeTask, judgeTaskOrNull } from '../tasks/judging.ts';
import { interactionEvents, type InteractionRun } from '../runner/interaction.ts';
import { prepareInstance, putOnPhone, startRoute, type PreparedInstance } from '../runner/setup.ts';
import { createHash } from 'node:crypto';

/** A refused session request: `status` is the HTTP status it is answered with. */
export class SessionError extends PhonegymError {
  override name = 'SessionError';
  constructor(
    message: string,
    readonly status: number,
    code: string,
    /** With 429: when a retry may succeed (the Retry-After header). */
    readonly retryAfterS?: number,
  ) {
    super(message, { code });
  }
}

/** `sparse`: 1 when the judge passes the episode at its end, else 0. `progress`: each step's gain in judged progress (sums to the final progress). */
export type RewardMode = 'sparse' | 'progress';
export const REWARD_MODES: readonly RewardMode[] = ['sparse', 'progress'];

export interface EpisodeRequest {
  task: LoadedTask;
  seed: number;
  /** The look (simulator-apps/os/look.ts); absent: 0, the phone as designed. */
  variant?: number;
  /** Parameters given instead of sampled ones (names the task declares). */
  params?: Record<string, unknown>;
  evalMode?: EvalMode;
  maxSteps?: number;
  reward?: RewardMode;
}

/** What never changes during an episode (shared by its snapshots and forks, never copied). */
interface EpisodeInstance {
  task: LoadedTask;
  seed: number;
  variant: number;
  params: Record<string, unknown>;
  evalMode: EvalMode;
  goal: string;
  maxSteps: number;
  reward: RewardMode;
  /** Judged with more than one goal: per-step progress is worth reporting. */
  subGoals: boolean;
  initial: StatefulObservation;
  episodeId: string;
}

/** What a step changes (copied into every snapshot). */
interface EpisodeProgress {
  steps: number;
  actions: Action[];
  answer: string | null;
  done: boolean;
  truncated: boolean;
  stopReason: string | null;
  interaction: InteractionRun | null;
  progress: number;
  verdict: Verdict | null;
}

/** What a snapshot keeps beside the phone. */
export interface EpisodeMark {
  instance: EpisodeInstance;
  progress: EpisodeProgress;
}

export interface WireObservation {
  /** Base64 JPEG, or null when the client asked for none. */
  screenshot: string | null;
  tree: UiNode[];
  route: Route;
  goal: string;
  /** What the task's scripted contacts did after the last step. */
  events: EnvironmentEvent[];
  step: number;
}

export interface StepInfo {
  /** The environment served, `name@version+hash`. */
  env: string;
  task: string;
  seed: number;
  variant: number;
  params: Record<string, unknown>;
  steps: number;
  max_steps: number;
  /** sha256 of the phone's state JSON (the same state, the same text): equal hashes, equal phones. */
  state_hash: string;
  /** Judged progress (0..1): every step for a task with sub-goals, and at the end. */
  progress?: number;
  stop_reason?: string;
  /** At the end: the judge's verdict. */
  verdict?: { passed: boolean; success: boolean; clean: boolean; progress: number; goals: Verdict['goals']; issues: Verdict['issues']; unexpected_changes: number };
}

export interface StepOutcome {
  observation: WireObservation;
  reward: number;
  done: boolean;
  truncated: boolean;
  info: StepInfo;
}

let episodeCounter = 0;

/**
 * Prepared instances by task, seed, mode and parameters: building a seed's world and running the
 * task's hooks costs tens of milliseconds, and trainers reset to the same few instances again and
 * again. Deterministic in those inputs, so a kept one is the one that would be built.
 */
const PREPARED_KEPT = 64;
const preparedKept = new Map<string, PreparedInstance>();
const judgedAtStart = new WeakMap<PreparedInstance, { goals: number; progress: number }>();

function preparedInstance(task: LoadedTask, seed: number, evalMode: EvalMode, params: Record<string, unknown> | undefined, variant: number): PreparedInstance {
  const key = JSON.stringify([task.id, task.file, seed, evalMode, params ?? null, variant]);
  let p = preparedKept.get(key);
  if (p) preparedKept.delete(key);
  else p = prepareInstance(task, seed, { evalMode, ...(params ? { params } : {}), variant });
  preparedKept.set(key, p);
  if (preparedKept.size > PREPARED_KEPT) preparedKept.delete(preparedKept.keys().next().value!);
  return p;
}

export class TrainingSession {
  private instance: EpisodeInstance | null = null;
  private progress: EpisodeProgress | null = null;
  /** The phone as last observed (null after a restore until it is looked at again). */
  private last: StatefulObservation | null = null;
  private lastEvents: EnvironmentEvent[] = [];
  /** Operations on one session run one after another (a client may pipeline requests). */
  private queue: Promise<unknown> = Promise.resolve();
  lastActive = Date.now();
  /** OpenEnv's `episode_id` reset argument, shown as the episode id when given. */
  clientEpisodeId: string | null = null;
  /**
   * A fork's snapshot its phone has not been brought to yet: the page is restored just before the
   * session first uses it (a step, a snapshot, an observation), so a fork of n answers at once and
   * a fork nobody steps costs no restore. The episode (task, progress) is the snapshot's already.
   */
  private unrestored: HeldSnapshot<EpisodeMark> | null = null;

  constructor(
    readonly id: string,
    readonly env: SimulatorEnv,
    private readonly snapshots: SnapshotStore<EpisodeMark>,
    /** The environment served, carried in every step's info. */
    private readonly envId: string = 'phonegym',
  ) {}

  readonly openedAt = Date.now();
  private pending = 0;

  /** Runs `op` after every operation already asked of this session. */
  serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => {});
    this.pending++;
    this.lastActive = Date.now();
    return run.finally(() => {
      this.pending--;
      this.lastActive = Date.now();
    });
  }

  /** An operation is running or waiting (an idle session is never one with a step in flight). */
  get busy(): boolean {
    return this.pending > 0;
  }

  get started(): boolean {
    return this.instance !== null;
  }

  /** The OpenEnv-style state: episode id and step count, with the task and seed. */
  state(): Record<string, unknown> {
    const i = this.instance;
    const p = this.progress;
    return { episode_id: this.clientEpisodeId ?? i?.episodeId ?? null, step_count: p?.steps ?? 0, task: i?.task.id ?? null, seed: i?.seed ?? null, variant: i?.variant ?? null, params: i?.params ?? null, done: p?.done ?? false, max_steps: i?.maxSteps ?? null };
  }

  /** Sets the phone up for a task instance (in place, no reload) and observes it. */
  async reset(req: EpisodeRequest, screenshot: boolean): Promise<StepOutcome> {
    this.unrestored = null; // the reset writes the whole phone
    const evalMode = req.evalMode ?? 'grounded';
    const prepared = preparedInstance(req.task, req.seed, evalMode, req.params, req.variant ?? 0);
    const initial = await this.putObserved(req.task, prepared, screenshot);
    // The judge at the start: how many goals (per-step progress is worth it with more than one), and the progress before any step.
    let start = judgedAtStart.get(prepared);
    if (!start) {
      const v = judgeTaskOrNull(req.task, prepared.params, evalMode, initial, initial, null, []);
      start = { goals: v?.goals.length ?? 0, progress: v?.progress ?? 0 };
      judgedAtStart.set(prepared, start);
    }
    this.instance = {
      task: req.task, seed: req.seed, variant: req.variant ?? 0, params: prepared.params, evalMode, reward: req.reward ?? 'sparse',
      goal: agentGoal(goalText(req.task, prepared.params), req.task.def, evalMode),
      maxSteps: req.maxSteps ?? resolveMaxSteps(req.task, undefined, evalMode),
      subGoals: start.goals > 1,
      initial,
      episodeId: `ep${++episodeCounter}`,
    };
    this.clientEpisodeId = null;
    this.progress = {
      steps: 0, actions: [], answer: null, done: false, truncated: false, stopReason: null, progress: start.progress, verdict: null,
      interaction: req.task.def.interaction ? { memory: {}, delivered: [], done: false } : null,
    };
    this.last = initial;
    this.lastEvents = [];
    return this.outcome(0, initial);
  }

  /** One action: performed on the phone (or, when terminal, ending the episode), then judged where the episode ends. */
  async step(action: Action, screenshot: boolean): Promise<StepOutcome> {
    const { instance: i, progress: p } = this.require();
    if (p.done) throw new SessionError(`this episode is over (${p.stopReason}): reset the session, or restore a snapshot, before stepping again`, 409, 'episode_done');
    p.steps++;
    p.actions.push(action);
    let observation: StatefulObservation;
    let events: EnvironmentEvent[] = [];
    if (isTerminalAction(action)) {
      if (action.type === 'answer') p.answer = action.text;
      p.done = true;
      p.stopReason = action.type;
      observation = await this.lastObservation(screenshot);
    } else {
      await this.phoneRestored();
      observation = (await this.env.step(action, { screenshot })).observation;
      if (p.interaction) {
        // The task's scripted counterpart looks at the phone and may answer before the client sees it.
        events = interactionEvents(i.task, i.params, p.interaction, i.initial.state, observation.state, p.steps);
        if (events.length > 0) {
          await this.env.deliver(events);
          observation = await this.env.observe({ advanceMs: 0, screenshot });
        }
      }
      if (p.steps >= i.maxSteps) {
        p.done = true;
        p.truncated = true;
        p.stopReason = 'max_steps';
      }
    }
    this.last = observation;
    this.lastEvents = events;
    const before = p.progress;
    if (p.done) {
      p.verdict = judgeTask(i.task, i.params, i.evalMode, i.initial, observation, p.answer, p.actions);
      p.progress = p.verdict.progress;
    } else if (i.subGoals || i.reward === 'progress') {
      p.progress = judgeTaskOrNull(i.task, i.params, i.evalMode, i.initial, observation, p.answer, p.actions)?.progress ?? p.progress;
    }
    const reward = i.reward === 'progress' ? p.progress - before : p.done && p.verdict?.passed ? 1 : 0;
    return this.outcome(reward, observation);
  }

  /** Keeps the phone and the episode's progress under a new snapshot id. */
  async snapshot(): Promise<string> {
    const { instance, progress } = this.require();
    await this.phoneRestored();
    return this.snapshots.take(this.env, { instance, progress: structuredClone(progress) });
  }

  /** Brings the phone and the episode back to snapshot `id` (taken by any session of this server). */
  async restore(id: string, screenshot: boolean | null): Promise<StepOutcome | null> {
    this.unrestored = null;
    if (screenshot === false) {
      // Restored and observed in one round trip.
      const held = this.snapshots.hold(id);
      this.takeEpisode(held.extra);
      this.last = await this.env.restoreObserved(held.page);
      return this.outcome(0, this.last);
    }
    this.takeEpisode(await this.snapshots.restore(id, this.env));
    if (screenshot === null) return null;
    return this.outcome(0, await this.lastObservation(screenshot));
  }

  /** Becomes snapshot `id`'s episode at once; the phone is brought to it when first used (see `unrestored`). */
  adopt(id: string): void {
    const held = this.snapshots.hold(id);
    this.takeEpisode(held.extra);
    this.unrestored = held;
  }

  private takeEpisode(mark: EpisodeMark): void {
    this.instance = mark.instance;
    this.progress = structuredClone(mark.progress);
    this.lastEvents = [];
    this.last = null;
  }

  private async phoneRestored(): Promise<void> {
    const held = this.unrestored;
    if (!held) return;
    this.unrestored = null;
    await this.env.restore(held.page);
  }

  /**
   * The instance written to the phone and observed: without a picture in one round trip
   * (`resetObserved`), with one after the phone settles for the capture.
   */
  private async putObserved(task: LoadedTask, prepared: PreparedInstance, screenshot: boolean): Promise<StatefulObservation> {
    const route = startRoute(task);
    if (!screenshot && route !== 'unknown') return this.env.resetObserved(prepared.stateJson, route);
    await putOnPhone(this.env, task, prepared);
    return this.env.observe({ advanceMs: 0, screenshot });
  }

  private require(): { instance: EpisodeInstance; progress: EpisodeProgress } {
    if (!this.instance || !this.progress) throw new SessionError('this session has no episode yet: reset it with a task first', 409, 'not_reset');
    return { instance: this.instance, progress: this.progress };
  }

  private async lastObservation(screenshot: boolean): Promise<StatefulObservation> {
    if (this.last && (!screenshot || this.last.screenshot.length > 0)) return this.last;
    await this.phoneRestored();
    const o = await this.env.observe({ advanceMs: 0, screenshot });
    if (!hasState(o)) throw new SessionError('the phone returned no state tree', 500, 'internal');
    this.last = o;
    return o;
  }

  private outcome(reward: number, o: StatefulObservation): StepOutcome {
    const { instance: i, progress: p } = this.require();
    const info: StepInfo = { env: this.envId, task: i.task.id, seed: i.seed, variant: i.variant, params: i.params, steps: p.steps, max_steps: i.maxSteps, state_hash: stateDigest(o) };
    if (i.subGoals || p.done || i.reward === 'progress') info.progress = p.progress;
    if (p.done) {
      info.stop_reason = p.stopReason ?? undefined;
      const v = p.verdict;
      if (v) info.verdict = { passed: v.passed, success: v.success, clean: v.clean, progress: v.progress, goals: v.goals, issues: v.issues, unexpected_changes: v.unexpectedChanges.length };
    }
    const observation: WireObservation = { screenshot: o.screenshot.length ? o.screenshot.toString('base64') : null, tree: o.tree, route: o.route, goal: i.goal, events: this.lastEvents, step: p.steps };
    return { observation, reward, done: p.done, truncated: p.truncated, info };
  }
}

/**
 * Names the state, for every step: the same state, the same digest. Cheaper than the row's
 * canonical `init_state_hash`: from the slices' versions when the phone gives them (each a length
 * and 64-bit hash of the slice's JSON, by slice name: hashing the whole ~0.5 MB tree was ~2 ms of
 * every step), else from the phone's JSON (already in a stable key order).
 */
export function stateDigest(o: Pick<StatefulObservation, 'stateJson' | 'sliceVersions'>): string {
  const h = createHash('sha256');
  if (o.sliceVersions) for (const name of Object.keys(o.sliceVersions).sort()) h.update(`${name}=${o.sliceVersions[name]};`);
  else h.update(o.stateJson);
  return 'sha256:' + h.digest('hex').slice(0, 32);
}
