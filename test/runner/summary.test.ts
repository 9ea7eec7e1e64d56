import { describe, expect, it } from 'vitest';
import { formatSummary, passAtK, passHatK, summarize } from '../../bridge/runner/summary.ts';
import type { ResultRow } from '../../bridge/protocol/runFolder.ts';
import { resultRow } from './rows.ts';

const row = resultRow;

describe('pass@k', () => {
  it('matches hand-computed values', () => {
    expect(passAtK(5, 0, 1)).toBe(0);
    expect(passAtK(5, 5, 3)).toBe(1);
    expect(passAtK(4, 1, 1)).toBeCloseTo(0.25);
    expect(passAtK(4, 1, 2)).toBeCloseTo(0.5); // 1 - C(3,2)/C(4,2) = 1 - 3/6
    expect(passAtK(10, 3, 4)).toBeCloseTo(1 - 35 / 210);
    expect(passHatK(4, 2, 2)).toBeCloseTo(1 / 6);
    expect(passHatK(4, 4, 4)).toBe(1);
  });
});

describe('summarize', () => {
  it('computes SR, PR, FC, OT, USE and average steps', () => {
    const s = summarize([
      row({}),
      row({ task_id: 'chat.B', success: false, passed: false, progress: 0.5, false_complete: true, steps: 5, judge: { success: false, clean: true, progress: 0.5, passed: false, issues: [], warnings: [] } }),
      row({ task_id: 'chat.C', success: false, passed: false, clean: false, stop_reason: 'max_steps', overdue_termination: true, steps: 15, judge: { success: true, clean: false, progress: 1, passed: false, issues: [], warnings: [{ path: 'x', kind: 'changed' }] } }),
      row({ task_id: 'chat.D', status: 'run_error', success: false, passed: false, progress: 0, steps: 1, judge: null }),
    ]);
    expect(s.episodes).toBe(4);
    expect(s.success_rate).toBe(0.25);
    expect(s.progress_rate).toBe(0.625);
    expect(s.false_complete).toBe(1);
    expect(s.overdue_termination).toBe(1);
    expect(s.unexpected_side_effects).toBe(1);
    expect(s.avg_steps).toEqual({ success: 3, all: 6 });
    expect(s.status_counts.run_error).toBe(1);
    expect(s.tasks.errored).toEqual(['chat.D']);
    expect(s.per_suite.chat.episodes).toBe(4);
  });

  it('adds pass@k and pass^k when trials repeat', () => {
    const rows = [0, 1, 2, 3].map((t) => row({ trial_id: t, success: t === 0 }));
    const s = summarize(rows, { passK: [1, 2] });
    expect(s.pass_at_k).toEqual({ '1': 0.25, '2': 0.5 });
    expect(s.pass_hat_k).toEqual({ '1': 0.25, '2': 0 });
  });
});

describe('honest statuses in the summary', () => {
  const rows = [
    resultRow({ task_id: 'chat.A', success: true }),
    resultRow({ task_id: 'chat.B', success: false, passed: false, stop_reason: 'agent_error', error_code: 'agent_error', error: 'the agent failed: boom' }),
    resultRow({ task_id: 'chat.C', status: 'run_error', success: false, error_code: 'model_server_error', error: 'HTTP 500', usage: { prompt_tokens: 100, completion_tokens: 10, requests: 3, latency_ms: 300, cost_usd: 0.001 } }),
    resultRow({ task_id: 'chat.D', status: 'eval_error', success: false, error_code: 'vlm_judge_bad_reply', error: 'no JSON' }),
    resultRow({ task_id: 'chat.E', status: 'rejected', success: false, error_code: 'no_judge_model', error: 'needs a VLM judge' }),
    resultRow({ task_id: 'chat.F', status: 'cancelled', success: false, error_code: 'cancelled' }),
  ];
  const s = summarize(rows);

  it('gives the success rate over all rated rows and over rows without infrastructure errors, saying which is which', () => {
    expect(s.episodes).toBe(5);
    expect(s.success_rate).toBe(0.2); // 1 of 5 (cancelled not rated)
    expect(s.success_rate_excluding_infra).toBe(0.5); // 1 of A, B
    expect(s.rates.success_rate).toMatch(/5 rated rows/);
    expect(s.rates.success_rate_excluding_infra).toMatch(/2 rows without run_error, eval_error or rejected/);
  });

  it('lists every error code met with its status, meaning and one example', () => {
    expect(Object.keys(s.error_taxonomy)).toEqual(['agent_error', 'model_server_error', 'no_judge_model', 'vlm_judge_bad_reply']);
    expect(s.error_taxonomy.model_server_error).toEqual({ count: 1, status: 'run_error', meaning: expect.stringMatching(/5xx/), example: { task_id: 'chat.C', instance: 0, trial_id: 0, error: 'HTTP 500' } });
    expect(s.error_taxonomy.agent_error!.status).toBe('completed');
  });

  it('sums model usage', () => {
    expect(s.usage).toEqual({ prompt_tokens: 100, completion_tokens: 10, requests: 3, avg_latency_ms: 100, cost_usd: 0.001, retried_requests: 0 });
  });
});

describe('robustness over looks (--variant)', () => {
  it('gives the success rate per look and counts the trials that flip between looks', () => {
    const rows = [
      row({ task_id: 'chat.A', variant: 0, success: true }),
      row({ task_id: 'chat.A', variant: 1, success: false, passed: false }),
      row({ task_id: 'chat.B', variant: 0, success: true }),
      row({ task_id: 'chat.B', variant: 1, success: true }),
      row({ task_id: 'chat.C', variant: 0, success: false, passed: false }),
      row({ task_id: 'chat.C', variant: 1, success: false, passed: false }),
      // Only in one look: not compared.
      row({ task_id: 'chat.D', variant: 1, success: true }),
    ];
    const s = summarize(rows);
    expect(s.robustness).toEqual({
      variants: [0, 1],
      per_variant: { '0': { episodes: 3, success: 2, success_rate: 0.6667 }, '1': { episodes: 4, success: 2, success_rate: 0.5 } },
      compared: 3,
      flips: 1,
      flip_rate: 0.3333,
      spread: 0.1667,
      flipped: [{ episode: 'chat.A#0#0', passed_in: [0] }],
    });
    expect(formatSummary(s)).toContain('robustness over looks (--variant): SR 66.7% in 0, SR 50.0% in 1; 1 of 3 trials flip between looks (chat.A#0#0)');
  });

  it('is absent for a run in one look, and rows from before variants count as look 0', () => {
    expect(summarize([row({}), row({ task_id: 'chat.B' })]).robustness).toBeUndefined();
    const { variant: _drop, ...old } = row({});
    expect(summarize([old as ResultRow, row({ variant: 2, success: false, passed: false })]).robustness?.flips).toBe(1);
  });

  it('keeps pass@k per look: two looks of one instance are not two trials', () => {
    const rows = [0, 1].flatMap((t) => [row({ trial_id: t, variant: 0, success: true }), row({ trial_id: t, variant: 1, success: false, passed: false })]);
    const s = summarize(rows, { passK: [2] });
    // Per look: look 0 passes both trials (pass^2 = 1), look 1 neither (0): the mean is 0.5.
    expect(s.pass_hat_k).toEqual({ '2': 0.5 });
  });
});
