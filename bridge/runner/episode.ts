/**
 * One episode, end to end (spec section 2), one function per phase: set up → act loop → tear
 * down (finally) → judge (only when the loop did not raise) → result row. Run errors and
 * evaluation errors are kept apart (seed 004): a crashed page is `run_error`, a throwing goal
 * check is `eval_error`. Judging itself lives in `bridge/tasks/judging.ts` (state) and
 * `./vlmJudging.ts` (VLM), so verify and the studio judge without this loop; the row in
 * `./episodeRow.ts`. A session template's later episodes are played in the same run of the
 * phases (`playLaterEpisodes`): one agent, one phone, one row.
 */
import { describeAction, isTerminalAction, type Action } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { EnvironmentEvent, Verdict } from '../protocol/messages.ts';
import { agentObserves, type Agent, type AgentObservation, type EpisodeContext } from '../agents/types.ts';
import { ModelServiceError } from '../agents/chatClient.ts';
import { hasState, requireState, withFields, type Env, type Observation, type ObserveOptions } from '../env/types.ts';
import { JudgeError } from '../judge/judge.ts';
import { goalText, resolveMaxSteps, type LoadedTask } from '../tasks/registry.ts';
import { createAgent } from '../agents/registry.ts';
import { isSession, sessionEpisodes } from '../tasks/session.ts';
import type { PhoneState } from '../protocol/state.ts';
import { createAnswersState } from '../../simulator-apps/answers/logic.ts';
import { agentGoal, answerFields, installSheet } from '../tasks/grounded.ts';
import { feedbackText, judgeTask, judgeTaskOrNull, vlmJudgeRuns } from '../tasks/judging.ts';
import { ERROR_CODES } from './errorCodes.ts';
import { interactionEvents } from './interaction.ts';
import { putOnPhone, setupOnPhone, startOnRealPhone } from './setup.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import { abortable, addUsage, stopped } from './episodeEnds.ts';
import { capRowTexts, TrajectoryRecorder } from './recorder.ts';
export { EpisodeTimeout } from './episodeEnds.ts';
import { runVlmJudge, type VlmJudgeOutcome, type VlmJudging } from './vlmJudging.ts';
import type { EpisodeProgress, EpisodeSpec } from './episodeProgress.ts';
import { episodeRow, playedEpisode } from './episodeRow.ts';
export type { EpisodeSpec } from './episodeProgress.ts';

/** One step as the runner's listeners see it (the studio, fault tests). */
export interface StepEvent {
  /** 1-based: the episode's n-th action. */
  index: number;
  action: Action;
  cssAction: Action;
  /** The phone after the step; for a terminal action, the unchanged last observation. */
  observation: Observation;
  verdict: Verdict | null;
  thought?: string;
  raw?: string;
  /** complete, answer or abort: the episode ends with it and the phone was not touched. */
  terminal?: boolean;
}

export interface EpisodeHooks {
  onStart?(info: { spec: EpisodeSpec; goal: string; params: Record<string, unknown>; initial: Observation }): void;
  onStep?(info: StepEvent): void | Promise<void>;
  /** A session's next goal (its episode `episode` of `episodes`), given before the step `firstStep` (1-based). */
  onNextGoal?(info: { episode: number; episodes: number; goal: string; firstStep: number }): void;
  /** Live judging after each step (for the studio); costs one diff per step, so only when watched. */
  liveJudge?: boolean;
  /**
   * Ends the episode: aborted with an `EpisodeTimeout` reason it ends as `timeout`, with any
   * other reason as `cancelled`. A hung agent or page call is abandoned at once.
   */
  signal?: AbortSignal;
  /** Names a run error from what the caller knows of the env (a crashed page, a dead browser); may wait until it knows. */
  errorCode?: (cause: unknown) => Promise<string | null>;
  /** The VLM judge and when it runs (`--judge-mode`); absent: the state judge only. */
  vlm?: VlmJudging;
  /**
   * Someone other than the agent looks at every screen (the trajectory's pictures, the studio's
   * live phone): each observation carries a screenshot. Off (`--no-screenshots`): only an agent
   * that reads the screen gets one, and the oracle's and tree-only agents' steps take none.
   * Default on.
   */
  frames?: boolean;
  /**
   * When the episode's clock started (`performance.now()`), if before this call: the caller that
   * arms `signal` with an `EpisodeTimeout` passes the instant it armed it, so the row's runtime
   * covers all the time the limit counted.
   */
  startedAt?: number;
}

