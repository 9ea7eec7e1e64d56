import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, SEARCH_CHANGES, songMenuFromSearch } from './_helpers.ts';
import { addedPlaylistPaths, fileIntoPlaylist, NEW_PLAYLIST_NAMES, newPlaylistCriteria } from './_newPlaylist.ts';

interface P extends Record<string, unknown> {
  name: string;
  songA: string;
  titleA: string;
  songB: string;
  titleB: string;
}

/** Build a playlist from two searches: a new playlist of mine with exactly those two songs. */
export default defineTask<P>({
  goal: (p) => `在律动里新建一个歌单“${p.name}”，把《${p.titleA}》和《${p.titleB}》这两首歌收藏进去。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist', 'search'],
  params: {
    name: { type: 'enum', values: [...NEW_PLAYLIST_NAMES] },
    _songs: {
      sampler: (state, rng) => {
        const [a, b] = rng.shuffle(musicOf(state).songs).slice(0, 2);
        return { songA: a!.id, titleA: a!.title, songB: b!.id, titleB: b!.title };
      },
      fields: { songA: 'songA', titleA: 'titleA', songB: 'songB', titleB: 'titleB' },
    },
  },
  checkGoals: (input, p) => newPlaylistCriteria(input, p.name, [p.songA, p.songB]),
  expectedChanges: (input) => [...SEARCH_CHANGES, ...addedPlaylistPaths(input)],
  async oracle(ui, p) {
    for (const [id, title] of [[p.songA, p.titleA], [p.songB, p.titleB]] as const) {
      await songMenuFromSearch(ui, id, title);
      await fileIntoPlaylist(ui, p.name);
    }
  },
});
