/**
 * The parallel runner (spec section 6, `--parallel N`): N workers, each holding one warm env of
 * the pool, take the next planned episode until none is left. Around every episode it keeps
 * the faults of a long run contained:
 * - `--episode-timeout`: the episode is aborted and recorded as `timeout`; its page is replaced
 *   (a hung page must not leak into the next episode) and the run goes on.
 * - a crashed page or browser: the env is replaced, the row is a `run_error` with a code
 *   (page_crashed, browser_crashed, …), and infrastructure errors are run again up to
 *   `--retries` times, each failed attempt kept in errors.jsonl.
 * - the run's signal (SIGINT): episodes in flight end as `cancelled`, nothing new starts.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent } from '../agents/types.ts';
import type { Env, EnvSource, Observation } from '../env/types.ts';
import type { Action } from '../protocol/actions.ts';
import type { Verdict } from '../protocol/messages.ts';
import { EpisodeTimeout, runEpisode, type StepEvent } from './episode.ts';
import { EpisodeStopped } from './demoControls.ts';
import type { VlmJudging } from './vlmJudging.ts';
import { RETRIED_CODES } from './errorCodes.ts';
import { errorEntry } from './output.ts';
import type { ErrorEntry } from '../protocol/runFolder.ts';
import type { PlannedEpisode } from './plan.ts';
import { TrajectoryRecorder } from './recorder.ts';
import { deadline } from './waits.ts';
import type { ResultRow } from '../protocol/runFolder.ts';

/** Run errors that say the machine failed, not the agent: worth another attempt (docs/errors.md). */
export const INFRA_ERROR_CODES = RETRIED_CODES;

export function isInfraError(row: ResultRow): boolean {
  return row.status === 'run_error' && row.error_code !== null && INFRA_ERROR_CODES.has(row.error_code);
}

export interface EpisodeEvents {
  onStart?(env: Env, ep: PlannedEpisode, info: { goal: string; initial: Observation }): void;
  onStep?(env: Env, ep: PlannedEpisode, info: StepEvent): void | Promise<void>;
  onNextGoal?(env: Env, ep: PlannedEpisode, info: { episode: number; episodes: number; goal: string; firstStep: number }): void;
  onEnd?(env: Env, ep: PlannedEpisode, row: ResultRow, verdict: Verdict | null): void;
}

export interface ExecuteOptions {
  episodes: PlannedEpisode[];
  pool: EnvSource;
  runDir: string;
  /** One agent per env (agents may keep per-episode state). */
  agentFor(env: Env): Agent;
  /** A finished episode (final row, after retries). */
  onRow(row: ResultRow): void;
  /** A failed attempt (kept in errors.jsonl, with `retried` when it ran again). */
  onError(entry: ErrorEntry): void;
  episodeTimeoutS?: number;
  retries?: number;
  liveJudge?: boolean;
  /** The VLM judge and when it runs (`--judge-mode`); absent: the state judge only. */
  vlm?: VlmJudging;
  /** Off (`--no-screenshots`): trajectories without pictures, and screenshots only for agents that read them (EpisodeHooks.frames). */
  frames?: boolean;
  signal?: AbortSignal;
  /** A signal of the episode about to run on `env` that stops it alone (the studio's stop). */
  episodeSignal?(env: Env): AbortSignal | undefined;
  events?: EpisodeEvents;
  log?: (line: string) => void;
}

export interface ExecuteStats {
  /** Attempts that were run again after an infrastructure error. */
  retried: number;
  /** Envs replaced after a crash or a timeout. */
  replaced: number;
}

