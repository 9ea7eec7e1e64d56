import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createMusicState } from '../../simulator-apps/music/seed.ts';
import { addToPlaylist, createPlaylist, moveInPlaylist, playlistNameProblem, removeFromPlaylist, search, toggleLike } from '../../simulator-apps/music/library.ts';
import {
  addToQueue,
  clearQueue,
  currentSong,
  lyricsOf,
  musicTimePassed,
  next,
  pause,
  playList,
  playNext,
  playSong,
  positionAt,
  previous,
  readNowPlaying,
  removeFromQueue,
  resume,
  validateMusicState,
} from '../../simulator-apps/music/logic.ts';
import type { MusicState } from '../../simulator-apps/music/types.ts';

const seeded = (seed = 1) => {
  const state = createInitialState(seed);
  return { music: state.apps.music as unknown as MusicState, now: state.os.time.timestamp };
};

describe('律动 seed', () => {
  it('is deterministic, valid, paused, and under 50 KB at seeds 1-20', () => {
    expect(JSON.stringify(createInitialState(3).apps.music)).toBe(JSON.stringify(createInitialState(3).apps.music));
    const now = createInitialState(1).os.time.timestamp;
    for (let seed = 1; seed <= 20; seed++) {
      const music = createMusicState(new Rng(seed), { now, timezone: 'Asia/Shanghai' });
      expect(validateMusicState(music)).toBeNull();
      expect(JSON.stringify(music).length).toBeLessThan(50_000);
      expect(music.player.status).toBe('paused');
      expect(new Set(music.songs.map((s) => s.title)).size).toBe(music.songs.length);
      expect(currentSong(music)).toBeDefined();
    }
    expect(JSON.stringify(seeded(1).music.queue)).not.toBe(JSON.stringify(seeded(2).music.queue));
  });

  it('refuses a slice with a broken player, naming the field', () => {
    const { music } = seeded();
    expect(validateMusicState({ ...music, player: { ...music.player, status: 'playing', anchorAt: null } })).toMatch(/apps\.music\.player\.anchorAt/);
    expect(validateMusicState({ ...music, player: { ...music.player, index: 999 } })).toMatch(/apps\.music\.player\.index/);
  });
});

describe('律动 player on the virtual clock', () => {
  it('advances the position, starts the next song when one ends, and logs it', () => {
    const { music: m, now } = seeded();
    playList(m, m.queue, 0, now);
    const first = currentSong(m)!;
    expect(musicTimePassed(m, now, now + 10_000)).toBeNull(); // nothing ended: the slice is untouched
    expect(positionAt(m, now + 10_000)).toBe(10_000);
    const end = now + first.durationSec * 1000;
    expect(musicTimePassed(m, now, end + 5_000)).toEqual({ effect: null });
    expect(currentSong(m)!.id).toBe(m.queue[1]);
    expect(m.plays.at(-1)).toEqual({ songId: m.queue[1], at: end });
    expect(positionAt(m, end + 5_000)).toBe(5_000);
  });

  it('stops at the end of the queue in 顺序播放 and loops in 列表循环', () => {
    const { music: m, now } = seeded();
    m.player.mode = 'order';
    playList(m, m.queue, m.queue.length - 1, now);
    musicTimePassed(m, now, now + 3_600_000);
    expect(m.player).toMatchObject({ status: 'paused', index: m.queue.length - 1, positionMs: 0, anchorAt: null });
    m.player.mode = 'loop';
    playList(m, m.queue, m.queue.length - 1, now);
    musicTimePassed(m, now, now + currentSong(m)!.durationSec * 1000);
    expect(m.player.index).toBe(0);
    expect(m.player.status).toBe('playing');
  });

  it('pauses and resumes where it was; 上一首 restarts after 3 s, else goes back', () => {
    const { music: m, now } = seeded();
    playList(m, m.queue, 2, now);
    pause(m, now + 20_000);
    expect(positionAt(m, now + 99_000)).toBe(20_000);
    resume(m, now + 99_000);
    expect(positionAt(m, now + 100_000)).toBe(21_000);
    previous(m, now + 100_000);
    expect(m.player.index).toBe(2);
    previous(m, now + 101_000);
    expect(m.player.index).toBe(1);
    next(m, now + 102_000);
    next(m, now + 103_000);
    expect(m.player.index).toBe(3);
  });
});

