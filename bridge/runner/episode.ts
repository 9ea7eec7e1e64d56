/**
 * One episode, end to end (spec section 2): setup → agent loop → teardown (finally) → judge
 * (only when the loop did not raise) → result row. Run errors and evaluation errors are kept
 * apart (seed 004): a crashed page is `run_error`, a throwing goal check is `eval_error`.
 */
import type { Action } from '../protocol/actions.ts';
import { describeAction, isTerminalAction } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { Verdict } from '../protocol/messages.ts';
import type { Agent, AgentObservation, EpisodeContext } from '../agents/types.ts';
import type { Observation, SimulatorEnv } from '../env/simulatorEnv.ts';
import { judge, JudgeError, type JudgeInput } from '../judge/judge.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import { goalText } from '../tasks/registry.ts';
import { evaluateCriteria } from '../tasks/criteria.ts';
import { agentGoal, answerCriteria, answerFields, answerFromSheet, type EvalMode } from '../tasks/grounded.ts';
import { setupOnPhone, stateHash } from './setup.ts';
import type { EpisodeStatus, ResultRow, StopReason } from './types.ts';
import type { TrajectoryRecorder } from './recorder.ts';

export interface EpisodeSpec {
  task: LoadedTask;
  instance: number;
  trial: number;
  seed: number;
  maxSteps: number;
  /** N identical actions in a row end the episode (0 = off). */
  loopDetect: number;
  evalMode: EvalMode;
  agentName: string;
}

export interface EpisodeHooks {
  onStart?(info: { spec: EpisodeSpec; goal: string; params: Record<string, unknown>; initial: Observation }): void;
  onStep?(info: { index: number; action: Action; cssAction: Action; observation: Observation; verdict: Verdict | null }): void | Promise<void>;
  /** Live judging after each step (for the studio); costs one diff per step, so only when watched. */
  liveJudge?: boolean;
  /**
   * Ends the episode: aborted with an `EpisodeTimeout` reason it ends as `timeout`, with any
   * other reason as `cancelled`. A hung agent or page call is abandoned at once.
   */
  signal?: AbortSignal;
  /** Names a run error from what the caller knows of the env (a crashed page, a dead browser). */
  errorCode?: () => string | null;
}

/** The agent itself threw (a bug in it, or its model service failed): not the machine's fault. */
class AgentFailure extends Error {
  constructor(readonly original: unknown) {
    super((original as Error)?.message ?? String(original));
  }
}

/** The abort reason that makes an episode a `timeout` rather than `cancelled`. */
export class EpisodeTimeout extends Error {
  override name = 'EpisodeTimeout';
  constructor(readonly seconds: number) {
    super(`the episode ran longer than the ${seconds} s limit (--episode-timeout)`);
  }
}

/** Settles with `p`, or rejects as soon as `signal` aborts (the abandoned promise is left to settle alone). */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export interface EpisodeOutcome {
  row: ResultRow;
  /** The full verdict, with the expected and unexpected change lists (null when not judged). */
  verdict: Verdict | null;
}

export function buildJudgeSpec(task: LoadedTask, params: Record<string, unknown>, evalMode: EvalMode) {
  const d = task.def;
  const grounded = evalMode === 'grounded' && d.answer !== undefined;
  // A task's own goal checks see the submitted sheet as its answer in grounded mode.
  const withAnswer = (input: JudgeInput): JudgeInput => (grounded ? { ...input, answer: answerFromSheet(input.final, answerFields(d, params)) } : input);
  return {
    checkGoals: (input: JudgeInput) => [
      ...(d.criteria ? evaluateCriteria(d.criteria(params, input), input) : []),
      ...answerCriteria(d, params, input, evalMode),
      ...(d.checkGoals ? d.checkGoals(withAnswer(input), params) : []),
    ],
    isSuccessful: d.isSuccessful ? (input: JudgeInput) => d.isSuccessful!(input, params) : undefined,
    expectedChanges: (input: JudgeInput) => [...(grounded ? ['apps.answers.**'] : []), ...(d.expectedChanges ? d.expectedChanges(input, params) : [])],
  };
}

