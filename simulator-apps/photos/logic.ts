/**
 * 相册's rules, pure: what each view lists (the day groups of 照片, the system and user albums,
 * 最近删除, search) and every change (favourite, delete and restore, albums, edits). Mutators change
 * the slice in place (the model runs them inside `phone.update`); a refused change throws
 * `PhotosRuleError` with the reason a toast shows, before touching anything.
 */
import { makeDateKey, pad2, parseDateKey } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import { ALBUM_NAME_MAX, KIND_WORDS, SEARCH_HISTORY_MAX, TRASH_DAYS } from './data.ts';
import { CROPS, FILTERS, PHOTO_KINDS, ROTATIONS, type Album, type Person, type Photo, type PhotoEdit, type PhotosState, type Place } from './types.ts';

export const PHOTOS_APP_ID = 'photos';
const DAY_MS = 86_400_000;

export class PhotosRuleError extends Error {}

/** How another app keeps a photo of 相册 in its state (a mail's attachment, a note's picture). */
export const photoRef = (photoId: string): string => `photos:${photoId}`;

/** The photo id a `photos:<id>` reference points at, or null for any other reference. */
export function photoIdOfRef(ref: string): string | null {
  return ref.startsWith('photos:') ? ref.slice('photos:'.length) : null;
}

export const ORIGINAL_EDIT: PhotoEdit = { rotate: 0, crop: 'original', filter: 'none' };

// --- reading ------------------------------------------------------------------------------------

export function photoById(s: PhotosState, id: string): Photo | undefined {
  return s.photos.find((p) => p.id === id);
}
export function placeById(s: PhotosState, id: string | null): Place | undefined {
  return id === null ? undefined : s.places.find((p) => p.id === id);
}
export function personById(s: PhotosState, id: string): Person | undefined {
  return s.people.find((p) => p.id === id);
}
export function albumById(s: PhotosState, id: string): Album | undefined {
  return s.albums.find((a) => a.id === id);
}

/** Newest first (ties: the later id first). */
export function newestFirst(photos: readonly Photo[]): Photo[] {
  return photos.slice().sort((a, b) => b.takenAt - a.takenAt || (a.id < b.id ? 1 : -1));
}

/** Every photo not in 最近删除, newest first. */
export function livePhotos(s: PhotosState): Photo[] {
  return newestFirst(s.photos.filter((p) => p.deletedAt === null));
}

/** 最近删除: most recently deleted first. */
export function trashPhotos(s: PhotosState): Photo[] {
  return s.photos.filter((p) => p.deletedAt !== null).sort((a, b) => b.deletedAt! - a.deletedAt! || (a.id < b.id ? 1 : -1));
}

/** Days left before a photo in 最近删除 is gone (at least 1 while it is listed). */
export function daysLeft(p: Photo, now: number): number {
  return Math.max(1, TRASH_DAYS - Math.floor((now - (p.deletedAt ?? now)) / DAY_MS));
}

/** `YYYY-MM-DD` of the phone's calendar day the photo was taken on. */
export function dayOf(p: Pick<Photo, 'takenAt'>, timezone: string): string {
  const w = wallClock(p.takenAt, timezone);
  return makeDateKey(w.year, w.month, w.day);
}

/** `3月5日` */
export function dayText(day: string): string {
  const { month, day: d } = parseDateKey(day);
  return `${month}月${d}日`;
}

/** `3月5日 14:20` */
export function takenText(p: Photo, timezone: string): string {
  const w = wallClock(p.takenAt, timezone);
  return `${w.month}月${w.day}日 ${pad2(w.hour)}:${pad2(w.minute)}`;
}

export interface DayGroup {
  day: string;
  photos: Photo[];
}

/** Photos (already in the order to show) grouped by the day they were taken, in that order. */
export function groupByDay(photos: readonly Photo[], timezone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const p of photos) {
    const day = dayOf(p, timezone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.photos.push(p);
    else groups.push({ day, photos: [p] });
  }
  return groups;
}

/** What a screen reader (and the UI tree) says for a photo: `风景，3月5日 14:20，青岚湖`. */
export function photoLabel(s: PhotosState, p: Photo, timezone: string): string {
  const place = placeById(s, p.placeId);
  return [KIND_WORDS[p.kind], takenText(p, timezone), place?.name, p.favorite ? '已收藏' : undefined].filter(Boolean).join('，');
}

/** `2.4 MB` / `860 KB` */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// --- albums ---------------------------------------------------------------------------------------

