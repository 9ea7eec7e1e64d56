/**
 * Shared pieces of the 相册 suite: typed access to the photos slice, parameter builders that draw
 * photos, places, days and albums a goal can name without ambiguity, the checks its tasks share
 * (nothing else deleted, cards shared to a chat), and oracle moves on `data-ui` keys (the tabs, a
 * photo's viewer, an album, select mode). Files starting with `_` are not tasks.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { KIND_WORDS } from '../../simulator-apps/photos/data.ts';
import { albumPhotos, dayOf, dayText, livePhotos, placeById, takenText, trashPhotos, type AlbumRef } from '../../simulator-apps/photos/logic.ts';
import type { Album, Photo, PhotosState, Place } from '../../simulator-apps/photos/types.ts';
import { spreadParam } from '../_shared/params.ts';
import { newMessages } from '../chat/_helpers.ts';

export { clearChatDraft } from '../clock/_helpers.ts';

export { albumPhotos, dayOf, dayText, KIND_WORDS, livePhotos, placeById, takenText, trashPhotos };
export type { Album, AlbumRef, Photo, PhotosState, Place };

export function photosOf(state: PhoneState): PhotosState {
  return state.apps.photos as unknown as PhotosState;
}

export function photoOf(state: PhoneState, id: string): Photo {
  const p = photosOf(state).photos.find((x) => x.id === id);
  if (!p) throw new Error(`no photo ${id}`);
  return p;
}

export const tz = (state: PhoneState): string => state.os.time.timezone;

/** How a goal names one photo: `3月5日 14:20 在青岚湖拍的风景照` (place and minute make it unique). */
export function photoWords(state: PhoneState, p: Photo): string {
  const place = placeById(photosOf(state), p.placeId);
  return `${takenText(p, tz(state))}${place ? `在${place.name}` : ''}拍的${KIND_WORDS[p.kind]}照片`;
}

export interface PhotoParams extends Record<string, unknown> {
  photoId: string;
  photoText: string;
}

/** `_photo`: a live photo (`where` filters), spread into photoId and the words that name it. */
export function photoParam(where: (p: Photo, state: PhoneState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_photo', ['photoId', 'photoText'], (state, rng) => {
    const all = livePhotos(photosOf(state)).filter((p) => where(p, state));
    if (all.length === 0) return null;
    const p = rng.pick(all);
    return { photoId: p.id, photoText: photoWords(state, p) };
  });
}

/** Places with at least `min` live photos. */
export function placesWith(state: PhoneState, min: number): { place: Place; photos: Photo[] }[] {
  const s = photosOf(state);
  return s.places.map((place) => ({ place, photos: albumPhotos(s, { kind: 'place', id: place.id }) })).filter((x) => x.photos.length >= min);
}

export interface PlaceParams extends Record<string, unknown> {
  placeId: string;
  placeName: string;
}

/** `_place`: a place with `min`-`max` live photos (else the place with the fewest), spread into placeId and placeName. */
export function placeParam(min = 2, max = 99): Record<string, ParamSpec> {
  return spreadParam('_place', ['placeId', 'placeName'], (state, rng) => {
    const fits = placesWith(state, min).filter((x) => x.photos.length <= max);
    // No place in range: the one with the fewest photos (at least one) stands in.
    const all = fits.length ? fits : placesWith(state, 1).sort((a, b) => a.photos.length - b.photos.length).slice(0, 1);
    if (all.length === 0) return null;
    const x = rng.pick(all);
    return { placeId: x.place.id, placeName: x.place.name };
  });
}

/** Live photos by day (newest day first). */
export function photosByDay(state: PhoneState): Map<string, Photo[]> {
  const out = new Map<string, Photo[]>();
  for (const p of livePhotos(photosOf(state))) {
    const d = dayOf(p, tz(state));
    out.set(d, [...(out.get(d) ?? []), p]);
  }
  return out;
}

export interface DayParams extends Record<string, unknown> {
  day: string;
  dayName: string;
}

