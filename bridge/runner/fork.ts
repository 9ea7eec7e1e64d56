/**
 * Forking an episode at step k: a fresh phone page set up as the episode was (the task, its seed,
 * the same initial state, checked) takes the episode's first k actions again, as real input, and
 * gives the state it ends in. The phone is deterministic (the same seed and actions give the same
 * state), so this is the state after step k exactly; the trajectory's per-step patches are not
 * enough (values are kept only when small). The page lives in its own browser, closed after.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_TYPES, isTerminalAction, type Action } from '../protocol/actions.ts';
import { UsageError } from '../protocol/errors.ts';
import { isTrajectoryPath, type TrajectoryDoc } from '../protocol/trajectory.ts';
import { episodeKey } from '../protocol/runFolder.ts';
import { readMeta } from './runFolder.ts';
import type { PhoneState } from '../protocol/state.ts';
import { requireState } from '../env/types.ts';
import { interactionEvents, type InteractionRun } from './interaction.ts';
import type { Agent, AgentObservation, AgentReply, EpisodeContext } from '../agents/types.ts';
import { mapActionPoints } from '../env/coords.ts';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';
import type { EvalMode } from '../tasks/grounded.ts';
import { resolveMaxSteps, type LoadedTask } from '../tasks/registry.ts';
import { setupOnPhone, stateHash } from './setup.ts';
import type { EpisodeInfo, StateSnapshot } from '../protocol/messages.ts';

/** One action an episode took, as a fork replays it: its step number, and the action in CSS pixels. */
export interface TakenAction {
  index: number;
  action: Action;
}

/**
 * Hand it to the agent: an agent that first takes an earlier episode's actions again (a fork's
 * prefix; terminal ones touched nothing and are left out), each as a step noted
 * `replayed: step i of <episode>`, then hands over to `inner`, which sees the step count so far.
 * The episode is judged from its initial state like any other.
 */
export class PrefixAgent implements Agent {
  readonly name: string;
  /** Only when `inner` takes the judge's findings: a round it cannot see stays blind (the row says so). */
  readonly feedbackFromJudge?: (text: string, ep: EpisodeContext) => void;
  private readonly actions: TakenAction[];
  private readonly from: string;
  private next = 0;

  constructor(
    private readonly inner: Agent,
    prefix: { actions: readonly TakenAction[]; from: string },
    /** CSS pixels → the coordinate space the env takes actions in. */
    private readonly fromCss: (p: { x: number; y: number }) => { x: number; y: number },
  ) {
    this.name = inner.name;
    this.actions = prefix.actions.filter((a) => !isTerminalAction(a.action));
    this.from = prefix.from;
    if (inner.feedbackFromJudge) this.feedbackFromJudge = (text, ep) => inner.feedbackFromJudge!(text, ep);
  }

  start(ep: EpisodeContext): void | Promise<void> {
    this.next = 0;
    return this.inner.start?.(ep);
  }

  async act(obs: AgentObservation, ep: EpisodeContext, signal?: AbortSignal): Promise<AgentReply> {
    const taken = this.actions[this.next];
    if (!taken) return this.inner.act(obs, ep, signal);
    this.next++;
    return { action: mapActionPoints(taken.action, this.fromCss), thought: `replayed: step ${taken.index} of ${this.from}` };
  }

  end(ep: EpisodeContext): void | Promise<void> {
    return this.inner.end?.(ep);
  }
}

/** The phone's state JSON as a short digest: a fork checks it starts where the episode started. */
export const stateDigest = (json: string): string => createHash('sha256').update(json).digest('hex').slice(0, 32);

export interface Replayed {
  params: Record<string, unknown>;
  /** The episode's initial state, as the replay set it up. */
  initial: StateSnapshot;
  /** The state after the replayed actions. */
  after: StateSnapshot;
}

/**
 * The task set up from `seed` on a page of its own, `actions` taken on it as the episode took them
 * (terminal ones touch nothing; a task's scripted counterpart answers after each step, as it did),
 * and the states before and after.
 */
