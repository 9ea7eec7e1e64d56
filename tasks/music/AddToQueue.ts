import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, SEARCH_CHANGES, songMenuFromSearch, songParam, type SongParams } from './_helpers.ts';
import { queueCriteria } from './_queue.ts';

/** 添加到播放列表: at the end of the queue, without playing it now. */
export default defineTask<SongParams>({
  goal: (p) => `把${p.artist}的《${p.title}》加到播放列表的最后，先不用播放它。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['queue'],
  params: songParam((s, m) => !m.queue.includes(s.id)),
  checkGoals: (input, p) => queueCriteria(input, [...musicOf(input.init).queue, p.songId], 'the song last in the queue'),
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await songMenuFromSearch(ui, p.songId, p.title);
    await ui.tap('music.sheet.queue');
  },
});
