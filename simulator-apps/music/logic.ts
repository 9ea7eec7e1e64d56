/**
 * 律动's rules, pure: look-ups, the player (play, pause, next, previous, modes), the queue, likes,
 * playlists, search, what the virtual clock does to a playing song (catalog.ts `timePassed`), the
 * launcher's now-playing card, and the slice's validation. Rules that change the state take the
 * slice (a draft inside `phone.update`) and edit it in place; tasks and tests call them on JSON.
 */
import { hashString } from '../shared/rng.ts';
import { LYRIC_LINES } from './data.ts';
import { PLAY_MODES, type Album, type Artist, type MusicState, type PlayMode, type Playlist, type Song } from './types.ts';

export const MUSIC_APP_ID = 'music';
export const PLAY_LOG_MAX = 30;
/** 上一首 within this far into a song goes to the previous song; later it starts the song again. */
export const RESTART_AFTER_MS = 3000;
/** A wait longer than this many songs (a day of 列表循环) stops the player rather than loop on. */
const MAX_SONGS_PER_WAIT = 500;
/** The id of 我喜欢的音乐 where a playlist id is expected (routes, the add-to-playlist sheet). */
export const LIKED_ID = 'liked';

// ---------------------------------------------------------------------------------------------
// Look-ups and labels

export const songById = (s: MusicState, id: string): Song | undefined => s.songs.find((x) => x.id === id);
export const albumById = (s: MusicState, id: string): Album | undefined => s.albums.find((x) => x.id === id);
export const artistById = (s: MusicState, id: string): Artist | undefined => s.artists.find((x) => x.id === id);
export const playlistById = (s: MusicState, id: string): Playlist | undefined => s.playlists.find((x) => x.id === id);
export const artistName = (s: MusicState, id: string): string => artistById(s, id)?.name ?? '未知歌手';
export const albumSongs = (s: MusicState, albumId: string): Song[] => s.songs.filter((x) => x.albumId === albumId);
export const artistSongs = (s: MusicState, artistId: string): Song[] => s.songs.filter((x) => x.artistId === artistId);
export const artistAlbums = (s: MusicState, artistId: string): Album[] => s.albums.filter((x) => x.artistId === artistId);
export const isLiked = (s: MusicState, songId: string): boolean => s.liked.includes(songId);
export const myPlaylists = (s: MusicState): Playlist[] => s.playlists.filter((p) => p.mine);
export const recommendedPlaylists = (s: MusicState): Playlist[] => s.playlists.filter((p) => !p.mine);

/** The songs of a list (a playlist, or 我喜欢的音乐 by LIKED_ID), unknown ids left out. */
export function listSongs(s: MusicState, listId: string): Song[] {
  const ids = listId === LIKED_ID ? s.liked : (playlistById(s, listId)?.songIds ?? []);
  return ids.map((id) => songById(s, id)).filter((x): x is Song => x !== undefined);
}

