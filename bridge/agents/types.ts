/**
 * The agent interface (spec section 9). An agent sees observations and returns actions; the
 * episode loop owns everything else (budgets, loop detection, recording, judging).
 */
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { Action } from '../protocol/actions.ts';
import type { Observation } from '../env/types.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import type { Rng } from '../tasks/api.ts';
import type { EvalMode } from '../tasks/grounded.ts';

export interface EpisodeContext {
  task: LoadedTask;
  goal: string;
  params: Record<string, unknown>;
  seed: number;
  maxSteps: number;
  /** Seeded per episode: agents that need randomness use this, so runs reproduce. */
  rng: Rng;
  /** Grounded: query answers go on the phone's answer sheet; text: in the ANSWER action. */
  evalMode: EvalMode;
  /** In a session template (docs/tasks.md, "Sessions"): which episode this is (1-based) of how many. */
  session?: { episode: number; episodes: number };
}

export interface AgentObservation extends Observation {
  /** Number of actions taken so far. */
  step: number;
  /**
   * What the world did since the agent's last action (interactive tasks: a scripted contact's
   * message), already on the phone this observation shows; empty or absent otherwise.
   */
  events?: EnvironmentEvent[];
}

export type { StepUsage } from '../protocol/trajectory.ts';
import type { StepUsage } from '../protocol/trajectory.ts';

export type AgentReply =
  | { action: Action; raw?: string; thought?: string; usage?: StepUsage }
  /** The agent's output could not be understood; ends the episode as a format error. */
  | { formatError: string; raw?: string; usage?: StepUsage };

/** What of an observation an agent reads: the env makes only what someone reads (a screenshot is most of a step's browser time). */
export interface AgentObserves {
  screenshot: boolean;
  tree: boolean;
}

/** An agent that does not say what it reads is given everything. */
export function agentObserves(agent: Agent): AgentObserves {
  return agent.observes ?? { screenshot: true, tree: true };
}

export interface Agent {
  readonly name: string;
  /** What it reads of each observation (absent: the screenshot and the UI tree). */
  readonly observes?: AgentObserves;
  /** Called once per episode before the first act. */
  start?(ep: EpisodeContext): void | Promise<void>;
  /** `signal` aborts when the episode ends early (timeout, Ctrl+C): drop any request in flight. */
  act(obs: AgentObservation, ep: EpisodeContext, signal?: AbortSignal): Promise<AgentReply>;
  /**
   * Feedback rounds (`--max-rounds`, seed 003): the agent said it was done, the judge found the
   * task not done, and these are its findings. The conversation goes on; an agent without this
   * method gets the findings nowhere and its extra rounds are blind (the row says so).
   */
  feedbackFromJudge?(text: string, ep: EpisodeContext): void;
  /**
   * A session's next episode (docs/tasks.md, "Sessions"): the user gives a new goal (`ep.goal`) on
   * the same phone, in the same conversation; the agent keeps what it saw and did. An agent without
   * this method is ended and started again for each episode (it keeps nothing).
   */
  nextGoal?(ep: EpisodeContext): void | Promise<void>;
  /** Called once per episode after the loop, whatever happened. */
  end?(ep: EpisodeContext): void | Promise<void>;
}

export interface AgentFactoryOptions {
  [key: string]: unknown;
}

export interface AgentFactory {
  name: string;
  description: string;
  create(opts: AgentFactoryOptions): Agent;
}
