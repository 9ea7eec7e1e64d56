/**
 * Seed data for 相册: 55-80 photos over the last six weeks (outings to a few places, each a burst of
 * photos minutes apart; screenshots, receipts, a ticket and documents on other days), 5 people,
 * 8 places, 2-4 user albums filled by what they are about, a few favourites and a few photos in
 * 最近删除. Pure: every draw comes from the rng; times from the seeded clock, all before it.
 */
import type { Rng } from '../shared/rng.ts';
import { pad2 } from '../shared/dates.ts';
import { wallClock } from '../shared/time.ts';
import { ALBUM_NAMES, PEOPLE_POOL, PLACE_POOL } from './data.ts';
import { ORIGINAL_EDIT } from './logic.ts';
import type { Album, Person, Photo, PhotoKind, PhotoSource, PhotosState, Place } from './types.ts';

export interface PhotosSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

type Draft = Omit<Photo, 'id'>;

/** Pixel size and bytes of a new photo: camera photos landscape or portrait, screenshots phone-shaped. */
function drawShape(rng: Rng, kind: PhotoKind, source: PhotoSource): Pick<Photo, 'width' | 'height' | 'bytes'> {
  if (source === 'screenshot') return { width: 1080, height: 2400, bytes: rng.int(280, 960) * 1024 };
  const portrait = kind === 'people' || kind === 'receipt' || kind === 'document' || (kind !== 'landscape' && kind !== 'sea' && rng.chance(0.4));
  return portrait ? { width: 3000, height: 4000, bytes: rng.int(1800, 5200) * 1024 } : { width: 4000, height: 3000, bytes: rng.int(2000, 5600) * 1024 };
}

function photo(rng: Rng, takenAt: number, kind: PhotoKind, source: PhotoSource, placeId: string | null, personIds: string[], code = ''): Draft {
  return { takenAt, kind, source, placeId, personIds, ...drawShape(rng, kind, source), art: rng.nextUint32(), code, favorite: false, edit: { ...ORIGINAL_EDIT }, deletedAt: null };
}

/** The instant of `daysAgo` days before today at hh:mm (phone's timezone: the seed's clock is UTC+8 by default). */
function at(ctx: PhotosSeedContext, daysAgo: number, minuteOfDay: number): number {
  const w = wallClock(ctx.now, ctx.timezone);
  const todayStart = ctx.now - (w.hour * 60 + w.minute) * MINUTE - (ctx.now % MINUTE);
  return todayStart - daysAgo * DAY + minuteOfDay * MINUTE;
}