export async function executeEpisodes(o: ExecuteOptions): Promise<ExecuteStats> {
  const queue = [...o.episodes];
  const stats: ExecuteStats = { retried: 0, replaced: 0 };
  const retries = o.retries ?? 0;

  const worker = async (): Promise<void> => {
    let env: Env | null = null;
    try {
      env = await o.pool.acquire();
      let agent = o.agentFor(env);
      while (queue.length && !o.signal?.aborted) {
        const ep = queue.shift()!;
        for (let attempt = 1; env; attempt++) {
          // A fresh folder: a retried attempt or a resumed episode must not inherit old steps.
          rmSync(join(o.runDir, ep.trajectoryDir), { recursive: true, force: true });
          const ranOn = env;
          const { row, verdict, stoppedMidCall } = await runOnce(env, agent, ep, o);
          row.attempts = attempt;
          row.retry = attempt > 1 ? 'blind' : null;
          // A stop from the studio while a call to the page was in flight leaves that call running: a fresh page, as after a timeout.
          const broken = o.pool.isBroken(env) || row.status === 'timeout' || stoppedMidCall;
          if (broken && !o.signal?.aborted) {
            o.log?.(`${env.deviceId}: ${row.status === 'timeout' ? 'hung episode' : stoppedMidCall ? 'stopped from the studio mid-step' : row.error_code ?? 'broken env'}; replacing the page`);
            try {
              env = await o.pool.replace(env);
            } catch (e) {
              // This worker is out of envs; the others go on, and what is left shows as missing.
              o.log?.(`${env.deviceId}: could not replace the env (${(e as Error).message.split('\n')[0]}); one worker fewer`);
              env = null;
            }
            if (env) agent = o.agentFor(env);
            stats.replaced++;
          }
          const again = isInfraError(row) && attempt <= retries && !o.signal?.aborted;
          if (row.status !== 'completed') o.onError(errorEntry(row, attempt, again));
          if (again) {
            stats.retried++;
            continue;
          }
          // Told with the env it ran on, also when that page was just replaced.
          o.events?.onEnd?.(ranOn, ep, row, verdict);
          o.onRow(row);
          break;
        }
        if (!env) return;
      }
    } finally {
      if (env) o.pool.release(env);
    }
  };

  await Promise.all(Array.from({ length: Math.min(o.pool.size, Math.max(1, queue.length)) }, worker));
  if (queue.length && !o.signal?.aborted) o.log?.(`${queue.length} episode(s) did not run: no env was left to run them (see browser_logs/); finish them with --resume`);
  return stats;
}

async function runOnce(env: Env, agent: Agent, ep: PlannedEpisode, o: ExecuteOptions) {
  const ctl = new AbortController();
  const onRunAbort = () => ctl.abort(o.signal!.reason ?? 'cancelled');
  if (o.signal?.aborted) onRunAbort();
  else o.signal?.addEventListener('abort', onRunAbort, { once: true });
  const timeoutS = o.episodeTimeoutS ?? 0;
  const startedAt = performance.now();
  const cancelTimer = timeoutS > 0 ? deadline(timeoutS * 1000, () => ctl.abort(new EpisodeTimeout(timeoutS))) : null;
  const own = o.episodeSignal?.(env);
  const onStop = () => ctl.abort(own!.reason);
  own?.addEventListener('abort', onStop, { once: true });
  try {
    const recorder = new TrajectoryRecorder(o.runDir, ep.trajectoryDir, ep.task.id, o.frames !== false);
    const done = await runEpisode(env, agent, ep, recorder, {
      liveJudge: o.liveJudge,
      vlm: o.vlm,
      frames: o.frames,
      signal: ctl.signal,
      startedAt,
      errorCode: (cause) => o.pool.failureCode(env, cause),
      onStart: ({ goal, initial }) => o.events?.onStart?.(env, ep, { goal, initial }),
      onStep: (info) => o.events?.onStep?.(env, ep, info),
      onNextGoal: (info) => o.events?.onNextGoal?.(env, ep, info),
    });
    const reason: unknown = own?.aborted ? own.reason : undefined;
    return { ...done, stoppedMidCall: reason instanceof EpisodeStopped && !reason.atRest };
  } finally {
    cancelTimer?.();
    o.signal?.removeEventListener('abort', onRunAbort);
    own?.removeEventListener('abort', onStop);
  }
}
