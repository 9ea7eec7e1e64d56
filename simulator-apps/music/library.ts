/**
 * 律动's library rules, pure: liked songs, my playlists (create, rename, delete, add, remove,
 * reorder) and search with its history. Apart from ./logic.ts (the player and the queue) to keep
 * each file to one subject. Rules edit the slice in place; tasks and tests call them on JSON.
 */
import { nextId } from '../shared/ids.ts';
import { albumById, artistName, isLiked, LIKED_ID, myPlaylists, playlistById, songById } from './logic.ts';
import type { Album, Artist, MusicState, Playlist, Song } from './types.ts';

export const SEARCH_HISTORY_MAX = 10;
export const PLAYLIST_NAME_MAX = 20;

// ---------------------------------------------------------------------------------------------
// Likes and playlists

/** ♥: liked songs go first in 我喜欢的音乐; returns whether it is liked now. */
export function toggleLike(s: MusicState, songId: string): boolean {
  if (!songById(s, songId)) throw new Error(`no song ${songId}`);
  if (s.liked.includes(songId)) {
    s.liked = s.liked.filter((id) => id !== songId);
    return false;
  }
  s.liked.unshift(songId);
  return true;
}

/** Why a playlist name cannot be used (blank, too long, taken by another of mine), or null. */
export function playlistNameProblem(s: MusicState, name: string, exceptId: string | null = null): string | null {
  const n = name.trim();
  if (n === '') return '请输入歌单名称';
  if ([...n].length > PLAYLIST_NAME_MAX) return `歌单名称最多${PLAYLIST_NAME_MAX}个字`;
  if (n === '我喜欢的音乐' || myPlaylists(s).some((p) => p.id !== exceptId && p.name === n)) return '已有同名歌单';
  return null;
}

/** A new playlist of mine, first in 我的 (after the recommended ones in the array); returns it. */
export function createPlaylist(s: MusicState, name: string): Playlist {
  const problem = playlistNameProblem(s, name);
  if (problem) throw new Error(problem);
  const p: Playlist = { id: nextId(s.playlists.map((x) => x.id), 'pl_', 2), name: name.trim(), mine: true, songIds: [], description: '', plays: 0 };
  const firstMine = s.playlists.findIndex((x) => x.mine);
  s.playlists.splice(firstMine < 0 ? s.playlists.length : firstMine, 0, p);
  return p;
}

function minePlaylist(s: MusicState, id: string): Playlist {
  const p = playlistById(s, id);
  if (!p || !p.mine) throw new Error(`no playlist of mine ${id}`);
  return p;
}

export function renamePlaylist(s: MusicState, id: string, name: string): void {
  const problem = playlistNameProblem(s, name, id);
  if (problem) throw new Error(problem);
  minePlaylist(s, id).name = name.trim();
}

export function deletePlaylist(s: MusicState, id: string): void {
  minePlaylist(s, id);
  s.playlists = s.playlists.filter((p) => p.id !== id);
}

/** Adds a song at the end of a playlist of mine (or likes it, for LIKED_ID); false when it is already there. */
export function addToPlaylist(s: MusicState, id: string, songId: string): boolean {
  if (!songById(s, songId)) throw new Error(`no song ${songId}`);
  if (id === LIKED_ID) return isLiked(s, songId) ? false : toggleLike(s, songId);
  const p = minePlaylist(s, id);
  if (p.songIds.includes(songId)) return false;
  p.songIds.push(songId);
  return true;
}

export function removeFromPlaylist(s: MusicState, id: string, songId: string): void {
  if (id === LIKED_ID) {
    s.liked = s.liked.filter((x) => x !== songId);
    return;
  }
  const p = minePlaylist(s, id);
  p.songIds = p.songIds.filter((x) => x !== songId);
}

/** Moves the song at `from` to `to` in a playlist of mine (the 上移 / 下移 / 置顶 buttons). */
export function moveInPlaylist(s: MusicState, id: string, from: number, to: number): void {
  const p = minePlaylist(s, id);
  if (from < 0 || from >= p.songIds.length) return;
  const [songId] = p.songIds.splice(from, 1);
  p.songIds.splice(Math.min(Math.max(0, to), p.songIds.length), 0, songId!);
}

// ---------------------------------------------------------------------------------------------
// Search

export interface SearchResults {
  songs: Song[];
  artists: Artist[];
  albums: Album[];
}

/** Songs whose title, artist or album contains the words; artists and albums by name. Case and spaces do not matter. */
export function search(s: MusicState, query: string): SearchResults {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (q === '') return { songs: [], artists: [], albums: [] };
  const has = (text: string) => text.toLowerCase().replace(/\s+/g, '').includes(q);
  return {
    songs: s.songs.filter((x) => has(x.title) || has(artistName(s, x.artistId)) || has(albumById(s, x.albumId)?.title ?? '')),
    artists: s.artists.filter((a) => has(a.name) || a.genre.toLowerCase() === q),
    albums: s.albums.filter((a) => has(a.title) || has(artistName(s, a.artistId))),
  };
}

/** A search is remembered first in the history (once). */
export function rememberSearch(s: MusicState, query: string): void {
  const q = query.trim();
  if (q === '') return;
  s.searchHistory = [q, ...s.searchHistory.filter((x) => x !== q)].slice(0, SEARCH_HISTORY_MAX);
}

export function clearSearchHistory(s: MusicState): void {
  s.searchHistory = [];
}
