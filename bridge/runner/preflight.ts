/**
 * Preflight: whether a task can run here with this config, before any browser starts. A task that
 * cannot (it needs a VLM judge and none is configured; it needs a real device and none is
 * connected) becomes a `rejected` row saying why, instead of a failure the agent did not earn.
 */
import { ChatClient, apiKeyFrom } from '../agents/chatClient.ts';
import { OPENAI_DEFAULTS } from '../agents/openai.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import type { RunConfig } from './config.ts';
import { vlmJudgeRuns } from '../tasks/judging.ts';
import type { VlmJudging } from './vlmJudging.ts';
import type { PlannedEpisode } from './plan.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import type { EpisodeIsolation } from '../manifest/manifest.ts';
import { isSession } from '../tasks/session.ts';

export interface Rejection {
  code: string;
  reason: string;
}

/** What the run's phones are: with a state tree (the simulator, a virtual device) or without (real phones). */
export interface PhoneKind {
  state: boolean;
}

/**
 * Why `task` cannot run with `config` on these phones under the manifest's `isolation`, or null
 * when it can. A session template needs `persistent` isolation (its later episodes start from the
 * phone the one before left). On phones without a
 * state tree a task needs a way to start there (`realPhone`), must not need the state judge
 * (`--judge-mode state`/`both`), a scripted counterpart writing to the phone (`interaction`) or an
 * answer sheet on the phone (grounded queries); `auto` judges it with the VLM judge.
 */
export function preflight(task: LoadedTask, config: Pick<RunConfig, 'judgeMode' | 'judgeModel' | 'modelName' | 'evalMode'>, phones: PhoneKind, isolation: EpisodeIsolation): Rejection | null {
  if (isSession(task) && isolation !== 'persistent') {
    return { code: 'session_isolation', reason: `a session template (${(task.def.nextEpisodes?.length ?? 0) + 1} episodes on one phone, each starting where the one before ended) needs isolation "persistent", and the manifest says "${isolation}": write isolation = "persistent" under [env] in phonegym.toml (or leave session templates out of the run)` };
  }
  if (!phones.state) {
    const d = task.def;
    const noState = (why: string): Rejection => ({ code: 'no_state', reason: `${why}; these phones have no state tree (real phones): run it on the simulator or a virtual device` });
    if (config.judgeMode === 'state' || config.judgeMode === 'both') return noState(`--judge-mode ${config.judgeMode} needs the state judge`);
    if (!d.realPhone) return noState('the task is simulator-only (it declares no `realPhone` start: its setup is written into the phone\'s state)');
    if (d.interaction) return noState('the task is interactive: its scripted contact writes to the phone\'s state');
    if (isSession(task)) return noState('the task is a session: its episodes carry the phone\'s state from one to the next');
    if (d.answer && config.evalMode === 'grounded') return noState('a query in grounded mode puts its answer sheet on the phone (try --eval-mode text, where the agent answers with the ANSWER action)');
  }
  if (vlmJudgeRuns(task, config.judgeMode, phones.state) && config.judgeMode !== 'both' && !judgeModelOf(config)) {
    const why = config.judgeMode === 'vlm' ? '--judge-mode vlm' : phones.state ? 'the task has no state check, so only a VLM judge can judge it' : 'a phone without a state tree is judged by the VLM judge';
    return { code: 'no_judge_model', reason: `needs a VLM judge (${why}) and none is configured: give --judge-model (and --judge-base-url for a local server)` };
  }
  return null;
}

/** The VLM judge's model: `--judge-model`, else the agent's `--model-name` (spec section 8). */
export function judgeModelOf(config: Pick<RunConfig, 'judgeModel' | 'modelName'>): string | null {
  return config.judgeModel ?? config.modelName ?? null;
}

/** The VLM judge of a run, or undefined when only the state judge runs. */
export function vlmJudging(config: RunConfig): VlmJudging | undefined {
  if (config.judgeMode === 'state') return undefined;
  const model = judgeModelOf(config);
  const client = model
    ? new ChatClient({
        baseUrl: config.judgeBaseUrl ?? config.baseUrl ?? OPENAI_DEFAULTS.baseUrl,
        model,
        apiKey: apiKeyFrom(config.judgeApiKeyEnv ?? config.apiKeyEnv),
        timeoutMs: config.modelTimeout * 1000,
        maxRetries: config.modelRetries,
      })
    : null;
  return { mode: config.judgeMode, client, maxImages: config.maxImages };
}

/** The row of an episode the preflight rejected: nothing ran, nothing was judged. */
export function rejectedRow(ep: PlannedEpisode, r: Rejection): ResultRow {
  const d = ep.task.def;
  return {
    task_id: ep.task.id,
    task_name: ep.task.name,
    suite: ep.task.suite,
    apps: d.apps,
    difficulty: d.difficulty,
    objective: d.objective,
    instance: ep.instance,
    trial_id: ep.trial,
    seed: ep.seed,
    params: {},
    goal: typeof d.goal === 'string' ? d.goal : ep.task.id,
    agent: ep.agentName,
    status: 'rejected',
    error_code: r.code,
    error: r.reason,
    stop_reason: 'error',
    steps: 0,
    max_steps: ep.maxSteps,
    success: false,
    goal_success: false,
    progress: 0,
    clean: false,
    passed: false,
    false_complete: false,
    overdue_termination: false,
    answer: null,
    judge: null,
    init_state_hash: null,
    runtime_s: 0,
    trajectory: ep.trajectoryDir,
    usage: null,
    rounds: 1,
    blind_rounds: 0,
    vlm_judge: null,
    attempts: 0,
    retry: null,
    hashes: ep.hashes ?? null,
    env: ep.env ?? null,
  };
}
