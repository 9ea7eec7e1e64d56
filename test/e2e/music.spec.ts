/**
 * 律动 in a real Chromium through the real bridge: a song searched and played, then moved on by the
 * virtual clock to the next one; a playlist made from the song sheet (a taken name refused first);
 * the launcher's media card pausing and skipping. Real taps and typing; the assertions read the
 * screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, tap, typeInto, readState as state } from './phonePage.ts';
import { currentSong, musicOf } from '../../tasks/music/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('search plays a song; when it ends the virtual clock starts the next one', async ({ browser }) => {
  const initial = createInitialState(5);
  const m = musicOf(initial);
  const song = m.songs.find((s) => !m.queue.includes(s.id))!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-music-play', initial, { app: 'music', path: '/search' });

  await typeInto(page, device, 'music.search.input', song.title);
  await page.keyboard.press('Enter');
  await tap(page, device, `music.song.${song.id}`);
  let s = musicOf((await state(device)).state);
  expect(currentSong(s)!.id).toBe(song.id);
  expect(s.player.status).toBe('playing');
  expect(s.searchHistory[0]).toBe(song.title);
  expect(s.queue[s.player.index + 1]).toBe(m.queue[m.player.index + 1]);

  await tap(page, device, 'music.mini');
  expect((await find(device, 'music.player.title')).text).toBe(song.title);
  await device.call('settle', { advanceMs: song.durationSec * 1000 + 1000 });
  s = musicOf((await state(device)).state);
  const after = m.queue[m.player.index + 1]!;
  expect(currentSong(s)!.id).toBe(after);
  expect(s.plays.at(-1)!.songId).toBe(after);
  expect((await find(device, 'music.player.title')).text).toBe(s.songs.find((x) => x.id === after)!.title);
  await close();
});

test('收藏到歌单 → 新建歌单: a taken name is refused, a new one holds the song', async ({ browser }) => {
  const initial = createInitialState(6);
  const m = musicOf(initial);
  const taken = m.playlists.find((p) => p.mine)!.name;
  const album = m.albums[0]!;
  const song = m.songs.find((x) => x.albumId === album.id)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-music-playlist', initial, { app: 'music', path: `/album/${album.id}` });

  await tap(page, device, `music.song.${song.id}.more`);
  await tap(page, device, 'music.sheet.collect');
  await tap(page, device, 'music.collect.new');
  await typeInto(page, device, 'music.name.input', taken);
  await tap(page, device, 'music.name.save');
  expect((await find(device, 'music.name.problem')).text).toBe('已有同名歌单');
  expect(musicOf((await state(device)).state).playlists).toHaveLength(m.playlists.length);

  await tap(page, device, 'music.name.input');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('雨天专属');
  await tap(page, device, 'music.name.save');
  const made = musicOf((await state(device)).state).playlists.find((p) => p.name === '雨天专属');
  expect(made).toMatchObject({ mine: true, songIds: [song.id] });
  await close();
});

test('the launcher card pauses and skips what 律动 plays', async ({ browser }) => {
  const initial = createInitialState(7);
  const m = musicOf(initial);
  m.player.index = 0;
  Object.assign(m.player, { status: 'playing', positionMs: 10_000, anchorAt: initial.os.time.timestamp, mode: 'loop' });
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-music-launcher', initial, { app: 'home', path: '/' });

  expect((await find(device, 'home.music')).text).toContain(currentSong(m)!.title);
  await tap(page, device, 'home.music.next');
  let s = musicOf((await state(device)).state);
  expect(currentSong(s)!.id).toBe(m.queue[1]);
  await tap(page, device, 'home.music.toggle');
  s = musicOf((await state(device)).state);
  expect(s.player.status).toBe('paused');
  expect((await find(device, 'home.music.toggle')).text).toBe('播放');
  await tap(page, device, 'home.music');
  expect((await state(device)).route).toEqual({ app: 'music', path: '/player' });
  await close();
});
