/**
 * What the tasks that make a playlist share: the check of exactly one new playlist of mine with
 * a name and a set of songs, and the oracle's way of filing a song into a playlist by name (⋮ →
 * 收藏到歌单 → the playlist, or 新建歌单 the first time).
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { OracleUi } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { musicOf } from './_helpers.ts';

export const NEW_PLAYLIST_NAMES = ['雨天专属', '夜跑歌单', '周末早午餐', '车里循环', '安静写作业', '旅行BGM'] as const;

/** One new playlist of mine, named `name`, holding exactly `songIds` (in any order). */
export function newPlaylistCriteria(input: JudgeInput, name: string, songIds: readonly string[]): Criterion[] {
  const added = addedRecords(musicOf(input.init).playlists, musicOf(input.final).playlists);
  return oneAdded('exactly one new playlist', added, (p) => [
    criteria.equals('its name', p?.name ?? null, name),
    criteria.equals('its songs', p ? [...p.songIds].sort().join(',') : null, [...songIds].sort().join(',')),
  ]);
}

/** The new playlists' paths: the record the task makes is its expected change. */
export function addedPlaylistPaths(input: JudgeInput): string[] {
  return addedRecords(musicOf(input.init).playlists, musicOf(input.final).playlists).map((p) => `apps.music.playlists[${p.id}]`);
}

/** On a song's open sheet: 收藏到歌单 → the playlist named `name`, made first when there is none. */
export async function fileIntoPlaylist(ui: OracleUi, name: string): Promise<void> {
  await ui.tap('music.sheet.collect');
  const existing = musicOf(ui.state).playlists.find((p) => p.mine && p.name === name);
  if (existing) {
    await ui.scrollTo(`music.collect.${existing.id}`, { within: 'music.collect' });
    await ui.tap(`music.collect.${existing.id}`);
    return;
  }
  await ui.tap('music.collect.new');
  await ui.type('music.name.input', name, { clear: true });
  await ui.tap('music.name.save');
}
