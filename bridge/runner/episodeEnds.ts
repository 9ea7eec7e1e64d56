/**
 * How an episode's waits end: the abort reasons (a timeout, a stop from the studio, the run's
 * interrupt) as row fields, a promise abandoned when its signal aborts, and the token usage summed
 * over the steps.
 */
import type { StepUsage } from '../agents/types.ts';
import type { EpisodeStatus, EpisodeUsage, StopReason } from '../protocol/runFolder.ts';
import { EpisodeStopped } from './demoControls.ts';

/** The abort reason that makes an episode a `timeout` rather than `cancelled`. */
export class EpisodeTimeout extends Error {
  override name = 'EpisodeTimeout';
  constructor(readonly seconds: number) {
    super(`the episode ran longer than the ${seconds} s limit (--episode-timeout)`);
  }
}

/** Settles with `p`, or rejects as soon as `signal` aborts (the abandoned promise is left to settle alone). */
export function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export function addUsage(sum: EpisodeUsage | null, u: StepUsage | undefined): EpisodeUsage | null {
  if (!u) return sum;
  const s = sum ?? { prompt_tokens: 0, completion_tokens: 0, requests: 0, latency_ms: 0, cost_usd: null };
  s.prompt_tokens += u.prompt_tokens;
  s.completion_tokens += u.completion_tokens;
  s.requests += u.requests;
  s.latency_ms += u.latency_ms;
  if (u.cost_usd !== null) s.cost_usd = Math.round(((s.cost_usd ?? 0) + u.cost_usd) * 1e6) / 1e6;
  if (u.retries?.length) s.retried_requests = (s.retried_requests ?? 0) + u.retries.length;
  return s;
}

export function stopped(signal: AbortSignal): { status: EpisodeStatus; stopReason: StopReason; errorCode: string; error: string } {
  if (signal.reason instanceof EpisodeTimeout) return { status: 'timeout', stopReason: 'timeout', errorCode: 'episode_timeout', error: signal.reason.message };
  if (signal.reason instanceof EpisodeStopped) return { status: 'cancelled', stopReason: 'cancelled', errorCode: 'cancelled', error: `${signal.reason.message}; --resume runs it again` };
  if (signal.reason instanceof Error) return { status: 'cancelled', stopReason: 'cancelled', errorCode: 'cancelled', error: signal.reason.message };
  return { status: 'cancelled', stopReason: 'cancelled', errorCode: 'cancelled', error: 'the run was interrupted while this episode was in flight' };
}