/** Which album a path names: system albums by name, the others by their record's id. */
export type AlbumRef =
  | { kind: 'favorites' }
  | { kind: 'camera' }
  | { kind: 'screenshots' }
  | { kind: 'user'; id: string }
  | { kind: 'place'; id: string }
  | { kind: 'person'; id: string };

export function albumKey(ref: AlbumRef): string {
  return 'id' in ref ? ref.id : ref.kind;
}

export function parseAlbumKey(key: string): AlbumRef | null {
  if (key === 'favorites' || key === 'camera' || key === 'screenshots') return { kind: key };
  if (/^ab_\w+$/.test(key)) return { kind: 'user', id: key };
  if (/^pl_\w+$/.test(key)) return { kind: 'place', id: key };
  if (/^ps_\w+$/.test(key)) return { kind: 'person', id: key };
  return null;
}

export const SYSTEM_ALBUM_NAMES = { favorites: '收藏', camera: '相机', screenshots: '截屏' } as const;

/** The album's name, or undefined when it does not exist. */
export function albumName(s: PhotosState, ref: AlbumRef): string | undefined {
  switch (ref.kind) {
    case 'favorites':
    case 'camera':
    case 'screenshots':
      return SYSTEM_ALBUM_NAMES[ref.kind];
    case 'user':
      return albumById(s, ref.id)?.name;
    case 'place':
      return placeById(s, ref.id)?.name;
    case 'person':
      return personById(s, ref.id)?.name;
  }
}

/** The album's photos outside 最近删除, newest first (a user album too: galleries sort by date). */
export function albumPhotos(s: PhotosState, ref: AlbumRef): Photo[] {
  const live = livePhotos(s);
  switch (ref.kind) {
    case 'favorites':
      return live.filter((p) => p.favorite);
    case 'camera':
      return live.filter((p) => p.source === 'camera');
    case 'screenshots':
      return live.filter((p) => p.source === 'screenshot');
    case 'user': {
      const ids = new Set(albumById(s, ref.id)?.photoIds ?? []);
      return live.filter((p) => ids.has(p.id));
    }
    case 'place':
      return live.filter((p) => p.placeId === ref.id);
    case 'person':
      return live.filter((p) => p.personIds.includes(ref.id));
  }
}

/** Places and people with at least one photo outside 最近删除, most photos first (ties by id). */
export function placeAlbums(s: PhotosState): { place: Place; count: number; cover: Photo }[] {
  return s.places
    .map((place) => ({ place, photos: albumPhotos(s, { kind: 'place', id: place.id }) }))
    .filter((x) => x.photos.length > 0)
    .map((x) => ({ place: x.place, count: x.photos.length, cover: x.photos[0] }))
    .sort((a, b) => b.count - a.count || (a.place.id < b.place.id ? -1 : 1));
}
export function personAlbums(s: PhotosState): { person: Person; count: number; cover: Photo }[] {
  return s.people
    .map((person) => ({ person, photos: albumPhotos(s, { kind: 'person', id: person.id }) }))
    .filter((x) => x.photos.length > 0)
    .map((x) => ({ person: x.person, count: x.photos.length, cover: x.photos[0] }))
    .sort((a, b) => b.count - a.count || (a.person.id < b.person.id ? -1 : 1));
}

/** The user albums a photo is in. */
export function albumsOf(s: PhotosState, photoId: string): Album[] {
  return s.albums.filter((a) => a.photoIds.includes(photoId));
}

function checkName(s: PhotosState, name: string, except: string | null): string {
  const n = name.trim();
  if (n === '') throw new PhotosRuleError('请输入相册名称');
  if ([...n].length > ALBUM_NAME_MAX) throw new PhotosRuleError(`相册名称最多${ALBUM_NAME_MAX}个字`);
  if (Object.values(SYSTEM_ALBUM_NAMES).includes(n as never) || n === '最近删除') throw new PhotosRuleError('不能使用系统相册的名称');
  if (s.albums.some((a) => a.name === n && a.id !== except)) throw new PhotosRuleError('已有同名相册');
  return n;
}

function livePhotoIds(s: PhotosState, ids: readonly string[]): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const p = photoById(s, id);
    if (!p || p.deletedAt !== null) throw new PhotosRuleError('照片不存在');
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

export function createAlbum(s: PhotosState, name: string, photoIds: readonly string[], now: number): Album {
  const album: Album = { id: nextId(s.albums.map((a) => a.id), 'ab_', 2), name: checkName(s, name, null), photoIds: livePhotoIds(s, photoIds), createdAt: now };
  s.albums.push(album);
  return album;
}

