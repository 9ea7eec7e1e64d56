import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { photoScene } from '../../simulator-apps/shared/photoScene.ts';
import {
  addToAlbum,
  albumPhotos,
  createAlbum,
  deletePhotos,
  groupByDay,
  livePhotos,
  PhotosRuleError,
  purgePhotos,
  removeFromAlbum,
  renameAlbum,
  restorePhotos,
  searchPhotos,
  trashPhotos,
  validatePhotosState,
  dayOf,
} from '../../simulator-apps/photos/logic.ts';
import type { PhotosState } from '../../simulator-apps/photos/types.ts';

const TZ = 'Asia/Shanghai';
const slice = (seed: number) => createInitialState(seed).apps.photos as unknown as PhotosState;

describe('photos seed', () => {
  it('is deterministic, valid, under 50 KB and before the seeded time at every seed 1-20', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = slice(seed);
      expect(JSON.stringify(s)).toBe(JSON.stringify(slice(seed)));
      expect(validatePhotosState(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(50_000);
      const now = createInitialState(seed).os.time.timestamp;
      expect(s.photos.every((p) => p.takenAt < now)).toBe(true);
      expect(s.photos.filter((p) => p.kind === 'screenshot').length).toBeGreaterThan(0);
      expect(s.photos.filter((p) => p.kind === 'ticket').length).toBe(1);
      expect(trashPhotos(s).length).toBeGreaterThan(0);
    }
  });

  it('differs between seeds', () => {
    expect(JSON.stringify(slice(1).photos)).not.toBe(JSON.stringify(slice(2).photos));
  });

  it('draws photos of one kind differently (a VLM can tell them apart)', () => {
    const s = slice(3);
    const food = s.photos.filter((p) => p.kind === 'food').slice(0, 2);
    expect(food.length).toBe(2);
    expect(JSON.stringify(photoScene(food[0]))).not.toBe(JSON.stringify(photoScene(food[1])));
    expect(JSON.stringify(photoScene(food[0]))).toBe(JSON.stringify(photoScene(food[0])));
  });

  it('refuses a broken slice, naming the field', () => {
    const s = slice(1);
    s.photos[0].placeId = 'pl_99';
    expect(validatePhotosState(s)).toMatch(/photos\[0\]\.placeId/);
  });
});

describe('photos rules', () => {
  it('groups live photos by day, newest first', () => {
    const s = slice(1);
    const groups = groupByDay(livePhotos(s), TZ);
    expect(groups.map((g) => g.day)).toEqual([...groups.map((g) => g.day)].sort().reverse());
    expect(groups.reduce((n, g) => n + g.photos.length, 0)).toBe(livePhotos(s).length);
  });

  it('deletes to 最近删除, restores, and purges from albums too', () => {
    const s = slice(1);
    const album = s.albums[0];
    const id = albumPhotos(s, { kind: 'user', id: album.id })[0].id;
    deletePhotos(s, [id], 1);
    expect(albumPhotos(s, { kind: 'user', id: album.id }).some((p) => p.id === id)).toBe(false);
    restorePhotos(s, [id]);
    expect(albumPhotos(s, { kind: 'user', id: album.id }).some((p) => p.id === id)).toBe(true);
    deletePhotos(s, [id], 1);
    purgePhotos(s, [id]);
    expect(s.photos.some((p) => p.id === id)).toBe(false);
    expect(album.photoIds).not.toContain(id);
    expect(() => restorePhotos(s, [livePhotos(s)[0].id])).toThrow(PhotosRuleError);
  });

  it('makes, renames and fills albums with unique names', () => {
    const s = slice(2);
    const ids = livePhotos(s).slice(0, 3).map((p) => p.id);
    const a = createAlbum(s, ' 春游 ', ids.slice(0, 2), 5);
    expect(a).toMatchObject({ name: '春游', photoIds: ids.slice(0, 2) });
    expect(() => createAlbum(s, '春游', [], 5)).toThrow('已有同名相册');
    expect(() => createAlbum(s, '收藏', [], 5)).toThrow(PhotosRuleError);
    expect(addToAlbum(s, a.id, ids)).toBe(1);
    removeFromAlbum(s, a.id, [ids[0]]);
    expect(a.photoIds).toEqual([ids[1], ids[2]]);
    renameAlbum(s, a.id, '春日');
    expect(a.name).toBe('春日');
  });

  it('searches by place, day and kind', () => {
    const s = slice(1);
    const p = livePhotos(s).find((x) => x.placeId !== null)!;
    const place = s.places.find((x) => x.id === p.placeId)!;
    expect(searchPhotos(s, place.name, TZ)).toEqual(albumPhotos(s, { kind: 'place', id: place.id }));
    const day = dayOf(p, TZ);
    const [, m, d] = day.split('-').map(Number);
    expect(searchPhotos(s, `${m}月${d}日`, TZ).every((x) => dayOf(x, TZ) === day)).toBe(true);
    expect(searchPhotos(s, '截屏', TZ).every((x) => x.kind === 'screenshot')).toBe(true);
  });
});
