import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openPlayer, PLAY_CHANGES, songById } from './_helpers.ts';

/**
 * The virtual clock: the song on has seconds left; when it ends the queue moves on by itself
 * (timePassed). ♥ the song that comes on then, not the one playing at the start.
 */
export default defineTask({
  goal: '律动正在放的这首歌马上就要放完了。等它放完，把接下来自动播放的那首歌加到“我喜欢的音乐”。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['player', 'virtual-clock', 'like'],
  postSample({ state }) {
    const m = musicOf(state);
    m.player.index = Math.min(m.player.index, m.queue.length - 2);
    const song = songById(m, m.queue[m.player.index]!)!;
    // Neither the song on nor the next one is liked, so liking the wrong one shows.
    m.liked = m.liked.filter((id) => id !== song.id && id !== m.queue[m.player.index + 1]);
    Object.assign(m.player, { status: 'playing', positionMs: song.durationSec * 1000 - 7_000, anchorAt: state.os.time.timestamp, mode: 'loop' });
  },
  checkGoals: (input) => {
    const m = musicOf(input.init);
    const next = m.queue[m.player.index + 1]!;
    const liked = musicOf(input.final).liked;
    return [
      criteria.that('the next song is liked', liked.includes(next), { expected: next, actual: liked.join(','), path: 'apps.music.liked' }),
      criteria.equals('nothing else changed in 我喜欢的音乐', liked.filter((x) => x !== next).join(','), m.liked.join(',')),
    ];
  },
  expectedChanges: () => [...PLAY_CHANGES],
  async oracle(ui) {
    await openPlayer(ui);
    const first = ui.find('music.player.title')?.text;
    // Each action lets the virtual clock run on (2 s a step): look again until the song changes.
    for (let i = 0; i < 8 && ui.find('music.player.title')?.text === first; i++) await ui.tap('music.player.lyrics');
    if (ui.find('music.player.title')?.text === first) throw new Error('the song did not end');
    await ui.tap('music.player.like');
  },
});
