/**
 * The studio's Hand to the agent, run: one episode of the run's agent that continues an episode
 * of the run from a step. It runs on the run's pages (it waits for a free one while the run goes
 * on), its first steps the forked episode's, replayed (PrefixAgent), then the agent's own; judged
 * from the initial state; shown in the studio as the run's episodes are, marked `forkOf`. Its
 * trajectory goes under the run folder's `forks/`: the run's rows and summary stay the run's.
 */
import { join } from 'node:path';
import type { Agent } from '../agents/types.ts';
import { requireState, type Env } from '../env/types.ts';
import type { EnvPool } from '../env/envPool.ts';
import type { RunConfig } from './config.ts';
import { executeEpisodes, type EpisodeEvents } from './execute.ts';
import { PrefixAgent } from './fork.ts';
import type { PlannedEpisode } from './plan.ts';
import type { AgentFork, StudioSession } from './studioSession.ts';

export interface AgentForkContext {
  config: RunConfig;
  pool: EnvPool;
  runDir: string;
  agentFor: (env: Env) => Agent;
  studio: StudioSession;
  /** The run's own episode events (the studio's view of them, pacing, the run controls). */
  events: EpisodeEvents;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export async function runAgentFork(fork: AgentFork, c: AgentForkContext): Promise<void> {
  const { config } = c;
  const stop = new AbortController();
  const ep: PlannedEpisode = {
    key: fork.episodeId,
    task: fork.task,
    instance: fork.instance,
    trial: fork.trial,
    seed: fork.seed,
    variant: fork.variant,
    maxSteps: fork.maxSteps,
    loopDetect: config.loopDetect,
    maxRounds: config.maxRounds,
    evalMode: config.evalMode,
    agentName: config.agent,
    trajectoryDir: join('forks', fork.episodeId.replace(/[^\w.-]+/g, '_')),
    fork: { episodeId: fork.episodeId, forkOf: fork.forkOf },
  };
  await executeEpisodes({
    episodes: [ep],
    pool: c.pool,
    runDir: c.runDir,
    agentFor: (env) => new PrefixAgent(c.agentFor(env), fork.prefix, (p) => env.coordsFromCss(p)),
    onRow: () => {},
    onError: () => {},
    episodeTimeoutS: config.episodeTimeout,
    retries: 0,
    liveJudge: true,
    ...(c.signal ? { signal: c.signal } : {}),
    ...(c.log ? { log: c.log } : {}),
    episodeSignal: (env) => {
      const own = c.studio.controls?.episodeSignal(env.deviceId);
      return own ? AbortSignal.any([own, stop.signal]) : stop.signal;
    },
    events: {
      ...c.events,
      onStart: (env, e, o) => {
        // Set up again, the task must start where the episode did (a task file changed since would not).
        if (!fork.startsAt(requireState(o.initial, 'a fork').stateJson)) stop.abort(new Error(`${fork.forkOf.episodeId} cannot be continued: its task now starts elsewhere than it did (the task file or the app changed)`));
        c.events.onStart?.(env, e, o);
      },
    },
  });
}
