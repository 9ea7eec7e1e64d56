/**
 * 律动's screens and their paths. Pure. Three tabs (首页, 搜索, 我的), a playlist (a recommended
 * one, one of mine, or 我喜欢的音乐 as `liked`) and its edit page, an album, an artist, 每日推荐,
 * 最近播放, the full-screen player and the play queue.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type MusicTab = '/' | '/search' | '/me';
export const MUSIC_TABS: readonly MusicTab[] = ['/', '/search', '/me'];

export type MusicScreen =
  | { screen: 'home' }
  | { screen: 'search' }
  | { screen: 'me' }
  | { screen: 'playlist'; playlistId: string }
  | { screen: 'playlistEdit'; playlistId: string }
  | { screen: 'album'; albumId: string }
  | { screen: 'artist'; artistId: string }
  | { screen: 'daily' }
  | { screen: 'recent' }
  | { screen: 'player' }
  | { screen: 'queue' }
  | { screen: 'notFound'; path: string };

export const MUSIC_ROOT = '/';

const patterns: RoutePattern<MusicScreen>[] = [
  [/^\/$/, () => ({ screen: 'home' })],
  [/^\/search$/, () => ({ screen: 'search' })],
  [/^\/me$/, () => ({ screen: 'me' })],
  [new RegExp(`^/playlist/${ID}$`), (m) => ({ screen: 'playlist', playlistId: m[1]! })],
  [new RegExp(`^/playlist/${ID}/edit$`), (m) => ({ screen: 'playlistEdit', playlistId: m[1]! })],
  [new RegExp(`^/album/${ID}$`), (m) => ({ screen: 'album', albumId: m[1]! })],
  [new RegExp(`^/artist/${ID}$`), (m) => ({ screen: 'artist', artistId: m[1]! })],
  [/^\/daily$/, () => ({ screen: 'daily' })],
  [/^\/recent$/, () => ({ screen: 'recent' })],
  [/^\/player$/, () => ({ screen: 'player' })],
  [/^\/queue$/, () => ({ screen: 'queue' })],
];

export function parseMusicPath(path: string): MusicScreen {
  return matchRoute(patterns, path.split('?')[0]!, path);
}

export const playlistPath = (id: string): string => `/playlist/${id}`;
export const albumPath = (id: string): string => `/album/${id}`;
export const artistPath = (id: string): string => `/artist/${id}`;

/** The back stack a deep link implies. */
export function musicRouteStack(path: string): string[] {
  const s = parseMusicPath(path);
  switch (s.screen) {
    case 'home':
      return [MUSIC_ROOT];
    case 'search':
    case 'me':
      return [path];
    case 'playlistEdit':
      return ['/me', playlistPath(s.playlistId), path];
    case 'playlist':
    case 'recent':
      return ['/me', path];
    case 'album':
    case 'artist':
    case 'daily':
    case 'player':
    case 'queue':
    case 'notFound':
      return [MUSIC_ROOT, path];
  }
}
