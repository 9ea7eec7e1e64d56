/**
 * A run's events as the studio's wire carries them: a step as a `step` message (texts capped and
 * scrubbed, the stroke in CSS pixels), an observation as a state snapshot, a row as an episode end.
 */
import { describeAction, type Action } from '../protocol/actions.ts';
import type { EpisodeEnd, EpisodeInfo, StateSnapshot, StepInfo } from '../protocol/messages.ts';
import type { ResultRow } from '../protocol/runFolder.ts';
import { keepHead } from '../agents/replyLimits.ts';
import { scrub } from '../secrets.ts';
import { requireState, type Observation } from '../env/types.ts';
import type { StepEvent } from './episode.ts';

/** The longest thought, reply or typed text a step event carries (the trajectory keeps 64 KB). */
const STEP_TEXT_BYTES = 8 * 1024;

export function snapshotOf(o: Observation): StateSnapshot {
  return { json: requireState(o, 'the studio').stateJson, route: o.route, revision: o.revision };
}

export function verdictToEnd(row: ResultRow): Pick<EpisodeEnd, 'status' | 'stopReason' | 'steps' | 'answer' | 'error'> {
  return { status: row.status, stopReason: row.stop_reason, steps: row.steps, answer: row.answer, error: row.error };
}

function strokeOf(css: Action): { point?: { x: number; y: number }; from?: { x: number; y: number } } {
  if ('x1' in css) return { from: { x: css.x1, y: css.y1 }, point: { x: css.x2, y: css.y2 } };
  if ('x' in css && typeof css.x === 'number' && 'y' in css && typeof css.y === 'number') return { point: { x: css.x, y: css.y } };
  return {};
}

/** The studio's `step` message of a step of the episode `info`. */
export function stepInfo(info: EpisodeInfo, s: StepEvent): StepInfo {
  const text = 'text' in s.action && typeof s.action.text === 'string' && s.action.type === 'type' ? keepHead(s.action.text, STEP_TEXT_BYTES) : undefined;
  return {
    episodeId: info.episodeId,
    deviceId: info.deviceId,
    index: s.index,
    action: keepHead(describeAction(s.action), STEP_TEXT_BYTES),
    ...strokeOf(s.cssAction),
    ...(text !== undefined ? { text } : {}),
    ...(s.thought ? { thought: keepHead(scrub(s.thought), STEP_TEXT_BYTES) } : {}),
    ...(s.raw ? { reply: keepHead(scrub(s.raw), STEP_TEXT_BYTES) } : {}),
    ...(s.terminal ? { terminal: true } : {}),
    route: s.observation.route,
    revision: s.observation.revision,
  };
}