/** `3:07` for 187 s; `1:02:05` past an hour. */
export function durationText(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const ss = String(sec % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `38分12秒`, `1小时5分3秒`: a list's total length in words. */
export function totalText(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return `${h > 0 ? `${h}小时` : ''}${m}分${sec % 60}秒`;
}

export const totalSeconds = (songs: readonly Song[]): number => songs.reduce((n, x) => n + x.durationSec, 0);

/** `1.2万`, `356`: counts the way the app shows 播放量 and 粉丝. */
export function countText(n: number): string {
  if (n >= 100_000_000) return `${(n / 100_000_000).toFixed(1).replace(/\.0$/, '')}亿`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万`;
  return String(n);
}

export const MODE_LABELS: Record<PlayMode, string> = { order: '顺序播放', loop: '列表循环', one: '单曲循环', shuffle: '随机播放' };

/** Eight lyric lines for a song, drawn from its id (the same lines every time, nothing stored). */
export function lyricsOf(song: Pick<Song, 'id' | 'title'>): string[] {
  let h = hashString(song.id);
  const lines: string[] = [song.title];
  const used = new Set<number>();
  while (lines.length < 9) {
    h = hashString(`${h}:${song.id}`);
    const i = h % LYRIC_LINES.length;
    if (used.has(i)) continue;
    used.add(i);
    lines.push(LYRIC_LINES[i]!);
  }
  return lines.slice(1);
}

// ---------------------------------------------------------------------------------------------
// The player

export function currentSong(s: MusicState): Song | undefined {
  const id = s.queue[s.player.index];
  return id === undefined ? undefined : songById(s, id);
}

/** Where the current song is at `now`, in ms (clamped to its length). */
export function positionAt(s: MusicState, now: number): number {
  const p = s.player;
  const song = currentSong(s);
  if (!song) return 0;
  const at = p.status === 'playing' && p.anchorAt !== null ? p.positionMs + Math.max(0, now - p.anchorAt) : p.positionMs;
  return Math.min(at, song.durationSec * 1000);
}

function recordPlay(s: MusicState, songId: string, at: number): void {
  s.plays.push({ songId, at });
  if (s.plays.length > PLAY_LOG_MAX) s.plays.splice(0, s.plays.length - PLAY_LOG_MAX);
}

/** Starts the queue's song at `index` from the beginning, playing. */
function startAt(s: MusicState, index: number, now: number): void {
  s.player.index = index;
  s.player.positionMs = 0;
  s.player.anchorAt = now;
  s.player.status = 'playing';
  recordPlay(s, s.queue[index]!, now);
}

/** Replaces the queue with `songIds` (a playlist, an album, a search's songs) and plays the one at `start`. */
export function playList(s: MusicState, songIds: readonly string[], start: number, now: number): void {
  const ids = [...new Set(songIds)].filter((id) => songById(s, id));
  if (ids.length === 0) return;
  s.queue = ids;
  startAt(s, Math.min(Math.max(0, start), ids.length - 1), now);
}

/** Plays one song: the queue's copy when it is in the queue, else it goes in right after the current song. */
export function playSong(s: MusicState, songId: string, now: number): void {
  if (!songById(s, songId)) throw new Error(`no song ${songId}`);
  let i = s.queue.indexOf(songId);
  if (i < 0) {
    i = s.player.index + 1;
    s.queue.splice(i, 0, songId);
  }
  startAt(s, i, now);
}

export function pause(s: MusicState, now: number): void {
  if (s.player.status !== 'playing') return;
  s.player.positionMs = positionAt(s, now);
  s.player.anchorAt = null;
  s.player.status = 'paused';
}

export function resume(s: MusicState, now: number): void {
  if (s.player.status === 'playing' || !currentSong(s)) return;
  s.player.anchorAt = now;
  s.player.status = 'playing';
}

export function togglePlay(s: MusicState, now: number): void {
  if (s.player.status === 'playing') pause(s, now);
  else resume(s, now);
}

/** The index the shuffle draws after the current one: any other song of the queue, from the play log's length (deterministic). */
function shuffledNext(s: MusicState): number {
  const n = s.queue.length;
  if (n < 2) return s.player.index;
  const step = 1 + (hashString(`${s.queue[s.player.index]}|${s.plays.length}`) % (n - 1));
  return (s.player.index + step) % n;
}

/** 下一首 pressed: the next song (the first after the last, a drawn one in 随机播放); playing. */
export function next(s: MusicState, now: number): void {
  if (s.queue.length === 0) return;
  startAt(s, s.player.mode === 'shuffle' ? shuffledNext(s) : (s.player.index + 1) % s.queue.length, now);
}

/** 上一首 pressed: the song again when past its first seconds, else the one before (the last before the first). */
export function previous(s: MusicState, now: number): void {
  if (s.queue.length === 0) return;
  if (positionAt(s, now) > RESTART_AFTER_MS) startAt(s, s.player.index, now);
  else startAt(s, (s.player.index - 1 + s.queue.length) % s.queue.length, now);
}

/** The song after the current one when it ends by itself, or null when the queue is over (顺序播放 at the last song). */
function autoNext(s: MusicState): number | null {
  const { index, mode } = s.player;
  if (mode === 'one') return index;
  if (mode === 'shuffle') return shuffledNext(s);
  if (index + 1 < s.queue.length) return index + 1;
  return mode === 'loop' ? 0 : null;
}

/** The mode button: 列表循环 → 单曲循环 → 随机播放 → 顺序播放 → 列表循环. */
export function nextMode(mode: PlayMode): PlayMode {
  const cycle: PlayMode[] = ['loop', 'one', 'shuffle', 'order'];
  return cycle[(cycle.indexOf(mode) + 1) % cycle.length]!;
}

export function setMode(s: MusicState, mode: PlayMode): void {
  s.player.mode = mode;
}

/**
 * The virtual clock moved from `from` to `to`: while playing, each song that ends starts the next
 * (logged in `plays`), and the queue ending (顺序播放) pauses at the start of its last song. Changes
 * `s` only when a song ended (the position itself is read from `anchorAt`): returns null otherwise.
 */
export function musicTimePassed(s: MusicState, from: number, to: number): { effect: null } | null {
  const p = s.player;
  if (!(to > from) || p.status !== 'playing' || p.anchorAt === null) return null;
  let changed = false;
  for (let songs = 0; ; songs++) {
    const song = currentSong(s);
    if (!song) break;
    const end = p.anchorAt! + (song.durationSec * 1000 - p.positionMs);
    if (end > to) break;
    changed = true;
    const nextIndex = songs >= MAX_SONGS_PER_WAIT ? null : autoNext(s);
    if (nextIndex === null) {
      Object.assign(p, { status: 'paused', positionMs: 0, anchorAt: null });
      break;
    }
    startAt(s, nextIndex, end);
  }
  return changed ? { effect: null } : null;
}

// ---------------------------------------------------------------------------------------------
// The queue

/** 下一首播放: right after the current song (moved there when it is already queued). */
export function playNext(s: MusicState, songId: string): void {
  if (!songById(s, songId)) throw new Error(`no song ${songId}`);
  const current = s.queue[s.player.index];
  if (current === undefined) {
    s.queue = [songId];
    Object.assign(s.player, { index: 0, positionMs: 0, anchorAt: null, status: 'paused' });
    return;
  }
  if (current === songId) return;
  s.queue = s.queue.filter((id) => id !== songId);
  const at = s.queue.indexOf(current) + 1;
  s.queue.splice(at, 0, songId);
  s.player.index = at - 1;
}

/** 添加到播放列表: at the end; false when it is already queued. */
export function addToQueue(s: MusicState, songId: string): boolean {
  if (!songById(s, songId)) throw new Error(`no song ${songId}`);
  if (s.queue.includes(songId)) return false;
  s.queue.push(songId);
  if (s.player.index < 0) Object.assign(s.player, { index: 0, positionMs: 0, anchorAt: null, status: 'paused' });
  return true;
}

/** Removes a song from the queue; removing the current song plays (or cues, when paused) the one after it. */
export function removeFromQueue(s: MusicState, songId: string, now: number): void {
  const i = s.queue.indexOf(songId);
  if (i < 0) return;
  const wasCurrent = i === s.player.index;
  const playing = s.player.status === 'playing';
  s.queue.splice(i, 1);
  if (s.queue.length === 0) return clearQueue(s);
  if (i < s.player.index) s.player.index -= 1;
  else if (wasCurrent) {
    const at = i % s.queue.length;
    if (playing) startAt(s, at, now);
    else Object.assign(s.player, { index: at, positionMs: 0, anchorAt: null });
  }
}

export function clearQueue(s: MusicState): void {
  s.queue = [];
  Object.assign(s.player, { index: -1, status: 'paused', positionMs: 0, anchorAt: null });
}

// ---------------------------------------------------------------------------------------------
// The launcher's now-playing card (the OS's media controls)

export interface NowPlaying {
  title: string;
  artist: string;
  playing: boolean;
}

/** What the launcher card shows, read loosely (a state without the slice, or an empty queue: null). */
export function readNowPlaying(slice: unknown): NowPlaying | null {
  if (validateMusicState(slice) !== null) return null;
  const s = slice as MusicState;
  const song = currentSong(s);
  return song ? { title: song.title, artist: artistName(s, song.artistId), playing: s.player.status === 'playing' } : null;
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Why a slice cannot be shown (naming the field), or null. */
export function validateMusicState(slice: unknown): string | null {
  if (!isObj(slice)) return 'apps.music must be an object';
  const s = slice as Partial<Record<keyof MusicState, unknown>>;
  for (const key of ['artists', 'albums', 'songs', 'playlists', 'plays'] as const) if (!Array.isArray(s[key])) return `apps.music.${key} must be an array`;
  for (const key of ['daily', 'liked', 'queue', 'searchHistory'] as const) if (!isStrings(s[key])) return `apps.music.${key} must be an array of strings`;
  for (const [i, a] of (s.artists as unknown[]).entries()) if (!isObj(a) || typeof a.id !== 'string' || typeof a.name !== 'string') return `apps.music.artists[${i}] must have id and name`;
  for (const [i, a] of (s.albums as unknown[]).entries()) if (!isObj(a) || typeof a.id !== 'string' || typeof a.title !== 'string' || typeof a.artistId !== 'string') return `apps.music.albums[${i}] must have id, title and artistId`;
  for (const [i, x] of (s.songs as unknown[]).entries()) {
    if (!isObj(x) || typeof x.id !== 'string' || typeof x.title !== 'string' || typeof x.albumId !== 'string' || typeof x.artistId !== 'string') return `apps.music.songs[${i}] must have id, title, artistId and albumId`;
    if (!Number.isInteger(x.durationSec) || (x.durationSec as number) <= 0) return `apps.music.songs[${i}].durationSec must be a positive whole number of seconds`;
  }
  for (const [i, p] of (s.playlists as unknown[]).entries()) {
    if (!isObj(p) || typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.mine !== 'boolean' || !isStrings(p.songIds)) return `apps.music.playlists[${i}] must have id, name, mine and songIds`;
  }
  for (const [i, r] of (s.plays as unknown[]).entries()) if (!isObj(r) || typeof r.songId !== 'string' || !isNum(r.at)) return `apps.music.plays[${i}] must be { songId, at }`;
  const p = s.player;
  if (!isObj(p)) return 'apps.music.player must be an object';
  if (!Number.isInteger(p.index) || (p.index as number) < -1 || (p.index as number) >= (s.queue as string[]).length) return 'apps.music.player.index must be -1 or an index into apps.music.queue';
  if ((s.queue as string[]).length > 0 && p.index === -1) return 'apps.music.player.index must point at a song while the queue has songs';
  if (p.status !== 'playing' && p.status !== 'paused') return 'apps.music.player.status must be playing or paused';
  if (!isNum(p.positionMs) || (p.positionMs as number) < 0) return 'apps.music.player.positionMs must be a number, 0 or more';
  if (p.status === 'playing' ? !isNum(p.anchorAt) : p.anchorAt !== null) return 'apps.music.player.anchorAt must be a number while playing and null while paused';
  if (!(PLAY_MODES as readonly unknown[]).includes(p.mode)) return `apps.music.player.mode must be one of ${PLAY_MODES.join(', ')}`;
  return null;
}
