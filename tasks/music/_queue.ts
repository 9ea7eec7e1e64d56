/**
 * What the queue tasks share: the song now playing stays the current one, and the queue's other
 * songs stay in their order (a task that changes one song of the queue must leave the rest).
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import { currentSong, musicOf } from './_helpers.ts';

/** The queue at the end equals `want` (ids joined), and the current song is still the one at the start. */
export function queueCriteria(input: JudgeInput, want: readonly string[], name: string): Criterion[] {
  const before = currentSong(musicOf(input.init))?.id ?? null;
  const after = musicOf(input.final);
  return [
    criteria.equals(name, after.queue.join(','), want.join(','), 'apps.music.queue'),
    criteria.equals('the current song is the same', currentSong(after)?.id ?? null, before, 'apps.music.player.index'),
  ];
}
