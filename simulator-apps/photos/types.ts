/**
 * 相册's slice of the phone state: `state.apps.photos`. Plain JSON only. Photos are ordered by id,
 * which is the order they were taken (oldest first); the screens show them newest first. Times are
 * virtual-clock timestamps in ms. Documented field by field in ./README.md.
 */

import { SCENE_KINDS, type SceneKind } from '../shared/photoScene.ts';

/** What a photo shows: it decides the artwork (../shared/photoScene.ts) and the word screen readers hear. */
export const PHOTO_KINDS = SCENE_KINDS;
export type PhotoKind = SceneKind;

/** Where a photo came from: 相机 (taken), 截屏 (a screenshot), or saved from another app. */
export type PhotoSource = 'camera' | 'screenshot' | 'saved';

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];
export const CROPS = ['original', '1:1', '4:3', '16:9'] as const;
export type Crop = (typeof CROPS)[number];
export const FILTERS = ['none', 'vivid', 'mono', 'warm', 'cool', 'film'] as const;
export type Filter = (typeof FILTERS)[number];

/** What 编辑 saved: shown on every view of the photo. */
export interface PhotoEdit {
  /** Clockwise, in degrees. */
  rotate: Rotation;
  crop: Crop;
  filter: Filter;
}

export interface Photo {
  /** `ph_001` …, in the order taken. */
  id: string;
  /** When it was taken (virtual ms). */
  takenAt: number;
  kind: PhotoKind;
  source: PhotoSource;
  /** A `places[]` id, or null (no location: screenshots, saved pictures). */
  placeId: string | null;
  /** `people[]` ids of who is in it (people photos only). */
  personIds: string[];
  /** Pixels, as the camera saved them. */
  width: number;
  height: number;
  /** File size in bytes. */
  bytes: number;
  /** Drawing seed of the artwork (32-bit): with `kind`, it decides every shape and colour. */
  art: number;
  /** The number printed on a receipt (取餐号) or a ticket (订单号); '' for other kinds. */
  code: string;
  favorite: boolean;
  edit: PhotoEdit;
  /** When it was moved to 最近删除 (virtual ms), or null. Kept 30 days, then gone. */
  deletedAt: number | null;
}

export interface Place {
  /** `pl_01` … */
  id: string;
  /** `青岚湖` */
  name: string;
  /** The district line under it: `临江市 · 湖滨区`. */
  area: string;
}

export interface Person {
  /** `ps_01` … */
  id: string;
  name: string;
}

/** An album the user made. System albums (收藏, 相机, 截屏, people, places) are derived, not stored. */
export interface Album {
  /** `ab_01` …; a new album takes max+1. */
  id: string;
  /** Unique among albums, 1-20 characters. */
  name: string;
  /** In the order added; a photo in 最近删除 stays listed (hidden) and comes back with it. */
  photoIds: string[];
  createdAt: number;
}

export interface PhotosState {
  photos: Photo[];
  places: Place[];
  people: Person[];
  /** In the order made. */
  albums: Album[];
  /** Searches made, newest first, at most 8. */
  searches: string[];
}
