/**
 * Shared pieces of the 律动 suite: typed access to the music slice, parameter builders that draw
 * songs and playlists a goal can name without ambiguity (every title is unique in the catalogue),
 * the paths playing and searching change, the checks of a song played, and oracle moves on
 * `data-ui` keys (tabs, search, playlists, the song sheet, player and queue).
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { albumById, artistName, currentSong, durationText, listSongs, myPlaylists, playlistById, songById, totalSeconds, totalText } from '../../simulator-apps/music/logic.ts';
import type { MusicState, Playlist, Song } from '../../simulator-apps/music/types.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { albumById, artistName, currentSong, durationText, listSongs, myPlaylists, playlistById, songById, totalSeconds, totalText };
export type { MusicState, Playlist, Song };

export function musicOf(state: PhoneState): MusicState {
  return state.apps.music as unknown as MusicState;
}

/** A path and everything under it (an array's elements), as expected changes. */
const under = (path: string): string[] => [path, `${path}.**`];
/** What playing songs changes: the queue, the player (not its mode) and the play log. */
export const PLAY_CHANGES: readonly string[] = [...under('apps.music.queue'), ...under('apps.music.plays'), ...['index', 'status', 'positionMs', 'anchorAt'].map((f) => `apps.music.player.${f}`)];
/** Searching remembers the words. */
export const SEARCH_CHANGES: readonly string[] = under('apps.music.searchHistory');

export interface SongParams extends Record<string, unknown> {
  songId: string;
  title: string;
  artist: string;
}

/** The `_song` parameter: a song passing `where`, spread into songId, title and artist. */
export function songParam(where: (s: Song, m: MusicState) => boolean = () => true, name = '_song', fields: [string, string, string] = ['songId', 'title', 'artist']): Record<string, ParamSpec> {
  return spreadParam(name, fields, (state, rng) => {
    const m = musicOf(state);
    const pool = m.songs.filter((x) => where(x, m));
    if (pool.length === 0) return null;
    const s = rng.pick(pool);
    return { [fields[0]]: s.id, [fields[1]]: s.title, [fields[2]]: artistName(m, s.artistId) };
  });
}

export interface PlaylistParams extends Record<string, unknown> {
  playlistId: string;
  playlistName: string;
}

/** The `_playlist` parameter: one of my playlists passing `where`, spread into playlistId and playlistName. */
export function myPlaylistParam(where: (p: Playlist, m: MusicState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_playlist', ['playlistId', 'playlistName'], (state, rng) => {
    const m = musicOf(state);
    const pool = myPlaylists(m).filter((p) => where(p, m));
    return pool.length ? (({ id, name }) => ({ playlistId: id, playlistName: name }))(rng.pick(pool)) : null;
  });
}

/** Song ids started during the episode, in order (the play log's records from the start on). */
export function newPlays(input: JudgeInput): string[] {
  const from = input.init.os.time.timestamp;
  return musicOf(input.final).plays.filter((r) => r.at >= from).map((r) => r.songId);
}

/** The goal of playing a song: it was started during the episode and the player is playing. */
export function playedCriteria(input: JudgeInput, songId: string, title: string): Criterion[] {
  const played = newPlays(input);
  return [
    criteria.that(`《${title}》 was played`, played.includes(songId), { expected: songId, actual: played.join(',') || 'nothing played', path: 'apps.music.plays' }),
    criteria.equals('the player is playing', musicOf(input.final).player.status, 'playing', 'apps.music.player.status'),
  ];
}

/** A title none of the catalogue's songs has (for infeasible goals). */
export const MADE_UP_SONGS = ['星空下的约定', '风吹过的夏天', '蓝色海岸线', '第九个月亮', '银色秋千', '不眠的港口'] as const;

// --- oracle moves ---------------------------------------------------------------------------

export type MusicTabName = 'home' | 'search' | 'me';

/** From anywhere (another app, a sheet, a pushed screen) to one of 律动's tabs. */
export async function openMusicTab(ui: OracleUi, tab: MusicTabName): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (ui.route.app !== 'music') await ui.openApp('music');
    else if (!ui.find('music.tab.home') || ui.find('music.sheet') || ui.find('music.collect') || ui.find('music.name.dialog')) await ui.back();
    else break;
  }
  await ui.tap(`music.tab.${tab}`);
}

/** 搜索: types the words and presses Enter (remembered in the history). */
export async function searchFor(ui: OracleUi, words: string): Promise<void> {
  await openMusicTab(ui, 'search');
  await ui.type('music.search.input', words, { clear: true });
  await ui.pressEnter();
}

/** Searches a song by its title and taps it in the results (it plays). */
export async function playFromSearch(ui: OracleUi, songId: string, title: string): Promise<void> {
  await searchFor(ui, title);
  await scrollAndTap(ui, `music.song.${songId}`, 'music.search.results');
}

/** Searches a song by its title and opens its ⋮ sheet from the results. */
export async function songMenuFromSearch(ui: OracleUi, songId: string, title: string): Promise<void> {
  await searchFor(ui, title);
  await scrollAndTap(ui, `music.song.${songId}.more`, 'music.search.results');
}

/** 我的 → one of my playlists (or 我喜欢的音乐 with `liked`). */
export async function openMyList(ui: OracleUi, id: string): Promise<void> {
  await openMusicTab(ui, 'me');
  if (id === 'liked') await ui.tap('music.me.liked');
  else await scrollAndTap(ui, `music.me.playlist.${id}`, 'music.me.list');
}

/** 我的 → a playlist of mine → 管理. */
export async function openPlaylistEdit(ui: OracleUi, id: string): Promise<void> {
  await openMyList(ui, id);
  await ui.tap('music.list.edit');
}

/** The full player, from a tab's mini player. */
export async function openPlayer(ui: OracleUi): Promise<void> {
  await openMusicTab(ui, 'home');
  await ui.tap('music.mini');
}

/** 播放列表 (the queue), from a tab's mini player. */
export async function openQueue(ui: OracleUi): Promise<void> {
  await openMusicTab(ui, 'home');
  await ui.tap('music.mini.queue');
}

/** The first song of the catalogue (by id) that is not in `ids`. */
export function songNotIn(m: MusicState, ids: readonly string[], rng: Rng): Song {
  return rng.pick(m.songs.filter((s) => !ids.includes(s.id)));
}
