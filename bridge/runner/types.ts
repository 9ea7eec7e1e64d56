/** The result row and its parts: the contract tools and the leaderboard read (snake_case, as in the spec). */
import type { Verdict } from '../protocol/messages.ts';

export type EpisodeStatus = 'completed' | 'run_error' | 'eval_error' | 'timeout' | 'rejected' | 'cancelled';
export type StopReason = 'complete' | 'answer' | 'abort' | 'max_steps' | 'loop_detected' | 'format_error' | 'agent_error' | 'timeout' | 'error' | 'cancelled';

export interface JudgeSummary {
  success: boolean;
  clean: boolean;
  progress: number;
  passed: boolean;
  issues: Verdict['issues'];
  warnings: Verdict['warnings'];
}

export interface EpisodeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  requests: number;
  /** Sum of the successful requests' wall times. */
  latency_ms: number;
  /** With a price table, else null. */
  cost_usd: number | null;
}

export interface ResultRow {
  task_id: string;
  task_name: string;
  suite: string;
  apps: string[];
  difficulty: string;
  objective: string;
  instance: number;
  trial_id: number;
  seed: number;
  params: Record<string, unknown>;
  goal: string;
  agent: string;
  status: EpisodeStatus;
  error_code: string | null;
  error: string | null;
  stop_reason: StopReason;
  steps: number;
  max_steps: number;
  success: boolean;
  goal_success: boolean;
  progress: number;
  clean: boolean;
  passed: boolean;
  false_complete: boolean;
  overdue_termination: boolean;
  answer: string | null;
  judge: JudgeSummary | null;
  init_state_hash: string | null;
  runtime_s: number;
  trajectory: string;
  /** Model calls of the episode summed (null for agents that call no model). */
  usage: EpisodeUsage | null;
  /**
   * Feedback rounds used (`--max-rounds`): 1 when the first COMPLETE was final. `blind_rounds`
   * counts rounds whose agent could not be told the judge's findings.
   */
  rounds: number;
  blind_rounds: number;
  /**
   * The VLM judge's verdict when it ran (`--judge-mode vlm|both`), or why it could not give one
   * (under `both` the state verdict still counts), else null.
   */
  vlm_judge: { success: boolean; clean: boolean; passed: boolean; reasons: string } | { error_code: string; error: string } | null;
  /**
   * How many times the episode ran: more than 1 when infrastructure errors were retried
   * (--retries). Every retry starts a fresh conversation with no feedback: a blind retry.
   */
  attempts: number;
  /** `blind` when this row comes from a retry that started over without the failed attempt's feedback (seed 003). */
  retry: 'blind' | null;
}
