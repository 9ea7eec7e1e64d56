/**
 * 律动's slice of the phone state: `state.apps.music`. Plain JSON only. The catalogue (artists,
 * albums, songs) is seeded and read-only; the listener's own data (liked songs, playlists, the
 * play queue, the player, search history, the play log) changes. Playback follows the virtual
 * clock: while playing, the position is `positionMs + (now - anchorAt)`, and the catalog's
 * `timePassed` hook moves to the next song when one ends. Documented field by field in ./README.md.
 */

export interface Artist {
  /** `ar_01` … */
  id: string;
  name: string;
  /** 流行 / 民谣 / 摇滚 …, one of GENRES (./data.ts). */
  genre: string;
  /** Followers, shown as 粉丝. */
  fans: number;
}

export interface Album {
  /** `ab_01` … */
  id: string;
  title: string;
  artistId: string;
  /** Release year. */
  year: number;
}

export interface Song {
  /** `s_001` … */
  id: string;
  title: string;
  artistId: string;
  albumId: string;
  /** Length in whole seconds. */
  durationSec: number;
}

export interface Playlist {
  /** `pl_01` …; a new playlist takes max+1. */
  id: string;
  name: string;
  /** true: made by me (rename, add, remove, reorder, delete); false: a recommended playlist. */
  mine: boolean;
  /** Song ids in play order (no repeats). */
  songIds: string[];
  /** One line under the name ('' for mine). */
  description: string;
  /** 播放量 shown on recommended covers. */
  plays: number;
}

/**
 * 顺序播放 (the queue ends after its last song), 列表循环 (back to the first), 单曲循环 (the song
 * again), 随机播放 (a song drawn from the rest of the queue).
 */
export type PlayMode = 'order' | 'loop' | 'one' | 'shuffle';
export const PLAY_MODES: readonly PlayMode[] = ['order', 'loop', 'one', 'shuffle'];

export interface Player {
  /** The index in `queue` of the current song, -1 with an empty queue. */
  index: number;
  /** `playing` or `paused` (an empty queue is paused). */
  status: 'playing' | 'paused';
  /** The position (ms) at `anchorAt` while playing, or where it was paused. */
  positionMs: number;
  /** While playing: the virtual ms the position was last set at; null while paused. */
  anchorAt: number | null;
  mode: PlayMode;
}

/** One song started (by the listener or by the queue moving on). */
export interface PlayRecord {
  songId: string;
  /** Virtual ms it started. */
  at: number;
}

export interface MusicState {
  /** Ordered by id. */
  artists: Artist[];
  /** Ordered by id. */
  albums: Album[];
  /** Ordered by id. */
  songs: Song[];
  /** Recommended playlists first (in 首页 order), then mine (in 我的 order). */
  playlists: Playlist[];
  /** 每日推荐: song ids. */
  daily: string[];
  /** 我喜欢的音乐: song ids, most recently liked first. */
  liked: string[];
  /** The play queue: song ids in play order (no repeats). */
  queue: string[];
  player: Player;
  /** Searches, most recent first, at most SEARCH_HISTORY_MAX. */
  searchHistory: string[];
  /** 最近播放, oldest first, at most PLAY_LOG_MAX. */
  plays: PlayRecord[];
}
