import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openMyList, songParam, type SongParams } from './_helpers.ts';

/** Restraint: take one song out of 我喜欢的音乐 and no other. */
export default defineTask<SongParams>({
  goal: (p) => `我不想再收藏${p.artist}的《${p.title}》了，把它从“我喜欢的音乐”里去掉，别的歌不要动。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['like', 'restraint'],
  params: songParam((s, m) => m.liked.includes(s.id)),
  checkGoals: (input, p) => {
    const before = musicOf(input.init).liked;
    const after = musicOf(input.final).liked;
    return [
      criteria.that('the song is no longer liked', !after.includes(p.songId), { expected: `not ${p.songId}`, actual: after.join(','), path: 'apps.music.liked' }),
      criteria.equals('every other liked song stays, in order', after.join(','), before.filter((x) => x !== p.songId).join(',')),
    ];
  },
  async oracle(ui, p) {
    await openMyList(ui, 'liked');
    await ui.scrollTo(`music.song.${p.songId}.more`, { within: 'music.list.songs' });
    await ui.tap(`music.song.${p.songId}.more`);
    await ui.tap('music.sheet.remove');
  },
});