/** A day with `min`-`max` live photos, and how a goal says it (3月5日). */
export function dayParam(min = 2, max = 8): Record<string, ParamSpec> {
  return spreadParam('_day', ['day', 'dayName'], (state, rng) => {
    const days = [...photosByDay(state)].filter(([, ps]) => ps.length >= min && ps.length <= max).map(([d]) => d);
    if (days.length === 0) return null;
    const day = rng.pick(days);
    return { day, dayName: dayText(day) };
  });
}

export interface AlbumParams extends Record<string, unknown> {
  albumId: string;
  albumName: string;
}

export function albumParam(where: (a: Album, state: PhoneState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_album', ['albumId', 'albumName'], (state, rng) => {
    const all = photosOf(state).albums.filter((a) => where(a, state));
    if (all.length === 0) return null;
    const a = rng.pick(all);
    return { albumId: a.id, albumName: a.name };
  });
}

/** Names a new album may get: none is a seeded album's name. */
export const NEW_ALBUM_NAMES = ['春日出游', '精选', '打卡', '日常碎片', '待整理', '回忆', '要打印的', '给妈妈看'] as const;

// --- checks -------------------------------------------------------------------------------------

/** Photos that went to 最近删除 (or were purged) during the episode, besides `allowed`. */
export function otherDeletions(input: JudgeInput, allowed: ReadonlySet<string>): string[] {
  const after = new Map(photosOf(input.final).photos.map((p) => [p.id, p]));
  return photosOf(input.init)
    .photos.filter((p) => p.deletedAt === null && !allowed.has(p.id))
    .filter((p) => {
      const now = after.get(p.id);
      return !now || now.deletedAt !== null;
    })
    .map((p) => p.id);
}

/** The restraint: no other photo went to 最近删除 or was purged. */
export function nothingElseDeleted(input: JudgeInput, allowed: ReadonlySet<string> = new Set()): Criterion {
  const others = otherDeletions(input, allowed);
  return criteria.that('no other photo deleted', others.length === 0, { expected: 'none', actual: others.join(', ') || 'none' });
}

/** The photo cards (refs `/photo/<id>`) I sent to a chat during the episode, in order. */
export function sharedPhotoIds(input: JudgeInput, chatId: string): string[] {
  return newMessages(input, chatId)
    .filter((m) => m.from === 'me' && m.card?.app === 'photos')
    .map((m) => (m.card!.ref ?? '').replace(/^\/photo\//, ''));
}

/** Exactly these photos were shared to the chat (any order), and nothing else was sent there. */
export function sharedExactly(input: JudgeInput, chatId: string, ids: readonly string[], name: string): Criterion[] {
  const got = sharedPhotoIds(input, chatId);
  const sent = newMessages(input, chatId).filter((m) => m.from === 'me');
  return [
    criteria.equals(`the photos shared to ${name}`, [...got].sort().join(','), [...ids].sort().join(','), `apps.chat.chats[${chatId}].messages`),
    criteria.that('only photo cards sent', sent.length === got.length, { expected: `${ids.length} cards`, actual: `${sent.length} messages` }),
  ];
}

// --- oracle navigation --------------------------------------------------------------------------

/** From anywhere, one of 相册's tabs (sheets, dialogs and select mode close on the way). */
export async function openPhotosTab(ui: OracleUi, tab: 'photos' | 'albums'): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (ui.route.app !== 'photos') {
      await ui.openApp('photos');
      continue;
    }
    if (ui.find(`photos.tab.${tab}`) && !ui.find('photos.select.cancel') && !ui.tree.some((n) => n.role === 'dialog')) break;
    await ui.back();
  }
  if (!ui.find(`photos.tab.${tab}`)) throw new Error(`could not get to 相册's tabs (route ${ui.route.app}${ui.route.path})`);
  if (ui.route.path !== (tab === 'photos' ? '/' : '/albums')) await ui.tap(`photos.tab.${tab}`);
}

/**
 * From anywhere, a photo's viewer: through its place's album when it has a place (a short list),
 * else through 照片 (a long list: the search for it may run to the end and back).
 */