describe('律动 queue', () => {
  it('下一首播放 goes right after the current song; the rest keep their order', () => {
    const { music: m } = seeded();
    const outside = m.songs.find((s) => !m.queue.includes(s.id))!.id;
    const before = [...m.queue];
    const current = currentSong(m)!.id;
    playNext(m, outside);
    expect(m.queue.indexOf(outside)).toBe(m.player.index + 1);
    expect(currentSong(m)!.id).toBe(current);
    expect(m.queue.filter((x) => x !== outside)).toEqual(before);
  });

  it('adds at the end once, removes the current song by moving on, and clears', () => {
    const { music: m, now } = seeded();
    const outside = m.songs.find((s) => !m.queue.includes(s.id))!.id;
    expect(addToQueue(m, outside)).toBe(true);
    expect(addToQueue(m, outside)).toBe(false);
    expect(m.queue.at(-1)).toBe(outside);
    const after = m.queue[m.player.index + 1];
    removeFromQueue(m, currentSong(m)!.id, now);
    expect(currentSong(m)!.id).toBe(after);
    clearQueue(m);
    expect(m.player.index).toBe(-1);
    expect(readNowPlaying(m)).toBeNull();
  });

  it('playing a searched song inserts it after the current one and logs the play', () => {
    const { music: m, now } = seeded();
    const outside = m.songs.find((s) => !m.queue.includes(s.id))!;
    const at = m.player.index + 1;
    playSong(m, outside.id, now);
    expect(m.queue[at]).toBe(outside.id);
    expect(readNowPlaying(m)).toMatchObject({ title: outside.title, playing: true });
    expect(m.plays.at(-1)).toEqual({ songId: outside.id, at: now });
  });
});

describe('律动 library', () => {
  it('likes and unlikes, newest first', () => {
    const { music: m } = seeded();
    const song = m.songs.find((s) => !m.liked.includes(s.id))!.id;
    expect(toggleLike(m, song)).toBe(true);
    expect(m.liked[0]).toBe(song);
    expect(toggleLike(m, song)).toBe(false);
    expect(m.liked).not.toContain(song);
  });

  it('makes, fills, reorders and empties a playlist; refuses a taken or blank name', () => {
    const { music: m } = seeded();
    const mine = m.playlists.find((p) => p.mine)!;
    expect(playlistNameProblem(m, mine.name)).toBe('已有同名歌单');
    expect(playlistNameProblem(m, '  ')).toBe('请输入歌单名称');
    const p = createPlaylist(m, '雨天专属');
    const [a, b, c] = m.songs;
    for (const s of [a!, b!, c!]) expect(addToPlaylist(m, p.id, s.id)).toBe(true);
    expect(addToPlaylist(m, p.id, a!.id)).toBe(false);
    moveInPlaylist(m, p.id, 2, 0);
    expect(p.songIds).toEqual([c!.id, a!.id, b!.id]);
    removeFromPlaylist(m, p.id, a!.id);
    expect(p.songIds).toEqual([c!.id, b!.id]);
  });

  it('finds songs by title, artist or album, and nothing for a made-up title', () => {
    const { music: m } = seeded();
    const song = m.songs[5]!;
    expect(search(m, song.title).songs.map((s) => s.id)).toContain(song.id);
    const artist = m.artists.find((a) => a.id === song.artistId)!;
    expect(search(m, artist.name).songs.every((s) => s.artistId === artist.id)).toBe(true);
    expect(search(m, '星空下的约定')).toEqual({ songs: [], artists: [], albums: [] });
  });

  it('draws eight lyric lines per song, the same every time', () => {
    const { music: m } = seeded();
    expect(lyricsOf(m.songs[0]!)).toHaveLength(8);
    expect(lyricsOf(m.songs[0]!)).toEqual(lyricsOf(m.songs[0]!));
    expect(lyricsOf(m.songs[0]!)).not.toEqual(lyricsOf(m.songs[1]!));
  });
});
