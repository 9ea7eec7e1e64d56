import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, myPlaylistParam, playlistById, SEARCH_CHANGES, songMenuFromSearch, type PlaylistParams, type SongParams } from './_helpers.ts';

type P = SongParams & PlaylistParams;

/** Search → ⋮ → 收藏到歌单 → one of mine: the song is added, the playlist's songs before it stay in order. */
export default defineTask<P>({
  goal: (p) => `把${p.artist}的《${p.title}》收藏到我的歌单“${p.playlistName}”里。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist', 'search'],
  params: {
    ...myPlaylistParam(),
    _song: {
      sampler: (state, rng) => {
        const m = musicOf(state);
        // Any song not in any playlist of mine, so the sampler's playlist cannot already hold it.
        const mine = new Set(m.playlists.filter((x) => x.mine).flatMap((x) => x.songIds));
        const s = rng.pick(m.songs.filter((x) => !mine.has(x.id)));
        return { songId: s.id, title: s.title, artist: m.artists.find((a) => a.id === s.artistId)!.name };
      },
      fields: { songId: 'songId', title: 'title', artist: 'artist' },
    },
  },
  checkGoals: (input, p) => {
    const before = playlistById(musicOf(input.init), p.playlistId)!.songIds;
    const after = playlistById(musicOf(input.final), p.playlistId)?.songIds ?? [];
    return [
      criteria.that('the song is in the playlist', after.includes(p.songId), { expected: p.songId, actual: after.join(','), path: `apps.music.playlists[${p.playlistId}].songIds` }),
      criteria.equals('its other songs stay, in order', after.filter((x) => x !== p.songId).join(','), before.join(',')),
    ];
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await songMenuFromSearch(ui, p.songId, p.title);
    await ui.tap('music.sheet.collect');
    await ui.tap(`music.collect.${p.playlistId}`);
  },
});
