/**
 * The run's two waits: a delay a signal cuts short (demo pacing), and a studio connecting (or
 * not, after a while) before the first episode.
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
