/**
 * One episode, end to end (spec section 2): setup → agent loop → teardown (finally) → judge
 * (only when the loop did not raise) → result row. Run errors and evaluation errors are kept
 * apart (seed 004): a crashed page is `run_error`, a throwing goal check is `eval_error`.
 */
import type { Action } from '../protocol/actions.ts';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { PhoneState } from '../protocol/state.ts';
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
import { ModelServiceError } from '../agents/chatClient.ts';
import type { StepUsage } from '../agents/types.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vlmJudge, VlmJudgeError, type JudgeChatClient } from '../judge/vlm.ts';
import { ERROR_CODES } from './errorCodes.ts';
import { setupOnPhone, stateHash } from './setup.ts';
import type { EpisodeStatus, EpisodeUsage, ResultRow, StopReason } from './types.ts';
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
  /**
   * Feedback rounds (seed 003): when the agent says it is done and the judge disagrees, its
   * findings go back to the agent in the same conversation, up to this many rounds in all
   * (default 1: the first COMPLETE is final).
   */
  maxRounds?: number;
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
  /** The VLM judge and when it runs (`--judge-mode`); absent: the state judge only. */
  vlm?: VlmJudging;
}

/** `--judge-mode` with the VLM judge's client (null when none is configured). */
export interface VlmJudging {
  mode: 'auto' | 'state' | 'vlm' | 'both';
  client: JudgeChatClient | null;
  maxImages: number;
}

/** Whether the task can be judged from state (every built-in task can; a VLM-only task cannot). */
export function hasStateCheck(task: LoadedTask): boolean {
  const d = task.def;
  return Boolean(d.criteria || d.checkGoals || d.isSuccessful || d.answer);
}

/** Whether the VLM judge runs for this task under `mode`. */
export function vlmJudgeRuns(task: LoadedTask, mode: VlmJudging['mode']): boolean {
  return mode === 'vlm' || mode === 'both' || (mode === 'auto' && !hasStateCheck(task));
}