export async function replaySteps(bridge: BridgeServer, task: LoadedTask, seed: number, opts: { evalMode: EvalMode; variant?: number }, actions: readonly TakenAction[]): Promise<Replayed> {
  const { evalMode } = opts;
  const browser = await launchChromium();
  try {
    const pool = await EnvPool.open({ browser, bridge, size: 1, shardPrefix: 'fork' });
    try {
      const env = await pool.acquire();
      env.screenshots = false;
      const prepared = await setupOnPhone(env, task, seed, opts);
      const before = await env.getState();
      const init = JSON.parse(before.json) as PhoneState;
      const interaction: InteractionRun | null = task.def.interaction ? { memory: {}, delivered: [], done: false } : null;
      for (const { index, action } of actions) {
        if (isTerminalAction(action)) continue;
        const stepped = await env.step(action, { screenshot: false });
        if (interaction) {
          const events = interactionEvents(task, prepared.params, interaction, init, requireState(stepped.observation, 'a fork').state, index);
          if (events.length) {
            await env.deliver(events);
            await env.observe({ advanceMs: 0, screenshot: false });
          }
        }
      }
      const after = await env.getState();
      pool.release(env);
      return {
        params: prepared.params,
        initial: { json: before.json, route: before.route, revision: before.revision },
        after: { json: after.json, route: after.route, revision: after.revision },
      };
    } finally {
      await pool.close();
    }
  } finally {
    await browser.close();
  }
}

/** What a fork needs of an episode in a run folder: its task, seed and actions, and where it started. */
export interface RecordedEpisode {
  taskId: string;
  seed: number;
  variant: number;
  instance: number;
  trial: number;
  /** The step budget the run gave the episode (null: the task's own). */
  maxSteps: number | null;
  evalMode: EvalMode;
  /** `init_state_hash` of the trajectory: the replay must start from the same state. */
  initStateHash: string | null;
  taken: TakenAction[];
  /** The episode's id as the run viewer shows it: `<task>#<instance>#<trial>`. */
  label: string;
}

