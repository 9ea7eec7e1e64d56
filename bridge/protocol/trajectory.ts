/**
 * The trajectory part of the run-folder contract: `trajectory/<episode>/trajectory.json` beside
 * its `step_NNN.jpg` screenshots, as bridge/runner/recorder.ts writes it and the viewer, the
 * report and the leaderboard read it.
 */
import type { Action } from './actions.ts';
import type { EnvironmentEvent, Verdict } from './messages.ts';
import type { EpisodeStatus, StopReason } from './runFolder.ts';
import type { Route } from './state.ts';

/** What one model call cost: recorded per step in the trajectory and summed per episode. */
export interface StepUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Wall time of the successful request. */
  latency_ms: number;
  /** HTTP requests made (retries included). */
  requests: number;
  /** With a price table (`--price-in/--price-out`), else null. */
  cost_usd: number | null;
  /** The failed attempts before the one that answered (a 500, a 429, a timeout), in order. */
  retries?: { attempt: number; code: string; message: string; wait_ms: number }[];
}

export interface TrajectoryStep {
  index: number;
  action: Action;
  /** The action in CSS pixels of the 360x800 viewport, after coordinate mapping. */
  css_action: Action;
  text: string;
  thought?: string;
  raw?: string;
  note?: string;
  /** The model call behind this step (tokens, latency, cost), for model-driven agents. */
  usage?: StepUsage;
  route: Route | null;
  revision: number | null;
  screenshot: string | null;
  /**
   * What this step changed in the state tree, in the judge's path grammar (`apps.chat.chats[c1].pinned`),
   * each with its new value when that is small (`STEP_VALUE_BYTES`); absent when the step changed nothing
   * or the backend has no state tree. At most `STEP_CHANGES` entries, then `changes_cut` says how many more.
   */
  changes?: StepChange[];
  changes_cut?: number;
  /** Environment events delivered after this step (an interactive task's counterpart answering). */
  events?: EnvironmentEvent[];
  t_ms: number;
}

export interface StepChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** The value before and after, when its JSON is at most STEP_VALUE_BYTES long. */
  before?: unknown;
  after?: unknown;
}


/** `trajectory/<episode>/trajectory.json`: one episode, step by step (written by bridge/runner/recorder.ts). */
export interface TrajectoryDoc {
  format: string;
  task_id: string;
  goal: string;
  params: Record<string, unknown>;
  seed: number;
  /** The look (`--variant`); absent in trajectories from before variants: 0. */
  variant?: number;
  instance: number;
  trial_id: number;
  agent: string;
  status: EpisodeStatus;
  stop_reason: StopReason;
  answer: string | null;
  error: string | null;
  format_error: { step: number; error: string; raw?: string } | null;
  rounds: { round: number; after_step: number; passed: boolean; feedback: string; delivered: boolean }[];
  /** `step_000.jpg`: the screen before the first action. */
  initial_screenshot: string | null;
  steps: TrajectoryStep[];
  verdict: Verdict | null;
  init_state_hash: string | null;
  /** Where the phone was at the start and at the end (with initial_state.json and final_state.json: what a re-judge needs). */
  initial_route?: Route | null;
  final_route?: Route | null;
  /**
   * A session's episodes (docs/tasks.md, "Sessions"): where each began in `steps`, its goal and
   * the screen it began on (`episode_N.jpg`; the first is `initial_screenshot`), and the states each
   * is judged between (`sessionStateFiles`): `initial_state.json` is the session's start and
   * `final_state.json` its end; `verdict` is its last episode's. Absent for a task that is no session.
   */
  episodes?: { episode: number; goal: string; first_step: number; screenshot: string | null; initial_route: Route | null; final_route: Route | null }[];
}

/** The state files episode `n` of a session of `count` is judged between (in its trajectory folder). */
export function sessionStateFiles(n: number, count: number): { initial: string; final: string } {
  return { initial: n === 1 ? 'initial_state.json' : `episode_${n}_initial_state.json`, final: n === count ? 'final_state.json' : `episode_${n}_final_state.json` };
}

/** A row's trajectory folder is `trajectory/<name>` with a plain name: anything else is not read. */
export function isTrajectoryPath(path: unknown): path is string {
  return typeof path === 'string' && /^trajectory\/[\w.-]+$/.test(path) && !path.includes('..');
}

