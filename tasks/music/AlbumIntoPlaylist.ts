import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';
import { albumById, artistName, musicOf, myPlaylists, playlistById, searchFor, SEARCH_CHANGES } from './_helpers.ts';

interface P extends Record<string, unknown> {
  albumId: string;
  album: string;
  artist: string;
  playlistId: string;
  playlistName: string;
}

/** A chain: find an album, file each of its songs into a playlist of mine; what was there stays. */
export default defineTask<P>({
  goal: (p) => `把${p.artist}的专辑《${p.album}》里的每一首歌都收藏到我的歌单“${p.playlistName}”里，歌单原来的歌保留。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist', 'album', 'search'],
  params: spreadParam('_pick', ['albumId', 'album', 'artist', 'playlistId', 'playlistName'], (state, rng) => {
    const m = musicOf(state);
    const pl = rng.pick(myPlaylists(m));
    // An album none of whose songs is in the playlist yet: each one must be added.
    const albums = m.albums.filter((a) => !m.songs.some((s) => s.albumId === a.id && pl.songIds.includes(s.id)));
    if (albums.length === 0) return null;
    const a = rng.pick(albums);
    return { albumId: a.id, album: a.title, artist: artistName(m, a.artistId), playlistId: pl.id, playlistName: pl.name };
  }),
  checkGoals: (input, p) => {
    const m = musicOf(input.init);
    const want = m.songs.filter((s) => s.albumId === p.albumId).map((s) => s.id);
    const before = playlistById(m, p.playlistId)!.songIds;
    const after = playlistById(musicOf(input.final), p.playlistId)?.songIds ?? [];
    return [
      criteria.that(`every song of 《${p.album}》 is in the playlist`, want.every((id) => after.includes(id)), { expected: want.join(','), actual: after.join(','), path: `apps.music.playlists[${p.playlistId}].songIds` }),
      criteria.equals('the songs it had stay, in order, and nothing else came in', after.filter((id) => !want.includes(id)).join(','), before.join(',')),
    ];
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await searchFor(ui, p.album);
    await scrollAndTap(ui, `music.search.album.${p.albumId}`, 'music.search.results');
    const m = musicOf(ui.state);
    if (!albumById(m, p.albumId)) throw new Error(`no album ${p.albumId}`);
    for (const s of m.songs.filter((x) => x.albumId === p.albumId)) {
      await ui.scrollTo(`music.song.${s.id}.more`, { within: 'music.album.songs' });
      await ui.tap(`music.song.${s.id}.more`);
      await ui.tap('music.sheet.collect');
      await ui.tap(`music.collect.${p.playlistId}`);
    }
  },
});