export async function runEpisode(env: SimulatorEnv, agent: Agent, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks = {}): Promise<EpisodeOutcome> {
  const t0 = performance.now();
  const { task } = spec;
  let status: EpisodeStatus = 'completed';
  let stopReason: StopReason = 'max_steps';
  let errorCode: string | null = null;
  let error: string | null = null;
  let answer: string | null = null;
  let steps = 0;
  let params: Record<string, unknown> = {};
  let goal = typeof task.def.goal === 'string' ? task.def.goal : task.id;
  let initial: Observation | null = null;
  let last: Observation | null = null;
  let verdict: Verdict | null = null;
  const actions: Action[] = [];
  let ctx: EpisodeContext | null = null;

  try {
    const prepared = await abortable(setupOnPhone(env, task, spec.seed, spec.evalMode), hooks.signal);
    params = prepared.params;
    goal = agentGoal(goalText(task, params), task.def, spec.evalMode);
    initial = await abortable(env.observe({ advanceMs: 0 }), hooks.signal);
    last = initial;
    ctx = { task, goal, params, seed: spec.seed, maxSteps: spec.maxSteps, rng: prepared.rng, evalMode: spec.evalMode };
    recorder.begin({ goal, params, initial });
    hooks.onStart?.({ spec, goal, params, initial });
    await agent.start?.(ctx);

    let repeatKey = '';
    let repeatCount = 0;
    while (true) {
      if (hooks.signal?.aborted) {
        ({ status, stopReason, errorCode, error } = stopped(hooks.signal));
        break;
      }
      if (steps >= spec.maxSteps) {
        stopReason = 'max_steps';
        break;
      }
      const obs: AgentObservation = { ...last, step: steps };
      const reply = await abortable(agent.act(obs, ctx), hooks.signal).catch((e: unknown) => {
        throw hooks.signal?.aborted ? e : new AgentFailure(e);
      });
      steps++;
      if ('formatError' in reply) {
        stopReason = 'format_error';
        recorder.formatError(steps, reply.formatError, reply.raw);
        break;
      }
      const action = reply.action;
      actions.push(action);
      const key = describeAction(action);
      repeatCount = key === repeatKey ? repeatCount + 1 : 1;
      repeatKey = key;
      if (isTerminalAction(action)) {
        recorder.step({ index: steps, action, cssAction: action, observation: null, thought: reply.thought, raw: reply.raw });
        if (action.type === 'answer') {
          answer = action.text;
          stopReason = 'answer';
        } else stopReason = action.type === 'complete' ? 'complete' : 'abort';
        break;
      }
      if (spec.loopDetect > 0 && repeatCount >= spec.loopDetect) {
        recorder.step({ index: steps, action, cssAction: action, observation: null, thought: reply.thought, raw: reply.raw, note: `loop detected: ${spec.loopDetect} identical actions in a row` });
        stopReason = 'loop_detected';
        break;
      }
      const { observation, cssAction } = await abortable(env.step(action), hooks.signal);
      last = observation;
      if (hooks.liveJudge && initial) verdict = safeJudge(task, params, spec.evalMode, initial, last, answer, actions);
      recorder.step({ index: steps, action, cssAction, observation, thought: reply.thought, raw: reply.raw });
      await hooks.onStep?.({ index: steps, action, cssAction, observation, verdict });
    }
  } catch (e) {
    if (hooks.signal?.aborted) {
      ({ status, stopReason, errorCode, error } = stopped(hooks.signal));
    } else {
      status = 'run_error';
      stopReason = 'error';
      if (e instanceof AgentFailure) {
        const inner = e.original;
        errorCode = inner instanceof PhonegymError ? String(inner.code) : 'agent_error';
        error = `the agent failed: ${e.message.split('\n')[0]}`;
      } else {
        errorCode = hooks.errorCode?.() ?? (e instanceof PhonegymError ? String(e.code) : 'env_error');
        error = (e as Error).message?.split('\n')[0] ?? String(e);
      }
    }
  } finally {
    if (ctx) await abortable(Promise.resolve(agent.end?.(ctx)), hooks.signal).catch(() => {});
    try {
      await task.def.teardown?.({ p: params, seed: spec.seed });
    } catch (e) {
      if (status === 'completed') {
        status = 'run_error';
        errorCode = 'teardown_error';
        error = `teardown failed: ${(e as Error).message}`;
      }
    }
  }

  // Evaluation only when the loop did not raise and both observations exist.
  if (status === 'completed' && initial && last) {
    try {
      verdict = judge(buildJudgeSpec(task, params, spec.evalMode), judgeInput(initial, last, answer, actions));
    } catch (e) {
      status = 'eval_error';
      errorCode = e instanceof JudgeError ? 'judge_error' : 'eval_error';
      error = (e as Error).message;
      verdict = null;
    }
  } else if (status !== 'completed') verdict = null;

  // The agent ended the episode itself; for a task that cannot be done, saying so (ABORT) is the answer.
  const terminatedByAgent = stopReason === 'complete' || stopReason === 'answer' || (stopReason === 'abort' && task.def.answer?.infeasible === true);
  const passed = verdict?.passed ?? false;
  const row: ResultRow = {
    task_id: task.id,
    task_name: task.name,
    suite: task.suite,
    apps: task.def.apps,
    difficulty: task.def.difficulty,
    objective: task.def.objective,
    instance: spec.instance,
    trial_id: spec.trial,
    seed: spec.seed,
    params,
    goal,
    agent: spec.agentName,
    status,
    error_code: errorCode,
    error,
    stop_reason: stopReason,
    steps,
    max_steps: spec.maxSteps,
    success: terminatedByAgent && passed,
    goal_success: verdict?.success ?? false,
    progress: verdict?.progress ?? 0,
    clean: verdict?.clean ?? false,
    passed,
    false_complete: terminatedByAgent && !passed && status === 'completed',
    overdue_termination: (stopReason === 'max_steps' || stopReason === 'loop_detected') && (verdict?.success ?? false),
    answer,
    judge: verdict ? { success: verdict.success, clean: verdict.clean, progress: verdict.progress, passed: verdict.passed, issues: verdict.issues, warnings: verdict.warnings } : null,
    init_state_hash: initial ? stateHash(initial.state) : null,
    runtime_s: Math.round((performance.now() - t0)) / 1000,
    trajectory: recorder.relDir,
    usage: null,
    attempts: 1,
  };
  recorder.finish({ row, verdict, finalState: last?.state ?? null, initialState: initial?.state ?? null });
  return { row, verdict };
}

function stopped(signal: AbortSignal): { status: EpisodeStatus; stopReason: StopReason; errorCode: string; error: string } {
  if (signal.reason instanceof EpisodeTimeout) return { status: 'timeout', stopReason: 'timeout', errorCode: 'episode_timeout', error: signal.reason.message };
  return { status: 'cancelled', stopReason: 'cancelled', errorCode: 'cancelled', error: 'the run was interrupted while this episode was in flight' };
}

export function judgeInput(initial: Observation, last: Observation, answer: string | null, actions: Action[]): JudgeInput {
  return { init: initial.state, final: last.state, initRoute: initial.route, route: last.route, answer, actions };
}

function safeJudge(task: LoadedTask, params: Record<string, unknown>, evalMode: EvalMode, initial: Observation, last: Observation, answer: string | null, actions: Action[]): Verdict | null {
  try {
    return judge(buildJudgeSpec(task, params, evalMode), judgeInput(initial, last, answer, actions));
  } catch {
    return null;
  }
}
