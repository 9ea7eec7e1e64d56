/**
 * The run's episodes as the studio session knows them: the history a studio that connects late
 * is sent, the actions a fork replays, and the steps a studio that missed some can ask for.
 */
import { PhonegymError } from '../protocol/errors.ts';
import type { EpisodeEnd, EpisodeInfo, StepInfo } from '../protocol/messages.ts';
import { FORK_ACTIONS, type TakenAction } from './fork.ts';

/** Ended episodes whose steps are kept for a studio that did not see them (running ones always are). */
export const KEEP_STEPS_OF_ENDED = 200;

export interface EpisodeEntry {
  info: EpisodeInfo;
  end?: EpisodeEnd;
  /** The actions taken, as a fork replays them (the first FORK_ACTIONS). */
  taken: TakenAction[];
  /** The initial state's digest: a fork checks it starts where the episode did. */
  initialDigest: string;
  /** The steps as studios were sent them; dropped for ended episodes past KEEP_STEPS_OF_ENDED. */
  steps: StepInfo[] | null;
}

export class StudioEpisodes {
  private readonly all: EpisodeEntry[] = [];
  /** The newest entry of each episode id (a retried episode starts again under its id). */
  private readonly byId = new Map<string, EpisodeEntry>();
  /** Ended episodes that still keep their steps, oldest first. */
  private readonly endedWithSteps: EpisodeEntry[] = [];

  started(info: EpisodeInfo, initialDigest: string): void {
    const entry: EpisodeEntry = { info, taken: [], initialDigest, steps: [] };
    this.all.push(entry);
    this.byId.set(info.episodeId, entry);
  }

  stepped(episodeId: string, step: StepInfo, action: TakenAction): void {
    const entry = this.byId.get(episodeId);
    if (!entry) return;
    if (entry.taken.length < FORK_ACTIONS) entry.taken.push(action);
    entry.steps?.push(step);
  }

  ended(end: EpisodeEnd): void {
    const entry = this.byId.get(end.episodeId);
    if (!entry) return;
    entry.end = end;
    this.endedWithSteps.push(entry);
    if (this.endedWithSteps.length > KEEP_STEPS_OF_ENDED) this.endedWithSteps.shift()!.steps = null;
  }

  get(episodeId: string): EpisodeEntry | undefined {
    return this.byId.get(episodeId);
  }

  /** Every episode in the order they started, with its end once it has one. */
  history(): { info: EpisodeInfo; end?: EpisodeEnd }[] {
    return this.all.map(({ info, end }) => (end ? { info, end } : { info }));
  }

  /** An episode's steps so far; refused for an unknown one and for one whose steps were let go. */
  steps(episodeId: string): StepInfo[] {
    const entry = this.byId.get(episodeId);
    const shown = episodeId.slice(0, 200);
    if (!entry) throw new PhonegymError(`episodeSteps: no episode "${shown}" in this run`, { code: 'episode_not_found', details: { episodeId: shown } });
    if (!entry.steps) throw new PhonegymError(`episodeSteps: the steps of ${shown} are no longer kept here (only those of the newest ${KEEP_STEPS_OF_ENDED} ended episodes); phonegym view replays it from the run folder`, { code: 'steps_forgotten', details: { episodeId: shown } });
    return entry.steps;
  }
}
