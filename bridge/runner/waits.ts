/**
 * The run's waits: a delay a signal cuts short (demo pacing), a studio connecting (or not, after a
 * while) before the first episode, and an episode's time limit.
 */
import type { BridgeServer } from '../server/bridgeServer.ts';

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

/** Resolves when a studio connects, or after `ms`. */
export function waitForStudio(bridge: BridgeServer, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = bridge.studio.onConnect(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Calls `onExpire` once `ms` have passed by `performance.now()` from this call; returns a cancel.
 * A bare `setTimeout` counts whole milliseconds of libuv's clock, so it can fire up to 1 ms before
 * `ms` have passed (an 8 s episode limit ended one at 7.999 s); this re-arms for what is left.
 */
export function deadline(ms: number, onExpire: () => void): () => void {
  const end = performance.now() + ms;
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const left = end - performance.now();
    if (left > 0) timer = setTimeout(check, Math.ceil(left));
    else onExpire();
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}