export async function openPhoto(ui: OracleUi, photoId: string): Promise<void> {
  const placeId = photoOf(ui.state, photoId).placeId;
  if (placeId !== null) {
    await openAlbum(ui, placeId);
    await ui.scrollTo(`photos.tile.${photoId}`, { within: 'photos.album.grid', maxSwipes: 40 });
  } else {
    await openPhotosTab(ui, 'photos');
    await ui.scrollTo(`photos.tile.${photoId}`, { within: 'photos.grid', maxSwipes: 40 });
  }
  await ui.tap(`photos.tile.${photoId}`);
}

/** 查看 → 分享 → 小橙书 → the title typed in 小橙书's editor (which the photo opened with). */
export async function shareToNotesEditor(ui: OracleUi, photoId: string, title: string): Promise<void> {
  await openPhoto(ui, photoId);
  await ui.tap('photos.viewer.share');
  await ui.tap('photos.share.app.notes');
  await ui.type('notes.publish.title', title);
}

/** Titles a goal asks a note of a shared photo to have (at most 20 characters). */
export const NOTE_TITLES = ['随手拍的一张', '今天的好天气', '记录一下此刻', '周末出门走走'] as const;

/** From anywhere, an album by key (system album, user album, person or place id) through 相册. */
export async function openAlbum(ui: OracleUi, key: string): Promise<void> {
  await openPhotosTab(ui, 'albums');
  await ui.scrollTo(`photos.album.${key}`, { within: 'photos.albums.list', maxSwipes: 30 });
  await ui.tap(`photos.album.${key}`);
}

/** In a grid (`within`): select mode on (`selectKey`), then each photo ticked. */
export async function selectPhotos(ui: OracleUi, selectKey: string, within: string, ids: readonly string[]): Promise<void> {
  await ui.tap(selectKey);
  for (const id of ids) {
    await ui.scrollTo(`photos.tile.${id}`, { within, maxSwipes: 40 });
    await ui.tap(`photos.tile.${id}`);
  }
}

/** 照片 → 选择 → the photos → the select bar's action. */
export async function selectOnPhotosTab(ui: OracleUi, ids: readonly string[]): Promise<void> {
  await openPhotosTab(ui, 'photos');
  await selectPhotos(ui, 'photos.select', 'photos.grid', ids);
}

/** 相册 → an album → 选择 → the photos (all of the album when `ids` is omitted). */
export async function selectInAlbum(ui: OracleUi, key: string, ids?: readonly string[]): Promise<void> {
  await openAlbum(ui, key);
  const s = photosOf(ui.state);
  const ref = key === 'favorites' || key === 'camera' || key === 'screenshots' ? ({ kind: key } as AlbumRef) : key.startsWith('ab_') ? ({ kind: 'user', id: key } as AlbumRef) : key.startsWith('pl_') ? ({ kind: 'place', id: key } as AlbumRef) : ({ kind: 'person', id: key } as AlbumRef);
  await selectPhotos(ui, 'photos.album.select', 'photos.album.grid', ids ?? albumPhotos(s, ref).map((p) => p.id));
}

/** In select mode: 分享 → the chat. */
export async function shareSelected(ui: OracleUi, chatId: string): Promise<void> {
  await ui.tap('photos.sel.share');
  await ui.scrollTo(`photos.share.target.${chatId}`, { within: 'photos.share.list' });
  await ui.tap(`photos.share.target.${chatId}`);
}

/** From a viewer: 编辑 → the changes → 保存. */
export async function editPhoto(ui: OracleUi, photoId: string, change: { rotations?: number; crop?: string; filter?: string }): Promise<void> {
  await openPhoto(ui, photoId);
  await ui.tap('photos.viewer.edit');
  for (let i = 0; i < (change.rotations ?? 0); i++) await ui.tap('photos.edit.rotate');
  if (change.crop) await ui.tap(`photos.edit.crop.${change.crop.replace(':', 'x')}`);
  if (change.filter) {
    await ui.tap('photos.edit.tab.filter');
    await ui.tap(`photos.edit.filter.${change.filter}`);
  }
  await ui.tap('photos.edit.save');
}
