/**
 * The two record shapes (../shared/research/formats.md section 1; docs/training.md):
 *
 * - `verifiers`: Verifiers' v0 `RolloutOutput` row (verifiers/legacy/types.py), as its
 *   `results.jsonl` holds one per rollout: prompt, completion, reward, metrics (also copied to
 *   top-level keys, as Verifiers does), timing, is_completed, is_truncated, stop_condition, error,
 *   tool_defs, token_usage, answer and info. Tool calls are dicts in OpenAI's nested shape, which
 *   Verifiers' own message reader normalises (`_normalize_raw_tool_calls`) and prime-rl requires.
 * - `sft`: OpenAI chat `messages` + `tools`, what prime-rl's SFT trainer and OpenAI-style
 *   fine-tuning read; screenshots ride in user messages (OpenAI allows images only there).
 */
import { createHash } from 'node:crypto';
import type { ResultRow, StopReason } from '../protocol/runFolder.ts';
import { assertNever } from '../protocol/actions.ts';
import { keepHead, keepHeadOf, REPLY_LIMITS } from '../agents/replyLimits.ts';
import type { RunConfig } from '../runner/config.ts';
import type { RunMeta } from '../runner/meta.ts';
import { episodeConversation, type Message } from './conversation.ts';
import { envOf, type Episode } from './episodes.ts';
import { openAITools, toolDefs, type CoordInfo } from './tools.ts';

export const EXPORT_FORMATS = ['verifiers', 'sft'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Verifiers' stop-condition names (its MultiTurnEnv and ToolEnv) for phonegym's stop reasons, where one fits. */
export function stopConditionOf(reason: StopReason): string {
  switch (reason) {
    case 'complete':
    case 'answer':
    case 'abort':
      // The episode's last tool call ended it: the env's final response.
      return 'has_final_env_response';
    case 'max_steps':
      return 'max_turns_reached';
    case 'timeout':
      return 'timeout_reached';
    case 'format_error':
      // The model's reply held no action it could read.
      return 'no_tools_called';
    case 'agent_error':
    case 'error':
      return 'has_error';
    case 'loop_detected':
    case 'cancelled':
      return reason; // no Verifiers equivalent: phonegym's own name
    default:
      return assertNever(reason);
  }
}

/** The row's failure as Verifiers' ErrorData, when the episode did not end by the agent's doing. */
function errorOf(row: ResultRow): { error: string; message: string; error_chain_repr: string; error_chain_str: string } | null {
  const infra = row.status === 'run_error' || row.status === 'eval_error' || row.status === 'rejected';
  if (!infra && row.stop_reason !== 'agent_error' && row.stop_reason !== 'error') return null;
  const name = row.error_code ?? row.status;
  const message = keepHead(row.error ?? row.status, REPLY_LIMITS.errorBytes);
  return { error: name, message, error_chain_repr: `${name}(${JSON.stringify(message)})`, error_chain_str: `${name}: ${message}` };
}

/** A stable number for (task, seed): the rollouts of one task instance share it, across runs too (Verifiers groups by example_id). */
export function exampleIdOf(row: ResultRow): number {
  return parseInt(createHash('sha256').update(`${row.task_id}#${row.seed}`).digest('hex').slice(0, 12), 16);
}

/**
 * The reference answer of a query task, from the judge's answer checks (`answer: <label>`): the
 * expected value of one field as text, several as a JSON object by label. Null for other tasks.
 */
export function referenceAnswer(ep: Episode): string | null {
  if (ep.row.objective !== 'query') return null;
  const checks = (ep.doc.verdict?.goals ?? []).filter((g) => g.name.startsWith('answer: ') && g.expected !== undefined);
  if (!checks.length) return null;
  // A number check ({number, tolerance}) reads best as the number; lists and patterns stay JSON.
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof (v as { number?: unknown })?.number === 'number' ? String((v as { number: number }).number) : JSON.stringify(v));
  const answer = checks.length === 1 ? text(checks[0]!.expected) : JSON.stringify(Object.fromEntries(checks.map((g) => [g.name.slice('answer: '.length), g.expected])));
  return keepHead(answer);
}