/** The agent threw: its model service failed (a run error) or the agent itself has a bug (its failure). */
class AgentFailure extends Error {
  constructor(readonly original: unknown) {
    super((original as Error)?.message ?? String(original));
  }
}

export interface EpisodeOutcome {
  row: ResultRow;
  /** The full verdict, with the expected and unexpected change lists (null when not judged). */
  verdict: Verdict | null;
}

export async function runEpisode(env: Env, agent: Agent, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks = {}): Promise<EpisodeOutcome> {
  const t0 = hooks.startedAt ?? performance.now();
  const { task } = spec;
  const p: EpisodeProgress = {
    task, played: [], episodeStart: 0, first: null,
    status: 'completed', stopReason: 'max_steps', errorCode: null, error: null, answer: null, steps: 0, params: {},
    goal: typeof task.def.goal === 'string' ? task.def.goal : task.id,
    initial: null, last: null, actions: [], usage: null, round: 1, blindRounds: 0, verdict: null,
  };
  let ctx: EpisodeContext | null = null;
  try {
    ctx = await setUp(env, agent, spec, recorder, hooks, p);
    await actLoop(env, agent, ctx, spec, recorder, hooks, p);
    if (isSession(task)) await playLaterEpisodes(env, agent, ctx, spec, recorder, hooks, p);
  } catch (e) {
    Object.assign(p, await failure(e, hooks));
  } finally {
    await tearDown(agent, ctx, spec, hooks, p);
  }
  const vlm = await judgeEpisode(spec, recorder, hooks, p);
  const row = capRowTexts(episodeRow(spec, p, vlm, recorder.relDir, Math.round(performance.now() - t0) / 1000));
  const start = p.first ?? p.initial;
  recorder.finish({ row, verdict: p.verdict, finalState: p.last?.state ?? null, initialState: start?.state ?? null, finalJson: p.last?.stateJson, initialJson: start?.stateJson, finalVersions: p.last?.sliceVersions, initialVersions: start?.sliceVersions, initialRoute: start?.route ?? null, finalRoute: p.last?.route ?? null });
  return { row, verdict: p.verdict };
}

/** Phase 1: the task's setup on the phone, the initial observation, the agent told the episode began. */
async function setUp(env: Env, agent: Agent, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks, p: EpisodeProgress): Promise<EpisodeContext> {
  const { task } = spec;
  // A phone with a state tree is set up by writing it; a real phone is brought to the task's start.
  const setup = env.capabilities.state ? setupOnPhone(env, task, spec.seed, { evalMode: spec.evalMode, variant: spec.variant }) : startOnRealPhone(env, task, spec.seed, { evalMode: spec.evalMode });
  const prepared = await abortable(setup, hooks.signal);
  p.params = prepared.params;
  p.goal = agentGoal(goalText(task, p.params), task.def, spec.evalMode);
  p.initial = observed(await abortable(env.observe({ ...observing(agent, hooks), advanceMs: 0 }), hooks.signal), env);
  p.last = p.initial;
  p.first = p.initial;
  const episodes = sessionEpisodes(task).length;
  const ctx: EpisodeContext = { task, goal: p.goal, params: p.params, seed: spec.seed, maxSteps: spec.maxSteps, rng: prepared.rng, evalMode: spec.evalMode, ...(episodes > 1 ? { session: { episode: 1, episodes } } : {}) };
  recorder.begin({ goal: p.goal, params: p.params, initial: p.initial });
  hooks.onStart?.({ spec, goal: p.goal, params: p.params, initial: p.initial });
  await agent.start?.(ctx);
  return ctx;
}

/** What the episode's observations carry: the screen where the agent or the run's frames read it, the UI tree where the agent does. */
function observing(agent: Agent, hooks: EpisodeHooks): Omit<ObserveOptions, 'advanceMs'> {
  const reads = agentObserves(agent);
  return { screenshot: reads.screenshot || hooks.frames !== false, tree: reads.tree };
}

/** An observation as the episode keeps it: where the env has a state tree, the observation must carry it. */
function observed(o: Observation, env: Env): Observation {
  return env.capabilities.state ? requireState(o, 'the episode') : o;
}

