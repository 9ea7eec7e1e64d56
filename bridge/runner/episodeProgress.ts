/**
 * What one episode is given (`EpisodeSpec`) and what it has come to so far (`EpisodeProgress`):
 * the types the episode's phases (./episode.ts) and its row (./episodeRow.ts) share.
 */
import type { Action } from '../protocol/actions.ts';
import type { Verdict } from '../protocol/messages.ts';
import type { EpisodeStatus, EpisodeUsage, RowHashes, SessionEpisodeRow, StopReason } from '../protocol/runFolder.ts';
import type { Observation } from '../env/types.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import type { EvalMode } from '../tasks/grounded.ts';

export interface EpisodeSpec {
  task: LoadedTask;
  instance: number;
  trial: number;
  seed: number;
  /** The look the phone is drawn with (simulator-apps/os/look.ts); 0 or absent: as designed. */
  variant?: number;
  maxSteps: number;
  /** N identical actions in a row end the episode (0 = off). */
  loopDetect: number;
  evalMode: EvalMode;
  agentName: string;
  /**
   * Feedback rounds (seed 003): when the agent says it is done and the judge disagrees, its
   * findings go back to the agent in the same conversation, up to this many rounds in all
   * (default 1: the first COMPLETE is final).
   */
  maxRounds?: number;
  /** The phone build's and the task file's content hashes, stamped on the row (null: not known here). */
  hashes?: RowHashes | null;
  /** The env id (`name@version+hash`) stamped on the row. */
  env?: string | null;
}

/** What an episode has come to so far: each phase reads and advances it. */
export interface EpisodeProgress {
  /** The task being played: `spec.task`, or in a session the episode being played as a task (bridge/tasks/session.ts). */
  task: LoadedTask;
  /** A session's episodes already played and passed, in order (empty for a task that is no session). */
  played: SessionEpisodeRow[];
  /** Steps taken before the episode being played began (0 but in a session's later episodes). */
  episodeStart: number;
  /** The observation the session began with (the first episode's initial); `initial` is the current episode's. */
  first: Observation | null;
  status: EpisodeStatus;
  stopReason: StopReason;
  errorCode: string | null;
  error: string | null;
  answer: string | null;
  steps: number;
  params: Record<string, unknown>;
  goal: string;
  /** The first and the latest observation; their state is null on a phone without a state tree. */
  initial: Observation | null;
  last: Observation | null;
  actions: Action[];
  usage: EpisodeUsage | null;
  /** The feedback round the agent is in (1 until the judge sends findings back). */
  round: number;
  blindRounds: number;
  verdict: Verdict | null;
}
