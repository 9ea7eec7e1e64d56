/**
 * Seed data for 律动: 16 artists with 24 albums of 4 songs each (96 songs, every title unique), 6
 * recommended playlists, 3 of my own, 10-14 liked songs, 8 daily picks, a play queue taken from a
 * recommended playlist (paused part-way into a song, so nothing moves with the clock until the
 * listener presses play), a few searches and the last plays. Pure.
 */
import type { Rng } from '../shared/rng.ts';
import { pad2 } from '../shared/dates.ts';
import { ALBUM_TITLES, ARTIST_POOL, MY_PLAYLIST_NAMES, PLAYLIST_POOL, SEARCH_WORDS, SONG_TITLES } from './data.ts';
import type { Album, Artist, MusicState, Playlist, PlayRecord, Song } from './types.ts';

export interface MusicSeedContext {
  now: number;
  timezone: string;
}

export const SONGS_PER_ALBUM = 4;
const MINUTE = 60_000;

function createCatalogue(rng: Rng): { artists: Artist[]; albums: Album[]; songs: Song[] } {
  const artists: Artist[] = rng.shuffle(ARTIST_POOL).map(([name, genre], i) => ({ id: `ar_${pad2(i + 1)}`, name, genre, fans: rng.int(3, 900) * 1000 + rng.int(0, 999) }));
  // 24 albums: every artist has one, eight of them a second.
  const owners = [...artists.map((a) => a.id), ...rng.sample(artists.map((a) => a.id), ALBUM_TITLES.length - artists.length)];
  const titles = rng.shuffle(ALBUM_TITLES);
  const albums: Album[] = owners.map((artistId, i) => ({ id: `ab_${pad2(i + 1)}`, title: titles[i]!, artistId, year: rng.int(2014, 2026) }));
  const songTitles = rng.shuffle(SONG_TITLES);
  const songs: Song[] = [];
  for (const album of albums) {
    for (let t = 0; t < SONGS_PER_ALBUM; t++) {
      const n = songs.length + 1;
      songs.push({ id: `s_${String(n).padStart(3, '0')}`, title: songTitles[n - 1]!, artistId: album.artistId, albumId: album.id, durationSec: rng.int(150, 300) });
    }
  }
  return { artists, albums, songs };
}

function createPlaylists(rng: Rng, songIds: readonly string[]): Playlist[] {
  const recommended = rng.sample(PLAYLIST_POOL, 6).map(([name, description], i): Playlist => ({ id: `pl_${pad2(i + 1)}`, name, mine: false, songIds: rng.sample(songIds, rng.int(8, 12)), description, plays: rng.int(12, 9800) * 1000 }));
  const mine = rng.sample(MY_PLAYLIST_NAMES, 3).map((name, i): Playlist => ({ id: `pl_${pad2(recommended.length + i + 1)}`, name, mine: true, songIds: rng.sample(songIds, rng.int(4, 9)), description: '', plays: 0 }));
  return [...recommended, ...mine];
}

export function createMusicState(rng: Rng, ctx: MusicSeedContext): MusicState {
  const { artists, albums, songs } = createCatalogue(rng.fork('catalogue'));
  const ids = songs.map((s) => s.id);
  const playlists = createPlaylists(rng.fork('playlists'), ids);
  const own = rng.fork('listener');
  const liked = own.sample(ids, own.int(10, 14));
  const daily = own.sample(ids, 8);
  const source = own.pick(playlists.filter((p) => !p.mine));
  const queue = source.songIds.slice();
  const index = own.int(0, 2);
  const current = songs.find((s) => s.id === queue[index])!;
  const positionMs = own.int(20, current.durationSec - 30) * 1000;
  // The last plays: the queue up to the current song, after a few earlier ones, a few minutes apart.
  const earlier = own.sample(ids.filter((id) => !queue.includes(id)), own.int(4, 7));
  const played = [...earlier, ...queue.slice(0, index + 1)];
  let at = ctx.now - positionMs;
  const plays: PlayRecord[] = [];
  for (let i = played.length - 1; i >= 0; i--) {
    plays.unshift({ songId: played[i]!, at });
    at -= own.int(3, 40) * MINUTE;
  }
  return {
    artists,
    albums,
    songs,
    playlists,
    daily,
    liked,
    queue,
    player: { index, status: 'paused', positionMs, anchorAt: null, mode: own.pick(['loop', 'loop', 'order', 'shuffle'] as const) },
    searchHistory: own.sample(SEARCH_WORDS, own.int(3, 5)),
    plays,
  };
}
