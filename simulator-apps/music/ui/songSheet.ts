/**
 * The one song sheet of 律动 (./SongSheet.svelte), opened from any song row or the player and drawn
 * by MusicApp over the whole app (above the mini player and the tab bar, outside every scroller).
 * MusicApp owns the reactive request; rows and the player ask for it through this context.
 */
import { getContext, setContext } from 'svelte';
import type { Song } from '../types.ts';

export interface SongSheetRequest {
  song: Song | null;
  /** A list of mine the sheet was opened from (从歌单中删除), or null. */
  listId: string | null;
  start: 'menu' | 'collect' | 'share';
}

const KEY = Symbol('music.songSheet');

export function provideSongSheet(request: SongSheetRequest): void {
  setContext(KEY, request);
}

/** Opens the sheet for a song (`start` straight on 收藏到歌单 or 分享). */
export function useSongSheet(): (song: Song, listId?: string | null, start?: SongSheetRequest['start']) => void {
  const request = getContext<SongSheetRequest | undefined>(KEY);
  return (song, listId = null, start = 'menu') => {
    if (!request) return;
    Object.assign(request, { song, listId, start });
  };
}
