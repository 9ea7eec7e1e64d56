import { describe, expect, it } from 'vitest';
import { KEEP_STEPS_OF_ENDED, StudioEpisodes } from '../../bridge/runner/studioEpisodes.ts';
import type { EpisodeEnd, EpisodeInfo, StepInfo } from '../../bridge/protocol/messages.ts';

const info = (n: number): EpisodeInfo => ({ episodeId: `ep${n}`, taskId: 'chat.PinChat', goal: 'g', deviceId: 'p1', instance: 0, trial: 0, seed: n, maxSteps: 10, startedAt: '2026-01-01T00:00:00Z' });
const step = (n: number, index: number): StepInfo => ({ episodeId: `ep${n}`, deviceId: 'p1', index, action: `tap(${index}, 1)`, route: { app: 'chat', path: '/' }, revision: index });
const end = (n: number): EpisodeEnd => ({ episodeId: `ep${n}`, status: 'completed', stopReason: 'complete', steps: 2 });

describe("the studio session's episodes", () => {
  it('keeps the steps of running episodes and of the newest ended ones, and says when they were let go', () => {
    const eps = new StudioEpisodes();
    const count = KEEP_STEPS_OF_ENDED + 2;
    for (let n = 1; n <= count; n++) {
      eps.started(info(n), `d${n}`);
      eps.stepped(`ep${n}`, step(n, 1), { index: 1, action: { type: 'tap', x: 1, y: 1 } });
      eps.stepped(`ep${n}`, step(n, 2), { index: 2, action: { type: 'tap', x: 2, y: 1 } });
      if (n < count) eps.ended(end(n));
    }
    expect(eps.steps(`ep${count}`).map((s) => s.index)).toEqual([1, 2]);
    expect(eps.steps('ep3').map((s) => s.index)).toEqual([1, 2]);
    expect(() => eps.steps('ep1')).toThrow(/the steps of ep1 are no longer kept here .*phonegym view replays it/);
    expect(() => eps.steps('nope')).toThrow('episodeSteps: no episode "nope" in this run');
    // What a fork replays is kept for every episode.
    expect(eps.get('ep1')!.taken).toHaveLength(2);
    // The history is what the wire says: the info and the end, nothing the session keeps for itself.
    const history = eps.history();
    expect(history).toHaveLength(count);
    expect(history[0]).toEqual({ info: info(1), end: end(1) });
    expect(history.at(-1)).toEqual({ info: info(count) });
  });

  it('a retried episode starts again under its id: its steps are the new attempt\'s', () => {
    const eps = new StudioEpisodes();
    eps.started(info(1), 'a');
    eps.stepped('ep1', step(1, 1), { index: 1, action: { type: 'tap', x: 1, y: 1 } });
    eps.started(info(1), 'b');
    expect(eps.steps('ep1')).toEqual([]);
    expect(eps.get('ep1')!.initialDigest).toBe('b');
  });
});
