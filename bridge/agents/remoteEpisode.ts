/**
 * One remote-agent episode as the hub serves it (./remoteHub.ts): the `remote` agent holds it
 * from start to end and awaits the client's answer to each act turn.
 */
import { Deferred } from '../protocol/deferred.ts';
import { RemoteAgentError, type ActTurn, type DoneTurn, type EndReason, type EpisodeHeader, type NextGoalTurn, type StartTurn, type Turn } from '../protocol/remoteAgent.ts';
import type { AgentReply } from './types.ts';

/** What an episode asks of its hub. */
export interface TurnQueue {
  enqueue(ep: RemoteEpisode, turn: Exclude<Turn, DoneTurn>): void;
  finish(ep: RemoteEpisode): void;
}

/** Per episode, from the remote agent's options. */
export interface EpisodeTiming {
  /** A waiting turn fails when no client has asked for a turn for this long. */
  connectTimeoutMs: number;
  /** A turn handed out must be answered within this long. */
  turnTimeoutMs: number;
  /** Appended to connection errors: how to start a client (never holds the token: rows are saved). */
  howToConnect: string;
}

export type StartInput = Omit<StartTurn, 'type' | 'episode'>;
export type ActInput = Pick<ActTurn, 'step' | 'route' | 'tree' | 'screenshot' | 'feedback' | 'events'>;

export interface PendingAct {
  step: number;
  /** The client that took the turn; null while it waits in the queue. */
  holder: string | null;
  timer: NodeJS.Timeout | null;
  resolve(r: AgentReply): void;
  reject(e: Error): void;
}


/** One episode as the hub serves it; the `remote` agent holds it from start to end. */
export class RemoteEpisode {
  /** Resolves when a client has taken the start turn; rejects if none does in time. */
  readonly started: Promise<void>;
  /** The client that took the start turn ('' = anonymous, served by anyone). */
  owner: string | null = null;
  steps = 0;
  ended = false;
  reason: EndReason = 'stopped';
  pending: PendingAct | null = null;
  private readonly startedDeferred = new Deferred<void>();
  private startDelivered = false;

  constructor(
    private readonly hub: TurnQueue,
    readonly id: string,
    private currentHeader: EpisodeHeader,
    readonly timing: EpisodeTiming,
  ) {
    this.started = this.startedDeferred.promise;
    // Nobody may be awaiting `started` when the hub closes under an episode.
    this.started.catch(() => {});
  }

  /** Hands the observation to the remote agent and resolves with its answer. */
  act(input: ActInput): Promise<AgentReply> {
    if (this.ended) return Promise.reject(new RemoteAgentError('remote_closed', `episode ${this.id} has ended`));
    if (this.pending) return Promise.reject(new Error(`episode ${this.id}: act called while step ${this.pending.step} is still waiting for its answer`));
    const d = new Deferred<AgentReply>();
    const turn: ActTurn = { type: 'act', episode: this.id, step: input.step, ...this.header, route: input.route, tree: input.tree, screenshot: input.screenshot, feedback: input.feedback, events: input.events };
    this.pending = { step: input.step, holder: null, timer: null, resolve: d.resolve, reject: d.reject };
    this.hub.enqueue(this, turn);
    return d.promise;
  }

  /** What every turn repeats: the task, the goal (a session's changes), the action space. */
  get header(): EpisodeHeader {
    return this.currentHeader;
  }

  /** A session's next episode: the later turns carry its goal, and the client is told at once. */
  nextGoal(goal: string, session: { episode: number; episodes: number }): void {
    if (this.ended) throw new RemoteAgentError('remote_closed', `episode ${this.id} has ended`);
    this.currentHeader = { ...this.currentHeader, goal, session };
    const turn: NextGoalTurn = { type: 'next_goal', episode: this.id, step: this.steps, ...this.currentHeader };
    this.hub.enqueue(this, turn);
  }

  /** Ends the episode: drops its waiting turns, fails a pending act, and tells the client. */
  end(): void {
    if (this.ended) return;
    this.hub.finish(this);
  }

  /** @internal */
  markStarted(client: string): void {
    this.startDelivered = true;
    this.owner = client;
    this.startedDeferred.resolve();
  }

  /** @internal */
  failStart(e: Error): void {
    this.startedDeferred.reject(e);
  }

  /** @internal */
  get startWasDelivered(): boolean {
    return this.startDelivered;
  }
}
