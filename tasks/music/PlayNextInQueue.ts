import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, SEARCH_CHANGES, songMenuFromSearch, songParam, type SongParams } from './_helpers.ts';
import { queueCriteria } from './_queue.ts';

/** Restraint and order: 下一首播放 puts the song right after the current one; nothing else in the queue moves or goes. */
export default defineTask<SongParams>({
  goal: (p) => `把${p.artist}的《${p.title}》设为下一首播放。现在这首歌别切掉，播放列表里其他的歌也别删。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['queue', 'restraint', 'order'],
  params: songParam((s, m) => !m.queue.includes(s.id)),
  checkGoals: (input, p) => {
    const m = musicOf(input.init);
    const want = [...m.queue];
    want.splice(m.player.index + 1, 0, p.songId);
    return queueCriteria(input, want, 'the song right after the current one, the rest as they were');
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await songMenuFromSearch(ui, p.songId, p.title);
    await ui.tap('music.sheet.playNext');
  },
});