/** Phase 2: act, step, observe until a terminal action, the budget, a loop, a format error or the signal. */
async function actLoop(env: Env, agent: Agent, ctx: EpisodeContext, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks, p: EpisodeProgress): Promise<void> {
  // In a session, the episode being played (its goal, judge and oracle); else the task.
  const { task } = p;
  const initial = p.initial!;
  const maxRounds = Math.max(1, spec.maxRounds ?? 1);
  // The judge's feedback, the scripted counterpart and live verdicts read the state tree.
  const judgeable = hasState(initial);
  const interaction = task.def.interaction && judgeable ? { memory: {} as Record<string, unknown>, delivered: [] as EnvironmentEvent[], done: false } : null;
  const needs = observing(agent, hooks);
  let repeatKey = '';
  let repeatCount = 0;
  /** Events delivered after the last action: the next observation carries them. */
  let lastEvents: EnvironmentEvent[] = [];
  while (true) {
    if (hooks.signal?.aborted) return void Object.assign(p, stopped(hooks.signal));
    // Each episode of a session has the whole budget: steps count from its own start.
    if (p.steps - p.episodeStart >= spec.maxSteps) return void (p.stopReason = 'max_steps');
    const obs: AgentObservation = withFields(p.last!, { step: p.steps - p.episodeStart, ...(lastEvents.length ? { events: lastEvents } : {}) });
    const reply = await abortable(agent.act(obs, ctx, hooks.signal), hooks.signal).catch((e: unknown) => {
      throw hooks.signal?.aborted ? e : new AgentFailure(e);
    });
    p.steps++;
    p.usage = addUsage(p.usage, reply.usage);
    if ('formatError' in reply) {
      Object.assign(p, { stopReason: 'format_error', errorCode: 'format_error', error: `the agent's reply could not be read: ${reply.formatError.split('\n')[0]}` });
      recorder.formatError(p.steps, reply.formatError, reply.raw);
      return;
    }
    const action = reply.action;
    p.actions.push(action);
    const key = describeAction(action);
    repeatCount = key === repeatKey ? repeatCount + 1 : 1;
    repeatKey = key;
    const noted = { index: p.steps, action, cssAction: action, observation: null, thought: reply.thought, raw: reply.raw, usage: reply.usage };
    if (isTerminalAction(action)) {
      recorder.step(noted);
      await hooks.onStep?.({ index: p.steps, action, cssAction: action, observation: p.last!, verdict: p.verdict, thought: reply.thought, raw: reply.raw, terminal: true });
      if (action.type === 'answer') {
        p.answer = action.text;
        p.stopReason = 'answer';
      } else p.stopReason = action.type === 'complete' ? 'complete' : 'abort';
      // Feedback rounds: the judge looks now; a failed check goes back to the agent, which goes on.
      if (p.round < maxRounds && p.stopReason !== 'abort' && p.steps - p.episodeStart < spec.maxSteps && judgeable && hasState(p.last!)) {
        const v = judgeTaskOrNull(task, p.params, spec.evalMode, initial, p.last, p.answer, p.actions);
        if (v && !v.passed) {
          const text = feedbackText(v);
          const told = typeof agent.feedbackFromJudge === 'function';
          if (told) agent.feedbackFromJudge!(text, ctx);
          else p.blindRounds++;
          recorder.round({ round: p.round, afterStep: p.steps, passed: false, feedback: text, delivered: told });
          p.round++;
          p.answer = null;
          continue;
        }
      }
      return;
    }
    if (spec.loopDetect > 0 && repeatCount >= spec.loopDetect) {
      recorder.step({ ...noted, note: `loop detected: ${spec.loopDetect} identical actions in a row` });
      p.stopReason = 'loop_detected';
      return;
    }
    const stepped = await abortable(env.step(action, needs), hooks.signal);
    let observation = observed(stepped.observation, env);
    let events: EnvironmentEvent[] = [];
    if (interaction) {
      // The task's scripted counterpart looks at the phone and may answer before the agent sees it again.
      events = interactionEvents(task, p.params, interaction, initial.state!, requireState(observation, 'an interactive task').state, p.steps);
      if (events.length > 0) {
        await abortable(env.deliver(events), hooks.signal).catch((e: unknown) => {
          throw hooks.signal?.aborted ? e : new PhonegymError(`the task's interaction sent an event the phone refused: ${(e as Error).message}`, { code: 'interaction_error' });
        });
        observation = observed(await abortable(env.observe({ ...needs, advanceMs: 0 }), hooks.signal), env);
      }
    }
    const previous = p.last!;
    p.last = observation;
    lastEvents = events;
    if (hooks.liveJudge && judgeable && hasState(observation)) p.verdict = judgeTaskOrNull(task, p.params, spec.evalMode, initial, observation, p.answer, p.actions);
    recorder.step({ ...noted, cssAction: stepped.cssAction, observation, previous, ...(events.length ? { events } : {}) });
    await hooks.onStep?.({ index: p.steps, action, cssAction: stepped.cssAction, observation, verdict: p.verdict, thought: reply.thought, raw: reply.raw });
  }
}

