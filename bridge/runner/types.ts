/** The result row and its parts: the contract tools and the leaderboard read (snake_case, as in the spec). */
import type { Verdict } from '../protocol/messages.ts';

export type EpisodeStatus = 'completed' | 'run_error' | 'eval_error' | 'timeout' | 'rejected' | 'cancelled';
export type StopReason = 'complete' | 'answer' | 'abort' | 'max_steps' | 'loop_detected' | 'format_error' | 'timeout' | 'error' | 'cancelled';

export interface JudgeSummary {
  success: boolean;
  clean: boolean;
  progress: number;
  passed: boolean;
  issues: Verdict['issues'];
  warnings: Verdict['warnings'];
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
  usage: { prompt_tokens: number; completion_tokens: number; cost: number } | null;
  /** How many times the episode ran: more than 1 when infrastructure errors were retried (--retries). */
  attempts: number;
}
