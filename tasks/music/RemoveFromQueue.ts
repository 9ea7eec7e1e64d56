import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openQueue, songById } from './_helpers.ts';
import { queueCriteria } from './_queue.ts';

interface P extends Record<string, unknown> {
  songId: string;
  title: string;
}

/** Restraint: one song (not the current one) out of the queue; the others stay, the music goes on. */
export default defineTask<P>({
  goal: (p) => `把《${p.title}》从当前的播放列表里移除，其他歌保留，正在播放的歌也别换。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['queue', 'restraint'],
  params: {
    _pick: {
      sampler: (state, rng) => {
        const m = musicOf(state);
        const id = rng.pick(m.queue.filter((_, i) => i !== m.player.index));
        return { songId: id, title: songById(m, id)!.title };
      },
      fields: { songId: 'songId', title: 'title' },
    },
  },
  checkGoals: (input, p) => queueCriteria(input, musicOf(input.init).queue.filter((x) => x !== p.songId), 'the queue without the song, the rest in order'),
  async oracle(ui, p) {
    await openQueue(ui);
    await ui.scrollTo(`music.queue.${p.songId}.remove`, { within: 'music.queue.list' });
    await ui.tap(`music.queue.${p.songId}.remove`);
  },
});