export function renameAlbum(s: PhotosState, id: string, name: string): void {
  const album = albumById(s, id);
  if (!album) throw new PhotosRuleError('相册不存在');
  album.name = checkName(s, name, id);
}

/** The album goes; its photos stay in 照片. */
export function deleteAlbum(s: PhotosState, id: string): void {
  const i = s.albums.findIndex((a) => a.id === id);
  if (i < 0) throw new PhotosRuleError('相册不存在');
  s.albums.splice(i, 1);
}

/** Adds the photos not in it yet, in the order given; returns how many were added. */
export function addToAlbum(s: PhotosState, id: string, photoIds: readonly string[]): number {
  const album = albumById(s, id);
  if (!album) throw new PhotosRuleError('相册不存在');
  const fresh = livePhotoIds(s, photoIds).filter((p) => !album.photoIds.includes(p));
  album.photoIds.push(...fresh);
  return fresh.length;
}

/** Takes photos out of a user album (they stay in 照片). */
export function removeFromAlbum(s: PhotosState, id: string, photoIds: readonly string[]): void {
  const album = albumById(s, id);
  if (!album) throw new PhotosRuleError('相册不存在');
  album.photoIds = album.photoIds.filter((p) => !photoIds.includes(p));
}

// --- photos -----------------------------------------------------------------------------------------

export function setFavorite(s: PhotosState, photoIds: readonly string[], on: boolean): void {
  for (const id of livePhotoIds(s, photoIds)) photoById(s, id)!.favorite = on;
}

/** To 最近删除 (albums keep them listed, hidden, until they are gone for good). */
export function deletePhotos(s: PhotosState, photoIds: readonly string[], now: number): void {
  for (const id of livePhotoIds(s, photoIds)) photoById(s, id)!.deletedAt = now;
}

function trashedIds(s: PhotosState, ids: readonly string[]): string[] {
  for (const id of ids) if (photoById(s, id)?.deletedAt == null) throw new PhotosRuleError('照片不在最近删除中');
  return [...new Set(ids)];
}

export function restorePhotos(s: PhotosState, photoIds: readonly string[]): void {
  for (const id of trashedIds(s, photoIds)) photoById(s, id)!.deletedAt = null;
}

/** 彻底删除: gone from the slice and from every album. */
export function purgePhotos(s: PhotosState, photoIds: readonly string[]): void {
  const gone = new Set(trashedIds(s, photoIds));
  s.photos = s.photos.filter((p) => !gone.has(p.id));
  for (const a of s.albums) a.photoIds = a.photoIds.filter((id) => !gone.has(id));
}

export function saveEdit(s: PhotosState, photoId: string, edit: PhotoEdit): void {
  const p = photoById(s, photoId);
  if (!p || p.deletedAt !== null) throw new PhotosRuleError('照片不存在');
  p.edit = { rotate: edit.rotate, crop: edit.crop, filter: edit.filter };
}

export function isOriginal(e: PhotoEdit): boolean {
  return e.rotate === 0 && e.crop === 'original' && e.filter === 'none';
}

// --- search -----------------------------------------------------------------------------------------

/** The day keys a query names: `3月5日`, `3.5`, `3/5`, `3-5`, `2026-03-05` (the year: the photos'). */
function daysNamed(q: string, years: readonly number[]): string[] {
  const full = q.match(/^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/);
  if (full) return [makeDateKey(Number(full[1]), Number(full[2]), Number(full[3]))];
  const short = q.match(/^(\d{1,2})[-/.月](\d{1,2})[日号]?$/);
  if (short) return years.map((y) => makeDateKey(y, Number(short[1]), Number(short[2])));
  return [];
}

/** Photos outside 最近删除 a search finds (newest first): by place, area, person, user album, kind word or day. */
export function searchPhotos(s: PhotosState, query: string, timezone: string): Photo[] {
  const q = query.trim().replace(/\s+/g, '');
  if (q === '') return [];
  const live = livePhotos(s);
  const years = [...new Set(live.map((p) => wallClock(p.takenAt, timezone).year))];
  const days = new Set(daysNamed(q, years));
  const month = q.match(/^(\d{1,2})月$/);
  const places = new Set(s.places.filter((p) => p.name.includes(q) || p.area.replace(/\s/g, '').includes(q)).map((p) => p.id));
  const people = new Set(s.people.filter((p) => p.name === q || p.name.includes(q)).map((p) => p.id));
  const inAlbums = new Set(s.albums.filter((a) => a.name.includes(q)).flatMap((a) => a.photoIds));
  return live.filter((p) => {
    if (days.has(dayOf(p, timezone))) return true;
    if (month && wallClock(p.takenAt, timezone).month === Number(month[1])) return true;
    if (p.placeId !== null && places.has(p.placeId)) return true;
    if (p.personIds.some((id) => people.has(id))) return true;
    if (inAlbums.has(p.id)) return true;
    return KIND_WORDS[p.kind].includes(q);
  });
}

