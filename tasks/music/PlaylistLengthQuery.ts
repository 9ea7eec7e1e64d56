import { defineTask } from '../../bridge/tasks/api.ts';
import { listSongs, musicOf, myPlaylistParam, openMyList, totalSeconds, type PlaylistParams } from './_helpers.ts';

/** Grounded: a playlist of mine's total length, shown beside 播放全部 (N首 · M分S秒). */
export default defineTask<PlaylistParams>({
  goal: (p) => `我的歌单“${p.playlistName}”全部播放一遍一共要多长时间？（几分几秒）`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist'],
  params: myPlaylistParam(),
  answer: {
    fields: [
      { id: 'minutes', label: '分钟', hint: '如：31', type: 'number' },
      { id: 'seconds', label: '秒', hint: '如：56', type: 'number' },
    ],
    expected: (p, input) => {
      const sec = totalSeconds(listSongs(musicOf(input.init), p.playlistId));
      return { minutes: String(Math.floor(sec / 60)), seconds: String(sec % 60) };
    },
  },
  async oracle(ui, p) {
    await openMyList(ui, p.playlistId);
    const m = /(\d+)分(\d+)秒/.exec(ui.find('music.list.playAll')?.text ?? '');
    if (!m) throw new Error(`播放全部 shows "${ui.find('music.list.playAll')?.text}"`);
    return { minutes: m[1]!, seconds: m[2]! };
  },
});
