import { describe, expect, it } from 'vitest';
import { deadline } from '../../bridge/runner/waits.ts';

describe('deadline', () => {
  it('never fires before its time has passed by performance.now()', async () => {
    // libuv counts whole milliseconds: a bare setTimeout of 2 ms fires after 1.1-2 ms now and then
    // (a few in a few hundred), depending on where in a millisecond it was armed.
    const elapsed: number[] = [];
    for (let i = 0; i < 400; i++) {
      const armed = performance.now();
      elapsed.push(await new Promise<number>((resolve) => deadline(2, () => resolve(performance.now() - armed))));
    }
    expect(Math.min(...elapsed)).toBeGreaterThanOrEqual(2);
  });

  it('does not fire once cancelled', async () => {
    let fired = false;
    const cancel = deadline(20, () => { fired = true; });
    cancel();
    await new Promise((r) => setTimeout(r, 60));
    expect(fired).toBe(false);
  });
});
