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

export interface Rejection {
  code: string;
  reason: string;
}

/** Why `task` cannot run with `config`, or null when it can. */
export function preflight(task: LoadedTask, config: Pick<RunConfig, 'judgeMode' | 'judgeModel' | 'modelName'>): Rejection | null {
  if (vlmJudgeRuns(task, config.judgeMode) && config.judgeMode !== 'both' && !judgeModelOf(config)) {
    const why = config.judgeMode === 'vlm' ? '--judge-mode vlm' : 'the task has no state check, so only a VLM judge can judge it';
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
  };
}