/** Metrics as Verifiers keeps them (name → number): the judge's, the episode's size and, where recorded, its model calls. */
function metricsOf(row: ResultRow): Record<string, number> {
  const bit = (b: boolean) => (b ? 1 : 0);
  return {
    success: bit(row.success),
    goal_success: bit(row.goal_success),
    progress: row.progress,
    clean: bit(row.clean),
    false_complete: bit(row.false_complete),
    steps: row.steps,
    runtime_s: row.runtime_s,
    ...(row.usage ? { prompt_tokens: row.usage.prompt_tokens, completion_tokens: row.usage.completion_tokens, ...(row.usage.cost_usd !== null ? { cost_usd: row.usage.cost_usd } : {}) } : {}),
  };
}

/** Where the episode comes from: task, instance, seed, env and run (both formats carry it). */
export function infoOf(ep: Episode, meta: RunMeta): Record<string, unknown> {
  const { row } = ep;
  const config = meta.config as Partial<RunConfig>;
  return {
    task_id: row.task_id,
    task_name: row.task_name,
    suite: row.suite,
    difficulty: row.difficulty,
    objective: row.objective,
    params: row.params,
    seed: row.seed,
    variant: row.variant ?? 0,
    instance: row.instance,
    trial: row.trial_id,
    env: envOf(row, meta),
    agent: row.agent,
    model: config.modelName ?? null,
    run_id: meta.run_id,
    episode: row.trajectory,
    status: row.status,
    stop_reason: row.stop_reason,
    error_code: row.error_code,
    agent_answer: keepHeadOf(row.answer),
    hashes: row.hashes,
  };
}

export function coordInfoOf(meta: RunMeta): CoordInfo {
  const config = meta.config as Partial<RunConfig>;
  return { space: config.coords ?? 'pixels', screenshotScale: config.screenshotScale ?? 1, env: config.env ?? 'simulator' };
}

/** Verifiers' rollout timing; phonegym rows record how long an episode took, not when it began: times are seconds from its start. */
function timingOf(row: ResultRow) {
  const t = row.runtime_s;
  const zero = { start: 0, end: 0, duration: 0 };
  return { start_time: 0, setup: zero, generation: { start: 0, end: t, duration: t }, scoring: { start: t, end: t, duration: 0 }, model: { spans: [], duration: 0 }, env: { spans: [], duration: 0 }, total: t, overhead: t };
}

export function verifiersRecord(ep: Episode, meta: RunMeta, lastImages: number | null): Record<string, unknown> {
  const { row } = ep;
  const { prompt, completion } = episodeConversation(ep, meta, { images: 'tool', lastImages });
  const metrics = metricsOf(row);
  const error = errorOf(row);
  const answer = referenceAnswer(ep);
  return {
    example_id: exampleIdOf(row),
    prompt,
    completion,
    ...(answer ? { answer } : {}),
    info: infoOf(ep, meta),
    reward: row.passed ? 1 : 0,
    metrics,
    // Verifiers copies each metric to a top-level key for older readers.
    ...metrics,
    timing: timingOf(row),
    is_completed: true,
    is_truncated: row.stop_reason === 'max_steps' || row.stop_reason === 'timeout',
    stop_condition: error ? 'has_error' : stopConditionOf(row.stop_reason),
    error,
    ...(error ? { error_chain: error.error_chain_repr, long_error_chain: error.error_chain_str } : {}),
    tool_defs: toolDefs(coordInfoOf(meta)),
    ...(row.usage ? { token_usage: { input_tokens: row.usage.prompt_tokens, output_tokens: row.usage.completion_tokens } } : {}),
  };
}

export function sftRecord(ep: Episode, meta: RunMeta, lastImages: number | null): { messages: Message[]; tools: ReturnType<typeof openAITools>; info: Record<string, unknown> } {
  const { prompt, completion } = episodeConversation(ep, meta, { images: 'user', lastImages });
  return { messages: [...prompt, ...completion], tools: openAITools(coordInfoOf(meta)), info: { ...infoOf(ep, meta), reward: ep.row.passed ? 1 : 0, progress: ep.row.progress } };
}
