import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, SEARCH_CHANGES, songMenuFromSearch, songParam, type SongParams } from './_helpers.ts';

/** ♥ a song found by search (⋮ → 收藏到歌单 → 我喜欢的音乐); the other liked songs stay. */
export default defineTask<SongParams>({
  goal: (p) => `把${p.artist}的《${p.title}》加到“我喜欢的音乐”里。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['like', 'search'],
  params: songParam((s, m) => !m.liked.includes(s.id)),
  checkGoals: (input, p) => {
    const before = musicOf(input.init).liked;
    const after = musicOf(input.final).liked;
    return [
      criteria.that('the song is liked', after.includes(p.songId), { expected: p.songId, actual: after.join(','), path: 'apps.music.liked' }),
      criteria.equals('the other liked songs stay', after.filter((x) => x !== p.songId).join(','), before.join(',')),
    ];
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await songMenuFromSearch(ui, p.songId, p.title);
    await ui.tap('music.sheet.collect');
    await ui.tap('music.collect.liked');
  },
});