/** A trajectory.json larger than this is not read for a fork (its steps' thoughts and replies make the bulk). */
const MAX_TRAJECTORY_BYTES = 64 * 1024 * 1024;
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * The episode at `trajectory` (a row's `trajectory/<name>`) of the run folder `folder` of
 * `runsDir`, read for a fork. Names are checked as the bridge's `/runs/` route checks them; what
 * the file says is data, checked field by field.
 */
export function readRecordedEpisode(runsDir: string, folder: string, trajectory: string): RecordedEpisode {
  if (!FOLDER.test(folder)) throw new UsageError(`no run folder "${folder.slice(0, 120)}": a run folder is one plain name in ${runsDir}`);
  if (!isTrajectoryPath(trajectory)) throw new UsageError(`"${String(trajectory).slice(0, 120)}" is not a trajectory folder of a run (trajectory/<name>)`);
  const run = join(runsDir, folder);
  const file = join(run, trajectory, 'trajectory.json');
  if (!existsSync(file)) throw new UsageError(`${file} does not exist: the episode has no trajectory to continue from`);
  if (statSync(file).size > MAX_TRAJECTORY_BYTES) throw new UsageError(`${file} is larger than ${MAX_TRAJECTORY_BYTES >> 20} MB: not read for a fork`);
  let doc: Partial<TrajectoryDoc>;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8')) as Partial<TrajectoryDoc>;
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON (${(e as Error).message.slice(0, 200)})`);
  }
  const meta = readMeta(run) as unknown as { config?: { evalMode?: unknown; maxSteps?: unknown } };
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (!doc || typeof doc.task_id !== 'string' || !whole(doc.seed) || !Array.isArray(doc.steps)) {
    throw new UsageError(`${file} is not a phonegym trajectory (it needs task_id, seed and steps): it cannot be continued`);
  }
  // Its later episodes began from a phone `between` changed: replaying its actions from the seed would not get there.
  if (doc.episodes?.length) throw new UsageError(`${file} is a session of ${doc.episodes.length} episodes: a session cannot be forked or continued (yet); fork a single-episode task's trajectory`);
  const taken = doc.steps.slice(0, FORK_ACTIONS).map((s, i): TakenAction => {
    const a = s?.css_action;
    if (!s || !whole(s.index) || !a || typeof a !== 'object' || !ACTION_TYPES.includes(a.type)) {
      throw new UsageError(`${file}: step ${i + 1} has no valid css_action (got ${JSON.stringify(a)?.slice(0, 80)}): it cannot be replayed`);
    }
    return { index: s.index, action: a };
  });
  const evalMode: EvalMode = meta.config?.evalMode === 'text' ? 'text' : 'grounded';
  return {
    taskId: doc.task_id,
    seed: doc.seed,
    variant: whole(doc.variant) ? doc.variant : 0,
    instance: whole(doc.instance) ? doc.instance : 0,
    trial: whole(doc.trial_id) ? doc.trial_id : 0,
    maxSteps: whole(meta.config?.maxSteps) ? meta.config.maxSteps : null,
    evalMode,
    initStateHash: typeof doc.init_state_hash === 'string' ? doc.init_state_hash : null,
    taken,
    label: episodeKey({ task_id: doc.task_id, instance: whole(doc.instance) ? doc.instance : 0, trial_id: whole(doc.trial_id) ? doc.trial_id : 0, variant: whole(doc.variant) ? doc.variant : 0 }),
  };
}

/** The most actions a fork replays of one episode (an episode's step budget is far below). */
export const FORK_ACTIONS = 2000;

/** An episode a fork continues (forkSource): enough to set it up again and check it started the same. */
export interface ForkSource {
  label: string;
  info: Omit<EpisodeInfo, 'episodeId' | 'goal' | 'deviceId' | 'startedAt'>;
  evalMode: EvalMode;
  taken: TakenAction[];
  startsAt: (json: string) => boolean;
}

/** The actions a fork at `step` takes again, the step checked against the episode. */
export function forkPrefix(source: ForkSource, step: number): TakenAction[] {
  const steps = source.taken.at(-1)?.index ?? 0;
  if (source.taken.length >= FORK_ACTIONS && step > steps) throw new UsageError(`only the first ${FORK_ACTIONS} actions of an episode are kept for forking: step ${step} is past them`);
  if (!Number.isInteger(step) || step < 0 || step > steps) throw new UsageError(`step ${step} is not a step of ${source.label}: it has steps 0 to ${steps}`);
  return source.taken.filter((a) => a.index <= step);
}

/** What the runner needs to run an agent from a fork (StudioSession.forkToAgent, agentFork.ts). */
export interface AgentFork {
  episodeId: string;
  forkOf: { episodeId: string; step: number };
  task: LoadedTask;
  seed: number;
  variant: number;
  instance: number;
  trial: number;
  maxSteps: number;
  prefix: { actions: TakenAction[]; from: string };
  /** True when the episode set up again starts where the forked one started (its state JSON). */
  startsAt: (json: string) => boolean;
}

/** A run folder's episode as a fork's source (the Runs tab's viewer link). */
export function recordedSource(runsDir: string, run: { folder: string; trajectory: string }, taskOf: (id: string) => LoadedTask): ForkSource {
  const rec = readRecordedEpisode(runsDir, run.folder, run.trajectory);
  const task = taskOf(rec.taskId);
  return {
    label: rec.label,
    info: { taskId: task.id, seed: rec.seed, variant: rec.variant, instance: rec.instance, trial: rec.trial, maxSteps: rec.maxSteps ?? resolveMaxSteps(task) },
    evalMode: rec.evalMode,
    taken: rec.taken,
    startsAt: (json) => rec.initStateHash === null || stateHash(JSON.parse(json)) === rec.initStateHash,
  };
}