/** The agent threw: its model service failed (a run error) or the agent itself has a bug (its failure). */
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
  let usage: EpisodeUsage | null = null;
  const addUsage = (u: StepUsage | undefined) => {
    if (!u) return;
    usage ??= { prompt_tokens: 0, completion_tokens: 0, requests: 0, latency_ms: 0, cost_usd: null };
    usage.prompt_tokens += u.prompt_tokens;
    usage.completion_tokens += u.completion_tokens;
    usage.requests += u.requests;
    usage.latency_ms += u.latency_ms;
    if (u.cost_usd !== null) usage.cost_usd = Math.round(((usage.cost_usd ?? 0) + u.cost_usd) * 1e6) / 1e6;
  };
  const maxRounds = Math.max(1, spec.maxRounds ?? 1);
  let round = 1;
  let blindRounds = 0;

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

    const interaction = task.def.interaction ? { memory: {} as Record<string, unknown>, delivered: [] as EnvironmentEvent[], done: false } : null;
    let repeatKey = '';
    let repeatCount = 0;
    /** Events delivered after the last action: the next observation carries them. */
    let lastEvents: EnvironmentEvent[] = [];
    while (true) {
      if (hooks.signal?.aborted) {
        ({ status, stopReason, errorCode, error } = stopped(hooks.signal));
        break;
      }
      if (steps >= spec.maxSteps) {
        stopReason = 'max_steps';
        break;
      }
      const obs: AgentObservation = { ...last, step: steps, ...(lastEvents.length ? { events: lastEvents } : {}) };
      const reply = await abortable(agent.act(obs, ctx, hooks.signal), hooks.signal).catch((e: unknown) => {
        throw hooks.signal?.aborted ? e : new AgentFailure(e);
      });
      steps++;
      addUsage(reply.usage);
      if ('formatError' in reply) {
        stopReason = 'format_error';
        errorCode = 'format_error';
        error = `the agent's reply could not be read: ${reply.formatError.split('\n')[0]}`;
        recorder.formatError(steps, reply.formatError, reply.raw);
        break;
      }
      const action = reply.action;
      actions.push(action);
      const key = describeAction(action);
      repeatCount = key === repeatKey ? repeatCount + 1 : 1;
      repeatKey = key;
      if (isTerminalAction(action)) {
        recorder.step({ index: steps, action, cssAction: action, observation: null, thought: reply.thought, raw: reply.raw, usage: reply.usage });
        if (action.type === 'answer') {
          answer = action.text;
          stopReason = 'answer';
        } else stopReason = action.type === 'complete' ? 'complete' : 'abort';
        // Feedback rounds: the judge looks now; a failed check goes back to the agent, which goes on.
        if (round < maxRounds && stopReason !== 'abort' && initial && last && steps < spec.maxSteps) {
          const v = safeJudge(task, params, spec.evalMode, initial, last, answer, actions);
          if (v && !v.passed) {
            const text = feedbackText(v);
            const told = typeof agent.feedbackFromJudge === 'function';
            if (told) agent.feedbackFromJudge!(text, ctx);
            else blindRounds++;
            recorder.round({ round, afterStep: steps, passed: false, feedback: text, delivered: told });
            round++;
            answer = null;
            continue;
          }
        }
        break;
      }
      if (spec.loopDetect > 0 && repeatCount >= spec.loopDetect) {
        recorder.step({ index: steps, action, cssAction: action, observation: null, thought: reply.thought, raw: reply.raw, usage: reply.usage, note: `loop detected: ${spec.loopDetect} identical actions in a row` });
        stopReason = 'loop_detected';
        break;
      }
      const stepped = await abortable(env.step(action), hooks.signal);
      const cssAction = stepped.cssAction;
      let observation = stepped.observation;
      let events: EnvironmentEvent[] = [];
      if (interaction && initial) {
        // The task's scripted counterpart looks at the phone and may answer before the agent sees it again.
        events = interactionEvents(task, params, interaction, initial.state, observation.state, steps);
        if (events.length > 0) {
          await abortable(env.deliver(events), hooks.signal).catch((e: unknown) => {
            throw hooks.signal?.aborted ? e : new PhonegymError(`the task's interaction sent an event the phone refused: ${(e as Error).message}`, { code: 'interaction_error' });
          });
          observation = await abortable(env.observe({ advanceMs: 0 }), hooks.signal);
        }
      }
      last = observation;
      lastEvents = events;
      if (hooks.liveJudge && initial) verdict = safeJudge(task, params, spec.evalMode, initial, last, answer, actions);
      recorder.step({ index: steps, action, cssAction, observation, thought: reply.thought, raw: reply.raw, usage: reply.usage, ...(events.length ? { events } : {}) });
      await hooks.onStep?.({ index: steps, action, cssAction, observation, verdict });
    }
  } catch (e) {
    if (hooks.signal?.aborted) {
      ({ status, stopReason, errorCode, error } = stopped(hooks.signal));
    } else {
      stopReason = 'error';
      if (e instanceof AgentFailure && e.original instanceof PhonegymError && ERROR_CODES[String(e.original.code)]?.status === 'run_error') {
        // The model service (or a remote agent's connection) failed: the machine's side, not the agent's (seed 004).
        status = 'run_error';
        errorCode = String(e.original.code);
        error = e.original instanceof ModelServiceError ? `the model service failed: ${e.message.split('\n')[0]}` : e.message.split('\n')[0]!;
      } else if (e instanceof AgentFailure) {
        // A bug in the agent is the agent's failure: the episode is judged as it stands.
        stopReason = 'agent_error';
        errorCode = 'agent_error';
        error = `the agent failed: ${e.message.split('\n')[0]}`;
      } else {
        status = 'run_error';
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

  // The VLM judge (spec section 8): it sees the goal, the actions and sampled screenshots. Under
  // `vlm` (or `auto` for a task with no state check) its verdict counts; under `both` the state
  // verdict counts and the VLM's is kept beside it for the agreement figures.
  let vlmRow: ResultRow['vlm_judge'] = null;
  let vlmCounts = false;
  if (status === 'completed' && hooks.vlm && vlmJudgeRuns(task, hooks.vlm.mode)) {
    vlmCounts = hooks.vlm.mode !== 'both';
    const client = hooks.vlm.client;
    try {
      if (!client) throw new VlmJudgeError('no VLM judge is configured (--judge-model, --judge-base-url)', 'vlm_judge_bad_input');
      const shots = recorder.screenshotFiles();
      const v = await abortable(
        vlmJudge(client, {
          goal,
          actions: actions.map(describeAction),
          answer,
          screenshots: shots.map((f) => readFileSync(join(recorder.dir, f.name))),
          screenshotSteps: shots.map((f) => f.step),
          maxImages: hooks.vlm.maxImages,
          taskKind: task.def.objective === 'query' ? 'query' : 'operation',
        }, { signal: hooks.signal }),
        hooks.signal,
      );
      recorder.writeExtra('vlm_judge_prompt.json', JSON.stringify(v.prompt, null, 2));
      recorder.writeExtra('vlm_judge_response.txt', v.raw);
      vlmRow = { success: v.success, clean: v.clean, passed: v.passed, reasons: v.reasons };
    } catch (e) {
      if (hooks.signal?.aborted) {
        ({ status, stopReason, errorCode, error } = stopped(hooks.signal));
      } else {
        if (e instanceof VlmJudgeError) {
          if (e.prompt) recorder.writeExtra('vlm_judge_prompt.json', JSON.stringify(e.prompt, null, 2));
          if (e.raw !== null) recorder.writeExtra('vlm_judge_response.txt', e.raw);
        }
        const code = e instanceof VlmJudgeError ? String(e.code) : 'judge_model_error';
        const message = `the VLM judge failed: ${(e as Error).message.split('\n')[0]}`;
        vlmRow = { error_code: code, error: message };
        // A judge failure is never a task failure: where the VLM's verdict counts, the row is an eval_error.
        if (vlmCounts) {
          status = 'eval_error';
          errorCode = code;
          error = message;
        }
      }
    }
  }

  // The agent ended the episode itself; for a task that cannot be done, saying so (ABORT) is the answer.
  const terminatedByAgent = stopReason === 'complete' || stopReason === 'answer' || (stopReason === 'abort' && task.def.answer?.infeasible === true);
  const vlmVerdict = vlmRow && 'passed' in vlmRow ? vlmRow : null;
  const counted = vlmCounts ? (vlmVerdict ? { success: vlmVerdict.success, clean: vlmVerdict.clean, progress: vlmVerdict.success ? 1 : 0, passed: vlmVerdict.passed } : null) : verdict;
  const passed = status === 'completed' ? (counted?.passed ?? false) : false;
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
    goal_success: counted?.success ?? false,
    progress: counted?.progress ?? 0,
    clean: counted?.clean ?? false,
    passed,
    false_complete: terminatedByAgent && !passed && status === 'completed',
    overdue_termination: (stopReason === 'max_steps' || stopReason === 'loop_detected') && (counted?.success ?? false),
    answer,
    judge: verdict ? { success: verdict.success, clean: verdict.clean, progress: verdict.progress, passed: verdict.passed, issues: verdict.issues, warnings: verdict.warnings } : null,
    init_state_hash: initial ? stateHash(initial.state) : null,
    runtime_s: Math.round((performance.now() - t0)) / 1000,
    trajectory: recorder.relDir,
    usage,
    rounds: round,
    blind_rounds: blindRounds,
    vlm_judge: vlmRow,
    attempts: 1,
    retry: null,
  };
  recorder.finish({ row, verdict, finalState: last?.state ?? null, initialState: initial?.state ?? null });
  return { row, verdict };
}

/**
 * The judge's findings as the agent is told them: what is not done yet and what was changed that
 * should not have been. Expected values are left out: they could give a query's answer away.
 */
export function feedbackText(v: Verdict): string {
  const lines: string[] = [];
  for (const i of v.issues) lines.push(`- not done: ${i.message ?? i.field}`);
  for (const c of v.unexpectedChanges.slice(0, 10)) lines.push(`- changed but not asked for: ${c.path} (${c.kind})`);
  if (v.unexpectedChanges.length > 10) lines.push(`- … and ${v.unexpectedChanges.length - 10} more unrequested changes`);
  return lines.join('\n') || '- the task is not complete yet';
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

interface InteractionRun {
  memory: Record<string, unknown>;
  delivered: EnvironmentEvent[];
  done: boolean;
}

/** Asks an interactive task's script what the world does after step `step`; a throwing script is `interaction_error`. */
function interactionEvents(task: LoadedTask, params: Record<string, unknown>, run: InteractionRun, init: PhoneState, state: PhoneState, step: number): EnvironmentEvent[] {
  if (run.done || !task.def.interaction) return [];
  let reply;
  try {
    reply = task.def.interaction.respond({ p: params, init, state, delivered: run.delivered, memory: run.memory, step });
  } catch (e) {
    throw new PhonegymError(`the task's interaction script threw at step ${step}: ${(e as Error).message}`, { code: 'interaction_error' });
  }
  if (reply?.done) run.done = true;
  const events = reply?.events ?? [];
  run.delivered.push(...events);
  return events;
}
