/** A complete result row for tests, with the fields a test cares about overridden. */
import type { ResultRow } from '../../bridge/protocol/runFolder.ts';

export function resultRow(over: Partial<ResultRow>): ResultRow {
  return {
    task_id: 'chat.A', task_name: 'A', suite: 'chat', apps: ['chat'], difficulty: 'L1', objective: 'action', instance: 0, trial_id: 0, seed: 1, params: {}, goal: '', agent: 'x',
    status: 'completed', error_code: null, error: null, stop_reason: 'complete', steps: 3, max_steps: 15, success: true, goal_success: true, progress: 1, clean: true, passed: true,
    false_complete: false, overdue_termination: false, answer: null, judge: { success: true, clean: true, progress: 1, passed: true, issues: [], warnings: [] }, init_state_hash: 'h', runtime_s: 1, trajectory: 't', usage: null, rounds: 1, blind_rounds: 0, vlm_judge: null, attempts: 1, retry: null, hashes: { app_build: 'b', task_file: 'f' },
    ...over,
  };
}