export function rememberSearch(s: PhotosState, query: string): void {
  const q = query.trim();
  if (q === '') return;
  s.searches = [q, ...s.searches.filter((x) => x !== q)].slice(0, SEARCH_HISTORY_MAX);
}

export function clearSearches(s: PhotosState): void {
  s.searches = [];
}

// --- validation -------------------------------------------------------------------------------------

const isId = (v: unknown, prefix: string): boolean => typeof v === 'string' && v.startsWith(prefix);

export function validatePhotosState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.photos must be an object';
  const s = v as Partial<PhotosState>;
  if (!Array.isArray(s.places) || !s.places.every((p) => isId(p?.id, 'pl_') && typeof p.name === 'string' && typeof p.area === 'string')) return 'apps.photos.places must be an array of {id: "pl_…", name, area}';
  if (!Array.isArray(s.people) || !s.people.every((p) => isId(p?.id, 'ps_') && typeof p.name === 'string')) return 'apps.photos.people must be an array of {id: "ps_…", name}';
  if (!Array.isArray(s.photos)) return 'apps.photos.photos must be an array';
  const placeIds = new Set(s.places.map((p) => p.id));
  const personIds = new Set(s.people.map((p) => p.id));
  const photoIds = new Set<string>();
  for (const [i, p] of s.photos.entries()) {
    const at = `apps.photos.photos[${i}]`;
    if (!isId(p?.id, 'ph_') || photoIds.has(p.id)) return `${at}.id must be a unique "ph_…" string`;
    photoIds.add(p.id);
    if (!Number.isFinite(p.takenAt)) return `${at}.takenAt must be a timestamp in ms`;
    if (!(PHOTO_KINDS as readonly string[]).includes(p.kind)) return `${at}.kind must be one of ${PHOTO_KINDS.join(', ')}`;
    if (!['camera', 'screenshot', 'saved'].includes(p.source)) return `${at}.source must be camera, screenshot or saved`;
    if (p.placeId !== null && !placeIds.has(p.placeId)) return `${at}.placeId must be null or a places[] id`;
    if (!Array.isArray(p.personIds) || !p.personIds.every((id) => personIds.has(id))) return `${at}.personIds must list people[] ids`;
    if (![p.width, p.height, p.bytes, p.art].every((n) => Number.isSafeInteger(n) && n >= 0)) return `${at}.width, height, bytes and art must be non-negative integers`;
    if (typeof p.code !== 'string' || typeof p.favorite !== 'boolean') return `${at} needs a string code and a boolean favorite`;
    const e = p.edit;
    if (!e || !(ROTATIONS as readonly number[]).includes(e.rotate) || !(CROPS as readonly string[]).includes(e.crop) || !(FILTERS as readonly string[]).includes(e.filter)) return `${at}.edit must be {rotate: 0|90|180|270, crop: ${CROPS.join('|')}, filter: ${FILTERS.join('|')}}`;
    if (p.deletedAt !== null && !Number.isFinite(p.deletedAt)) return `${at}.deletedAt must be null or a timestamp`;
  }
  if (!Array.isArray(s.albums)) return 'apps.photos.albums must be an array';
  for (const [i, a] of s.albums.entries()) {
    const at = `apps.photos.albums[${i}]`;
    if (!isId(a?.id, 'ab_') || typeof a.name !== 'string' || a.name.trim() === '') return `${at} needs an "ab_…" id and a name`;
    if (!Array.isArray(a.photoIds) || !a.photoIds.every((id) => photoIds.has(id))) return `${at}.photoIds must list photos[] ids`;
    if (!Number.isFinite(a.createdAt)) return `${at}.createdAt must be a timestamp`;
  }
  if (!Array.isArray(s.searches) || !s.searches.every((q) => typeof q === 'string')) return 'apps.photos.searches must be an array of strings';
  return null;
}