/**
 * A session's later episodes (bridge/tasks/session.ts), each after the one before passed: its
 * `between` changes the phone as the last one left it (no reset to the seed's state), the phone goes
 * to the episode's start, and the same agent gets the new goal in the same conversation. A session
 * ends at its first failed episode; that one (or the last) is judged by `judgeEpisode` as any task.
 */
async function playLaterEpisodes(env: Env, agent: Agent, ctx: EpisodeContext, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks, p: EpisodeProgress): Promise<void> {
  const episodes = sessionEpisodes(spec.task);
  for (let n = 2; n <= episodes.length; n++) {
    if (p.status !== 'completed' || hooks.signal?.aborted || !hasState(p.initial!) || !hasState(p.last!)) return;
    const verdict = judgeTaskOrNull(p.task, p.params, spec.evalMode, p.initial!, p.last!, p.answer, p.actions);
    if (!verdict?.passed) return;
    p.played.push(playedEpisode(p, n - 1, verdict));
    await beginLaterEpisode(env, agent, ctx, spec, recorder, hooks, p, episodes[n - 1]!, n);
    await actLoop(env, agent, ctx, spec, recorder, hooks, p);
  }
}

/** Episode `n` of a session begins: `between` on the phone's state, the episode's sheet and start, `elapseMs` on its clock, its goal to the agent. */
async function beginLaterEpisode(env: Env, agent: Agent, ctx: EpisodeContext, spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks, p: EpisodeProgress, episode: LoadedTask, n: number): Promise<void> {
  const ended = p.last!;
  const last = requireState(ended, 'a session');
  const state = JSON.parse(last.stateJson ?? JSON.stringify(last.state)) as PhoneState;
  const later = spec.task.def.nextEpisodes![n - 2]!;
  later.between?.({ state, p: p.params, seed: spec.seed, episode: n });
  // The episode before's answer sheet goes; a query episode gets its own, empty (grounded mode).
  const goal = goalText(episode, p.params);
  if (spec.evalMode === 'grounded' && episode.def.answer) installSheet(state, episode.id, goal, answerFields(episode.def, p.params));
  else state.apps.answers = createAnswersState() as unknown as PhoneState['apps'][string];
  // The new episode from here on; with no start yet, a failure now leaves it out of the row and unjudged.
  Object.assign(p, { task: episode, goal: agentGoal(goal, episode.def, spec.evalMode), episodeStart: p.steps, initial: null, actions: [], answer: null, stopReason: 'max_steps', verdict: null });
  // The phone's state is written back as it is (plus `between`'s edits), landing on the episode's start screen.
  await abortable(putOnPhone(env, episode, { stateJson: JSON.stringify(state) }), hooks.signal);
  // Time passes on the phone's own clock before the agent looks: what the apps do then is the episode's start.
  p.initial = observed(await abortable(env.observe({ ...observing(agent, hooks), advanceMs: later.elapseMs ?? 0 }), hooks.signal), env);
  p.last = p.initial;
  Object.assign(ctx, { task: episode, goal: p.goal, session: { episode: n, episodes: sessionEpisodes(spec.task).length } });
  recorder.episode({ episode: n, goal: p.goal, firstStep: p.steps + 1, initial: p.initial, ended, initialRoute: p.first?.route ?? null });
  hooks.onNextGoal?.({ episode: n, episodes: sessionEpisodes(spec.task).length, goal: p.goal, firstStep: p.steps + 1 });
  if (agent.nextGoal) await abortable(Promise.resolve(agent.nextGoal(ctx)), hooks.signal);
  else {
    await abortable(Promise.resolve(agent.end?.(ctx)), hooks.signal);
    await abortable(Promise.resolve(agent.start?.(ctx)), hooks.signal);
  }
}

