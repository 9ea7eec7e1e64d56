import { defineTask } from '../../bridge/tasks/api.ts';
import { currentSong, musicOf, PLAY_CHANGES, playedCriteria, playFromSearch, SEARCH_CHANGES, songParam, type SongParams } from './_helpers.ts';

/** Search a song by name and play it: it must have started during the episode, and be playing. */
export default defineTask<SongParams>({
  goal: (p) => `在律动里播放${p.artist}的《${p.title}》。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['play', 'search'],
  params: songParam((s, m) => currentSong(m)?.id !== s.id),
  checkGoals: (input, p) => playedCriteria(input, p.songId, p.title),
  expectedChanges: () => [...PLAY_CHANGES, ...SEARCH_CHANGES],
  async oracle(ui, p) {
    await playFromSearch(ui, p.songId, p.title);
    if (musicOf(ui.state).player.status !== 'playing') throw new Error('the song did not start');
  },
});
