/** 相册's word lists: invented places, people and album names (nothing here is a real place or person). */
import type { Crop, Filter, PhotoKind } from './types.ts';

/** Places photos are taken at, with the kinds of photo each suits. */
export const PLACE_POOL: readonly { name: string; area: string; kinds: readonly PhotoKind[] }[] = [
  { name: '青岚湖', area: '临江市 · 湖滨区', kinds: ['landscape', 'people', 'flower'] },
  { name: '落霞山', area: '临江市 · 西山区', kinds: ['landscape', 'people'] },
  { name: '云栖古镇', area: '溪川县 · 云栖镇', kinds: ['city', 'food', 'people'] },
  { name: '海月湾', area: '澜港市 · 南湾区', kinds: ['sea', 'people', 'food'] },
  { name: '星河广场', area: '临江市 · 中心区', kinds: ['city', 'food'] },
  { name: '桂香街', area: '临江市 · 老城区', kinds: ['food', 'city'] },
  { name: '白鹭洲公园', area: '临江市 · 湖滨区', kinds: ['flower', 'landscape', 'pet'] },
  { name: '松涛谷', area: '溪川县 · 松岭乡', kinds: ['landscape', 'people'] },
  { name: '梧桐里', area: '临江市 · 老城区', kinds: ['city', 'pet', 'food'] },
  { name: '银杏大道', area: '临江市 · 北苑区', kinds: ['landscape', 'flower', 'people'] },
  { name: '望江塔', area: '临江市 · 江北区', kinds: ['city', 'landscape'] },
  { name: '石榴小区', area: '临江市 · 北苑区', kinds: ['pet', 'food', 'flower'] },
];

export const PEOPLE_POOL = ['小雨', '阿杰', '妈妈', '爸爸', '朵朵', '老周', '思思', '大伟'] as const;

/** Names the seed gives user albums. */
export const ALBUM_NAMES = ['旅行', '家人', '美食记', '猫咪日常', '工作资料', '周末', '壁纸', '毕业季'] as const;

/** The word for each kind, in labels a screen reader reads and in search. */
export const KIND_WORDS: Record<PhotoKind, string> = {
  landscape: '风景',
  sea: '海边',
  food: '美食',
  pet: '宠物',
  city: '街景',
  people: '人像',
  flower: '花草',
  document: '文档',
  receipt: '小票',
  ticket: '车票',
  screenshot: '截屏',
};

export const CROP_LABELS: Record<Crop, string> = { original: '原始比例', '1:1': '1:1', '4:3': '4:3', '16:9': '16:9' };
export const FILTER_LABELS: Record<Filter, string> = { none: '原图', vivid: '鲜艳', mono: '黑白', warm: '暖色', cool: '冷色', film: '胶片' };
/** The CSS filter each photo filter is drawn with. */
export const FILTER_CSS: Record<Filter, string> = {
  none: 'none',
  vivid: 'saturate(1.7) contrast(1.08)',
  mono: 'grayscale(1)',
  warm: 'sepia(0.35) saturate(1.3) hue-rotate(-12deg)',
  cool: 'saturate(0.9) hue-rotate(28deg) brightness(1.04)',
  film: 'sepia(0.5) contrast(0.9) brightness(0.95)',
};

/** Days a photo stays in 最近删除. */
export const TRASH_DAYS = 30;
export const ALBUM_NAME_MAX = 20;
export const SEARCH_HISTORY_MAX = 8;
