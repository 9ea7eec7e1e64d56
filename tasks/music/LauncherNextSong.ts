import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { currentSong, musicOf, PLAY_CHANGES, songById } from './_helpers.ts';

/** The OS media controls: skip to the next song of the queue (列表循环), from the home screen or in 律动. */
export default defineTask({
  goal: '手机正在用律动放歌，切到下一首。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'home',
  tags: ['player', 'launcher'],
  postSample({ state }) {
    const m = musicOf(state);
    m.player.index = Math.min(m.player.index, m.queue.length - 2);
    Object.assign(m.player, { status: 'playing', positionMs: 15_000, anchorAt: state.os.time.timestamp, mode: 'loop' });
  },
  checkGoals: (input) => {
    const m = musicOf(input.init);
    const want = m.queue[m.player.index + 1]!;
    const now = currentSong(musicOf(input.final));
    return [
      criteria.equals('the next song is on', now?.title ?? null, songById(m, want)!.title, 'apps.music.player.index'),
      criteria.equals('it is playing', musicOf(input.final).player.status, 'playing', 'apps.music.player.status'),
    ];
  },
  expectedChanges: () => [...PLAY_CHANGES],
  async oracle(ui) {
    await ui.tap('home.music.next');
  },
});
