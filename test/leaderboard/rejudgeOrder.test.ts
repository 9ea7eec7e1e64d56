/**
 * The order the leaderboard re-judges a run's rows in: the trials of one instance together (they
 * share their state files, read once while they pass), instances in the order they first appear,
 * every row exactly once.
 */
import { describe, expect, it } from 'vitest';
import { judgingOrder } from '../../bridge/leaderboard/rejudge.ts';
import type { ResultRow } from '../../bridge/protocol/runFolder.ts';

const row = (task_id: string, instance: number, trial_id: number) => ({ task_id, instance, trial_id }) as ResultRow;

describe('judging order', () => {
  it('puts the trials of an instance together, whatever order the run wrote them in', () => {
    // A run cycled trial by trial: every instance once, then every instance again.
    const rows = [row('chat.PinChat', 0, 0), row('wallet.Pay', 0, 0), row('chat.PinChat', 1, 0), row('chat.PinChat', 0, 1), row('wallet.Pay', 0, 1), row('chat.PinChat', 1, 1)];
    expect(judgingOrder(rows)).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it('keeps a run already grouped by instance as it is, and tells instances of one task apart', () => {
    const rows = [row('a.T', 0, 0), row('a.T', 0, 1), row('a.T', 1, 0), row('a.T', 1, 1), row('b.T', 0, 0)];
    expect(judgingOrder(rows)).toEqual([0, 1, 2, 3, 4]);
  });

  it('names every row once', () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(`s.T${i % 7}`, i % 3, Math.floor(i / 21)));
    expect(judgingOrder(rows).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
  });
});