function createPhotos(rng: Rng, ctx: PhotosSeedContext, places: readonly Place[], people: readonly Person[]): Photo[] {
  const drafts: Draft[] = [];
  const nowMinute = wallClock(ctx.now, ctx.timezone).hour * 60 + wallClock(ctx.now, ctx.timezone).minute;
  const placeKinds = new Map(PLACE_POOL.map((p) => [p.name, p.kinds]));
  // Outing days: 11-15 of the last 42 (today only for an early walk).
  const days = rng.sample(Array.from({ length: 42 }, (_, i) => i + 1), rng.int(11, 15));
  if (rng.chance(0.5)) days.push(0);
  for (const d of days) {
    const outings = rng.chance(0.3) ? 2 : 1;
    let minute = d === 0 ? rng.int(7 * 60, Math.max(7 * 60, nowMinute - 90)) : rng.int(8 * 60, 15 * 60);
    for (let o = 0; o < outings; o++) {
      const place = rng.pick(places);
      const kinds = placeKinds.get(place.name)!;
      const n = d === 0 ? rng.int(1, 2) : rng.int(1, 6);
      for (let i = 0; i < n; i++) {
        const kind = rng.pick(kinds);
        const who = kind === 'people' ? rng.sample(people, rng.int(1, 2)).map((p) => p.id).sort() : [];
        drafts.push(photo(rng, at(ctx, d, minute), kind, 'camera', place.id, who));
        minute += rng.int(1, 24);
      }
      minute += rng.int(90, 240);
      if (d === 0 && minute > nowMinute - 5) break;
    }
  }
  const pastDay = (): number => rng.int(1, 40);
  const anyTime = (): number => rng.int(8 * 60, 22 * 60 + 30);
  for (let i = rng.int(5, 8); i > 0; i--) drafts.push(photo(rng, at(ctx, pastDay(), anyTime()), 'screenshot', 'screenshot', null, []));
  for (let i = rng.int(1, 2); i > 0; i--) {
    const foodPlace = places.find((p) => placeKinds.get(p.name)!.includes('food'));
    drafts.push(photo(rng, at(ctx, pastDay(), rng.int(11 * 60, 20 * 60)), 'receipt', 'camera', foodPlace?.id ?? null, [], String(rng.int(10_000_000, 99_999_999))));
  }
  drafts.push(photo(rng, at(ctx, pastDay(), anyTime()), 'ticket', 'saved', null, [], `E${rng.int(1_000_000, 9_999_999)}`));
  for (let i = rng.int(1, 3); i > 0; i--) drafts.push(photo(rng, at(ctx, pastDay(), rng.int(9 * 60, 18 * 60)), 'document', 'camera', null, []));
  // One photo a minute at most: a clash moves the later draw on by a minute.
  drafts.sort((a, b) => a.takenAt - b.takenAt);
  for (let i = 1; i < drafts.length; i++) if (drafts[i].takenAt <= drafts[i - 1].takenAt) drafts[i].takenAt = drafts[i - 1].takenAt + MINUTE;
  const photos = drafts.filter((p) => p.takenAt < ctx.now).map((p, i): Photo => ({ id: `ph_${String(i + 1).padStart(3, '0')}`, ...p }));
  for (const p of photos) if (p.source === 'camera' && p.kind !== 'document' && rng.chance(0.14)) p.favorite = true;
  // 最近删除: a few older photos deleted in the last three weeks.
  // (Never the receipts or the ticket: their numbers are what the user keeps them for.)
  for (const p of rng.sample(photos.slice(0, -3).filter((x) => x.kind !== 'receipt' && x.kind !== 'ticket'), rng.int(2, 4))) p.deletedAt = Math.max(p.takenAt, ctx.now - rng.int(1, 20) * DAY - rng.int(0, 600) * MINUTE);
  return photos;
}

/** Which photos an album of that name is about. */
const ALBUM_RULES: Record<(typeof ALBUM_NAMES)[number], (p: Photo, ctx: PhotosSeedContext) => boolean> = {
  旅行: (p) => p.kind === 'landscape' || p.kind === 'sea',
  家人: (p) => p.kind === 'people',
  美食记: (p) => p.kind === 'food',
  猫咪日常: (p) => p.kind === 'pet',
  工作资料: (p) => p.kind === 'document' || p.kind === 'receipt' || p.kind === 'ticket',
  周末: (p, ctx) => [0, 6].includes(wallClock(p.takenAt, ctx.timezone).weekday) && p.source === 'camera',
  壁纸: (p) => p.kind === 'flower' || p.kind === 'landscape',
  毕业季: (p) => p.kind === 'people' || p.kind === 'city',
};

function createAlbums(rng: Rng, ctx: PhotosSeedContext, photos: readonly Photo[]): Album[] {
  const albums: Album[] = [];
  const live = photos.filter((p) => p.deletedAt === null);
  for (const name of rng.sample(ALBUM_NAMES, rng.int(2, 4))) {
    const fits = live.filter((p) => ALBUM_RULES[name](p, ctx));
    if (fits.length === 0) continue;
    const picked = fits.filter(() => rng.chance(0.7));
    const photoIds = (picked.length ? picked : fits.slice(0, 1)).map((p) => p.id);
    const createdAt = Math.min(...photoIds.map((id) => photos.find((p) => p.id === id)!.takenAt)) + rng.int(10, 300) * MINUTE;
    albums.push({ id: `ab_${pad2(albums.length + 1)}`, name, photoIds, createdAt: Math.min(createdAt, ctx.now - MINUTE) });
  }
  return albums;
}

export function createPhotosState(rng: Rng, ctx: PhotosSeedContext): PhotosState {
  const people: Person[] = rng.fork('people').sample(PEOPLE_POOL, 5).map((name, i) => ({ id: `ps_${pad2(i + 1)}`, name }));
  const places: Place[] = rng.fork('places').sample(PLACE_POOL, 8).map((p, i) => ({ id: `pl_${pad2(i + 1)}`, name: p.name, area: p.area }));
  const photos = createPhotos(rng.fork('photos'), ctx, places, people);
  const albums = createAlbums(rng.fork('albums'), ctx, photos);
  return { photos, places, people, albums, searches: [] };
}
