import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openQueue, songById } from './_helpers.ts';

interface P extends Record<string, unknown> {
  songId: string;
  title: string;
}

/** Grounded: the song after a named one in the queue's order (播放列表). */
export default defineTask<P>({
  goal: (p) => `在律动当前的播放列表里，排在《${p.title}》后面的下一首是什么歌？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['music'],
  startApp: 'home',
  tags: ['queue'],
  params: {
    _pick: {
      sampler: (state, rng) => {
        const m = musicOf(state);
        const id = rng.pick(m.queue.slice(0, -1));
        return { songId: id, title: songById(m, id)!.title };
      },
      fields: { songId: 'songId', title: 'title' },
    },
  },
  answer: {
    fields: [{ id: 'title', label: '歌名', hint: '如：晚风里的信', type: 'text' }],
    expected: (p, input) => {
      const m = musicOf(input.init);
      const title = songById(m, m.queue[m.queue.indexOf(p.songId) + 1]!)!.title;
      return { title: [title, `《${title}》`] };
    },
  },
  async oracle(ui, p) {
    await openQueue(ui);
    const rows = ui.findAll('music.queue.*').filter((n) => /^\d+\. /.test(n.text));
    const at = rows.findIndex((n) => n.key === `music.queue.${p.songId}`);
    const next = rows[at + 1];
    if (at < 0 || !next) throw new Error(`the queue shows no song after ${p.title}`);
    return next.text.replace(/^\d+\. /, '').split(' - ')[0]!;
  },
});
