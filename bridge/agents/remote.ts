/**
 * `--agent remote`: the agent runs in another process, in any language, and talks to the run's
 * bridge over HTTP + JSON (`/agent/v1/…`, served by ./remoteHub.ts). This side turns
 * each episode into a start turn, one act turn per observation and an end turn, and waits for the
 * answers. docs/remote-agents.md has the protocol; bridge/clients/python/ a standard-library client.
 */
import { fileURLToPath } from 'node:url';
import type { CoordConfig } from '../env/coords.ts';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { VIEWPORT } from '../protocol/state.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import type { WireCoords } from '../protocol/remoteAgent.ts';
import { agentHubOf, type AgentHub } from './remoteHub.ts';
import type { EpisodeTiming, RemoteEpisode, StartInput } from './remoteEpisode.ts';
import type { Agent, AgentFactory, AgentFactoryOptions, AgentObservation, AgentReply, EpisodeContext } from './types.ts';

export const DEFAULT_CONNECT_TIMEOUT_S = 120;
export const DEFAULT_TURN_TIMEOUT_S = 300;

const EXAMPLE_CLIENT = fileURLToPath(new URL('../clients/python/example_agent.py', import.meta.url));

/** The action space as the client sees it: x in [0, width], y in [0, height]. */
export function wireCoords(c: CoordConfig): { coords: WireCoords; screen: { width: number; height: number } } {
  const screen = { width: VIEWPORT.width * c.screenshotScale, height: VIEWPORT.height * c.screenshotScale };
  switch (c.space) {
    case 'pixels':
      return { coords: { space: 'pixels', ...screen }, screen };
    case 'norm1000':
      return { coords: { space: 'norm1000', width: 1000, height: 1000 }, screen };
    case 'norm1':
      return { coords: { space: 'norm1', width: 1, height: 1 }, screen };
  }
}

export interface RemoteAgentSetup {
  coords: CoordConfig;
  timing: EpisodeTiming;
}

export class RemoteAgent implements Agent {
  readonly name = 'remote';
  private episode: RemoteEpisode | null = null;
  /** The judge's findings of earlier feedback rounds of this episode, sent with every later turn. */
  private feedback: string[] = [];

  constructor(
    private readonly hub: AgentHub,
    private readonly setup: RemoteAgentSetup,
  ) {}

  async start(ep: EpisodeContext): Promise<void> {
    this.episode?.end();
    this.feedback = [];
    const { coords, screen } = wireCoords(this.setup.coords);
    const start: StartInput = {
      task_id: ep.task.id,
      goal: ep.goal,
      max_steps: ep.maxSteps,
      seed: ep.seed,
      eval_mode: ep.evalMode,
      coords,
      screen,
      viewport: { width: VIEWPORT.width, height: VIEWPORT.height },
      ...(ep.session ? { session: ep.session } : {}),
    };
    this.episode = this.hub.openEpisode(start, this.setup.timing);
    await this.episode.started;
  }

  act(obs: AgentObservation): Promise<AgentReply> {
    if (!this.episode) return Promise.reject(new Error('remote agent: act was called before start'));
    return this.episode.act({ step: obs.step, route: obs.route, tree: obs.tree, screenshot: obs.screenshot.toString('base64'), feedback: [...this.feedback], events: obs.events ?? [] });
  }

  /** Feedback rounds: the findings go to the client in the next `act` turn's `feedback` list. */
  feedbackFromJudge(text: string): void {
    this.feedback.push(text);
  }

  /**
   * A session's next episode: the client's episode goes on (the same id, the step count going on),
   * with a `next_goal` turn now and the new goal in every turn after it.
   */
  nextGoal(ep: EpisodeContext): void {
    if (!this.episode) throw new Error('remote agent: nextGoal was called before start');
    this.feedback = [];
    this.episode.nextGoal(ep.goal, ep.session ?? { episode: 1, episodes: 1 });
  }

  end(): void {
    this.episode?.end();
    this.episode = null;
  }
}

function quoteArg(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** The command that starts the example client against this bridge (with the token, for the console only). */
export function exampleCommand(bridge: BridgeServer, token = bridge.token): string {
  return `python3 ${quoteArg(shownPath(EXAMPLE_CLIENT))} --url ${bridge.url} --token ${token}`;
}

function seconds(v: unknown, fallback: number, name: string): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new UsageError(`${name} must be a positive number of seconds, got ${JSON.stringify(v)}`);
  return v;
}

/** The run's action space, from the options every agent gets (`coords`, `screenshotScale`). */
function coordConfig(opts: AgentFactoryOptions): CoordConfig {
  const space = opts.coords ?? 'pixels';
  if (space !== 'pixels' && space !== 'norm1000' && space !== 'norm1') throw new UsageError(`coords must be pixels, norm1000 or norm1, got ${JSON.stringify(space)}`);
  const scale = opts.screenshotScale ?? 1;
  if (typeof scale !== 'number' || !(scale > 0)) throw new UsageError(`screenshotScale must be a positive number, got ${JSON.stringify(scale)}`);
  return { space, screenshotScale: scale };
}

/** Hubs whose connect line was printed: one line per run, however many workers build an agent. */
const announced = new WeakSet<AgentHub>();

export const remoteAgent: AgentFactory = {
  name: 'remote',
  description: 'an agent in another process (Python or any language) that connects over HTTP: see docs/remote-agents.md',
  create(opts: AgentFactoryOptions): Agent {
    const bridge = opts.bridge;
    if (!(bridge instanceof BridgeServer)) {
      throw new UsageError('the remote agent needs the run\'s bridge: use it through `phonegym run --agent remote` (or, from code, createAgent("remote", { bridge }))');
    }
    const connectTimeoutS = seconds(opts.connectTimeoutS, DEFAULT_CONNECT_TIMEOUT_S, 'the agent connect timeout (--agent-connect-timeout)');
    const turnTimeoutS = seconds(opts.turnTimeoutS, DEFAULT_TURN_TIMEOUT_S, 'the agent turn timeout (--agent-turn-timeout)');
    const log = typeof opts.log === 'function' ? (opts.log as (line: string) => void) : (line: string) => console.log(line);
    const coords = coordConfig(opts);
    const hub = agentHubOf(bridge, bridge.log);
    if (!announced.has(hub)) {
      announced.add(hub);
      log(`remote agent: waiting for a client at ${bridge.url} (token ${bridge.token}); start one in another terminal: ${exampleCommand(bridge)}  (your own agent: docs/remote-agents.md)`);
      hub.onClientConnected((client) => log(`remote agent: client ${client || '(anonymous)'} connected`));
    }
    return new RemoteAgent(hub, {
      coords,
      timing: {
        connectTimeoutMs: connectTimeoutS * 1000,
        turnTimeoutMs: turnTimeoutS * 1000,
        // Saved in results.jsonl: the token stays out.
        howToConnect: `Start a client next to the run with the URL and token it printed, e.g. ${exampleCommand(bridge, '<token>')} (docs/remote-agents.md)`,
      },
    });
  },
};