/** What the loop's exception means for the row: a run error, the agent's own failure, or the signal. */
async function failure(e: unknown, hooks: EpisodeHooks): Promise<Pick<EpisodeProgress, 'status' | 'stopReason' | 'errorCode' | 'error'>> {
  if (hooks.signal?.aborted) return stopped(hooks.signal);
  const line = (m: string | undefined) => m?.split('\n')[0] ?? String(e);
  if (e instanceof AgentFailure && e.original instanceof PhonegymError && ERROR_CODES[String(e.original.code)]?.status === 'run_error') {
    // The model service (or a remote agent's connection) failed: the machine's side, not the agent's (seed 004).
    const error = e.original instanceof ModelServiceError ? `the model service failed: ${line(e.message)}` : line(e.message);
    return { status: 'run_error', stopReason: 'error', errorCode: String(e.original.code), error };
  }
  // A bug in the agent is the agent's failure: the episode is judged as it stands.
  if (e instanceof AgentFailure) return { status: 'completed', stopReason: 'agent_error', errorCode: 'agent_error', error: `the agent failed: ${line(e.message)}` };
  const errorCode = (await hooks.errorCode?.(e)) ?? (e instanceof PhonegymError ? String(e.code) : 'env_error');
  // A task that cannot set itself up (its sampler drew nothing) is the task's failure, not the machine's.
  const status = ERROR_CODES[errorCode]?.status === 'eval_error' ? 'eval_error' : 'run_error';
  return { status, stopReason: 'error', errorCode, error: line((e as Error)?.message) };
}

/** Phase 3 (always): the agent's end and the task's teardown; a failing teardown spoils a completed episode. */
async function tearDown(agent: Agent, ctx: EpisodeContext | null, spec: EpisodeSpec, hooks: EpisodeHooks, p: EpisodeProgress): Promise<void> {
  if (ctx) await abortable(Promise.resolve(agent.end?.(ctx)), hooks.signal).catch(() => {});
  try {
    await spec.task.def.teardown?.({ p: p.params, seed: spec.seed });
  } catch (e) {
    if (p.status === 'completed') Object.assign(p, { status: 'run_error', errorCode: 'teardown_error', error: `teardown failed: ${(e as Error).message}` });
  }
}

/**
 * Phase 4: the state judge, only when the loop did not raise and the phone has a state tree; then
 * the VLM judge where it runs (on a phone without a state tree, under `auto`, it is the judge).
 */
async function judgeEpisode(spec: EpisodeSpec, recorder: TrajectoryRecorder, hooks: EpisodeHooks, p: EpisodeProgress): Promise<VlmJudgeOutcome | null> {
  const { task } = p;
  p.verdict = null;
  if (p.status !== 'completed' || !p.initial || !p.last) return null;
  const { initial, last } = p;
  const withState = hasState(initial) && hasState(last);
  const vlmRuns = hooks.vlm !== undefined && vlmJudgeRuns(task, hooks.vlm.mode, withState);
  if (withState) {
    try {
      p.verdict = judgeTask(task, p.params, spec.evalMode, initial, last, p.answer, p.actions);
    } catch (e) {
      Object.assign(p, { status: 'eval_error', errorCode: e instanceof JudgeError ? 'judge_error' : 'eval_error', error: (e as Error).message });
      return null;
    }
  } else if (!vlmRuns) {
    Object.assign(p, { status: 'eval_error', errorCode: 'no_judge_model', error: 'this phone has no state tree and no VLM judge runs to judge it: give --judge-model (--judge-mode auto)' });
    return null;
  }
  if (!hooks.vlm || !vlmRuns) return null;
  try {
    const vlm = await abortable(runVlmJudge(hooks.vlm, { task, goal: p.goal, actions: p.actions, answer: p.answer }, recorder, hooks.signal), hooks.signal);
    // A judge failure is never a task failure: where the VLM's verdict counts, the row is an eval_error.
    if (vlm.counts && 'error_code' in vlm.row) Object.assign(p, { status: 'eval_error', errorCode: vlm.row.error_code, error: vlm.row.error });
    return vlm;
  } catch {
    Object.assign(p, stopped(hooks.signal!));
    return null;
  }
}

/**
 * One episode of `task`'s oracle on `env` (seed `seed`, the task's step budget), its trajectory
 * under `runDir/relDir`: what benchmarks and backend tests run to see a backend pass a task.
 */
export async function runOracleEpisode(env: Env, task: LoadedTask, seed: number, runDir: string, relDir: string, opts: { frames?: boolean } = {}): Promise<EpisodeOutcome & { recorder: TrajectoryRecorder }> {
  const frames = opts.frames !== false;
  const recorder = new TrajectoryRecorder(runDir, relDir, task.id, frames);
  const spec: EpisodeSpec = { task, instance: 0, trial: 0, seed, maxSteps: resolveMaxSteps(task), loopDetect: 0, evalMode: 'grounded', agentName: 'oracle' };
  return { ...(await runEpisode(env, createAgent('oracle', { coordsFromCss: env.coordsFromCss }), spec, recorder, { frames })), recorder };
}
