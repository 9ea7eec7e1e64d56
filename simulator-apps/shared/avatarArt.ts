/**
 * A person's avatar picture, drawn from who they are (the name the phone knows them by) as plain
 * SVG shapes in a 100×100 box. Pure: the same person gets the same picture in 轻聊, 电话, 邮箱 and
 * 小橙书. Like real avatars, most are an illustrated bust (skin tone, hair style and colour,
 * glasses, a shirt on a coloured background), some a scenery "photo" and a few a pet. Services
 * and organisations are not drawn here: they keep a letter (../shared/PersonAvatar.svelte).
 */
import { Kept } from './kept.ts';
import { hashString, Rng } from './rng.ts';
import { shapesMarkup, type Shape } from './svgShapes.ts';

export type AvatarPictureKind = 'bust' | 'scenery' | 'pet';

export interface AvatarPicture {
  kind: AvatarPictureKind;
  shapes: Shape[];
}

const BACKGROUNDS = ['#CFE3F7', '#F9D9C9', '#DCEFD8', '#EADCF5', '#FBEAB8', '#D5EEF0', '#F6D3DF', '#E3E6EA', '#FFD8A8', '#BFD7EA'];
const SKINS = ['#F8DCC8', '#F2CFB3', '#EBC1A0', '#E0AE88', '#C98E66', '#A66E4A'];
const HAIR_COLORS = ['#1E1A19', '#1E1A19', '#2F2420', '#3F2C22', '#5B3B28', '#8A5A3B', '#A9A39E', '#6E2F2B'];
const SHIRTS = ['#4A6FA5', '#E07A5F', '#3D9970', '#F2C14E', '#5E548E', '#2B2D42', '#E5E5E5', '#D1495B', '#00798C', '#8D6E63'];
const FRAMES = ['#2B2B2B', '#7A4E2D', '#A0A4AA', '#B03A48'];

const HAIR_STYLES = ['short', 'sidePart', 'long', 'bob', 'bun', 'buzz', 'curly', 'ponytail'] as const;
type HairStyle = (typeof HAIR_STYLES)[number];

/**
 * Hair styles by what a name suggests, so 刘德明 does not get a ponytail: a name is read the same
 * way in every app (none of them but 轻聊 knows a gender), by the characters given names and
 * forms of address usually carry; a name that says nothing may get any style.
 */
const FEMININE_HAIR: readonly HairStyle[] = ['long', 'bob', 'bun', 'ponytail', 'long', 'curly'];
const MASCULINE_HAIR: readonly HairStyle[] = ['short', 'sidePart', 'buzz', 'short', 'curly'];
const FEMININE_MARKS = /[婷琪欣怡雅琳慧桐雯婉馨娜静曦琴兰燕晴萱诗梦丽芳敏霞妈姐妹姨奶婆嫂娟玲莉薇媛蕾瑶悦蓉颖洁彤妍]|女士|小姐/;
const MASCULINE_MARKS = /[强杰磊浩伟军博豪昊航国爸哥叔爷斌鹏刚勇峰涛超辉亮骁鸣]|先生|师傅|总$/;

/** Whether a name reads as a woman's or a man's (by its characters), or says nothing. */
export function nameSuggests(name: string): 'female' | 'male' | 'nothing' {
  const feminine = FEMININE_MARKS.test(name);
  const masculine = MASCULINE_MARKS.test(name);
  return feminine && !masculine ? 'female' : masculine && !feminine ? 'male' : 'nothing';
}

function hairStyleFor(rng: Rng, name: string): HairStyle {
  const suggests = nameSuggests(name);
  return rng.pick(suggests === 'female' ? FEMININE_HAIR : suggests === 'male' ? MASCULINE_HAIR : HAIR_STYLES);
}

/** Hair drawn behind the head (long hair falling to the shoulders), or nothing. */
function hairBehind(style: HairStyle, fill: string): Shape[] {
  switch (style) {
    case 'long':
      return [{ tag: 'path', d: 'M29 46 C26 20 42 16 50 16 C60 16 75 21 71 46 L74 82 C64 86 36 86 26 82 Z', fill }];
    case 'bob':
      return [{ tag: 'path', d: 'M29 48 C26 22 40 17 50 17 C61 17 74 22 71 48 L72 64 C64 67 36 67 28 64 Z', fill }];
    case 'ponytail':
      return [{ tag: 'ellipse', cx: 71, cy: 50, rx: 7, ry: 16, fill }];
    case 'bun':
      return [{ tag: 'circle', cx: 50, cy: 17, r: 9, fill }];
    default:
      return [];
  }
}

/** Hair drawn over the top of the head. */
function hairOnTop(style: HairStyle, fill: string): Shape[] {
  switch (style) {
    case 'short':
      return [{ tag: 'path', d: 'M32 47 C29 25 40 19 50 19 C62 19 72 26 68 47 C66 36 60 31 50 31 C41 31 35 36 32 47 Z', fill }];
    case 'sidePart':
      return [{ tag: 'path', d: 'M32 46 C29 24 44 17 55 19 C67 21 72 32 68 47 C64 34 55 30 43 35 C38 37 34 41 32 46 Z', fill }];
    case 'long':
    case 'bob':
      return [{ tag: 'path', d: 'M32 44 C31 26 41 21 50 21 C60 21 69 26 68 44 C64 34 58 31 50 30 C45 33 38 36 32 44 Z', fill }];
    case 'bun':
    case 'ponytail':
      return [{ tag: 'path', d: 'M32 44 C31 26 41 21 50 21 C60 21 69 26 68 44 C63 33 57 29 50 29 C43 29 37 33 32 44 Z', fill }];
    case 'buzz':
      return [{ tag: 'path', d: 'M33 40 C33 26 41 22 50 22 C59 22 67 26 67 40 C62 32 56 30 50 30 C44 30 38 32 33 40 Z', fill, opacity: 0.85 }];
    case 'curly': {
      const out: Shape[] = [];
      for (const [cx, cy] of [[34, 38], [37, 28], [44, 22], [52, 20], [60, 23], [66, 30], [67, 39]] as const) out.push({ tag: 'circle', cx, cy, r: 7, fill });
      return out;
    }
  }
}

function bust(rng: Rng, name: string): Shape[] {
  const skin = rng.pick(SKINS);
  const hair = rng.pick(HAIR_COLORS);
  const style = hairStyleFor(rng, name);
  const shirt = rng.pick(SHIRTS);
  const out: Shape[] = [{ tag: 'rect', x: 0, y: 0, w: 100, h: 100, fill: rng.pick(BACKGROUNDS) }];
  out.push(...hairBehind(style, hair));
  out.push({ tag: 'path', d: 'M12 100 C14 79 31 70 50 70 C69 70 86 79 88 100 Z', fill: shirt });
  out.push({ tag: 'rect', x: 43, y: 56, w: 14, h: 16, r: 5, fill: skin });
  out.push({ tag: 'path', d: 'M43 70 L50 78 L57 70 Z', fill: skin });
  out.push({ tag: 'circle', cx: 33, cy: 47, r: 4.5, fill: skin }, { tag: 'circle', cx: 67, cy: 47, r: 4.5, fill: skin });
  out.push({ tag: 'ellipse', cx: 50, cy: 44, rx: 17, ry: 20, fill: skin });
  out.push(...hairOnTop(style, hair));
  const eyeY = rng.int(45, 47);
  out.push({ tag: 'circle', cx: 43, cy: eyeY, r: 2, fill: '#2A211D' }, { tag: 'circle', cx: 57, cy: eyeY, r: 2, fill: '#2A211D' });
  out.push({ tag: 'path', d: `M39 ${eyeY - 5} L46 ${eyeY - 5.5}`, fill: 'none', stroke: hair, width: 1.6 }, { tag: 'path', d: `M54 ${eyeY - 5.5} L61 ${eyeY - 5}`, fill: 'none', stroke: hair, width: 1.6 });
  const smile = rng.int(0, 2);
  out.push({ tag: 'path', d: smile === 0 ? 'M45 56 Q50 60 55 56' : smile === 1 ? 'M46 56.5 Q50 58 54 56.5' : 'M44 55 Q50 61 56 55', fill: 'none', stroke: '#9B4F43', width: 1.6 });
  if (rng.chance(0.5)) out.push({ tag: 'circle', cx: 38, cy: 52, r: 3, fill: '#F08080', opacity: 0.25 }, { tag: 'circle', cx: 62, cy: 52, r: 3, fill: '#F08080', opacity: 0.25 });
  if (rng.chance(0.3)) {
    const frame = rng.pick(FRAMES);
    out.push({ tag: 'path', d: `M37.5 ${eyeY} a5.5 5.5 0 1 0 11 0 a5.5 5.5 0 1 0 -11 0 M51.5 ${eyeY} a5.5 5.5 0 1 0 11 0 a5.5 5.5 0 1 0 -11 0 M48.5 ${eyeY} L51.5 ${eyeY}`, fill: 'none', stroke: frame, width: 1.4 });
  }
  if (rng.chance(0.3)) out.push({ tag: 'path', d: 'M40 70 L50 80 L60 70', fill: 'none', stroke: '#FFFFFF', width: 2, opacity: 0.7 });
  return out;
}

const SKIES = [
  { top: '#6FAEE8', low: '#CFE6FA', sun: '#FFF4C2' },
  { top: '#F08A5D', low: '#F9D29D', sun: '#FFE7A8' },
  { top: '#23305E', low: '#56659A', sun: '#F2F0D8' },
  { top: '#A7C8E8', low: '#F3E1E8', sun: '#FFFFFF' },
] as const;
const LANDS = ['#3E7C4F', '#5E9B5A', '#2F5D46', '#4F6D7A', '#7A6A8F'];
const SEAS = ['#2E86AB', '#1B6A8A', '#3FA7C9'];

function ridge(rng: Rng, base: number, height: number): string {
  const n = rng.int(2, 4);
  let d = `M0 ${base}`;
  for (let i = 0; i <= n; i++) d += ` L${((i + 0.5) * 100) / (n + 1)} ${base - rng.int(Math.round(height * 0.4), height)} L${((i + 1) * 100) / (n + 1)} ${base - rng.int(0, Math.round(height * 0.3))}`;
  return `${d} L100 100 L0 100 Z`;
}

/** A holiday picture: sky, sun or moon, then hills or a sea horizon. */
function scenery(rng: Rng): Shape[] {
  const sky = rng.pick(SKIES);
  const out: Shape[] = [
    { tag: 'rect', x: 0, y: 0, w: 100, h: 100, fill: sky.top },
    { tag: 'rect', x: 0, y: 40, w: 100, h: 60, fill: sky.low, opacity: 0.7 },
    { tag: 'circle', cx: rng.int(20, 80), cy: rng.int(18, 38), r: rng.int(8, 13), fill: sky.sun },
  ];
  if (rng.chance(0.5)) {
    const horizon = rng.int(58, 68);
    out.push({ tag: 'rect', x: 0, y: horizon, w: 100, h: 100 - horizon, fill: rng.pick(SEAS) });
    out.push({ tag: 'rect', x: 30, y: horizon + 3, w: 40, h: 2, fill: '#FFFFFF', opacity: 0.5 });
    if (rng.chance(0.5)) out.push({ tag: 'path', d: `M0 100 L0 ${horizon + 18} Q30 ${horizon + 12} 60 100 Z`, fill: '#E9D3A6' });
  } else {
    out.push({ tag: 'path', d: ridge(rng, 78, 34), fill: rng.pick(LANDS), opacity: 0.75 });
    out.push({ tag: 'path', d: ridge(rng, 96, 26), fill: rng.pick(LANDS) });
  }
  return out;
}

const FURS = ['#E8A25A', '#9A9A9A', '#3A3A3A', '#F2EEE8', '#8B5E3C', '#E9D3B0'];

/** A pet's face close up: a cat (pointed ears) or a dog (floppy ears). */
function pet(rng: Rng): Shape[] {
  const fur = rng.pick(FURS);
  const dark = fur === '#3A3A3A';
  const out: Shape[] = [{ tag: 'rect', x: 0, y: 0, w: 100, h: 100, fill: rng.pick(BACKGROUNDS) }];
  const cat = rng.chance(0.5);
  if (cat) out.push({ tag: 'path', d: 'M24 46 L28 16 L46 32 Z M76 46 L72 16 L54 32 Z', fill: fur });
  out.push({ tag: 'ellipse', cx: 50, cy: 56, rx: 30, ry: 27, fill: fur });
  if (!cat) out.push({ tag: 'ellipse', cx: 22, cy: 52, rx: 9, ry: 18, fill: rng.pick(['#5B3B28', '#8B5E3C', '#3A3A3A', fur]) }, { tag: 'ellipse', cx: 78, cy: 52, rx: 9, ry: 18, fill: rng.pick(['#5B3B28', '#8B5E3C', '#3A3A3A', fur]) });
  if (rng.chance(0.5)) out.push({ tag: 'ellipse', cx: 50, cy: 68, rx: 15, ry: 11, fill: '#FFFFFF', opacity: 0.85 });
  const eye = dark ? '#F2D15C' : '#2A211D';
  out.push({ tag: 'circle', cx: 39, cy: 52, r: 3.5, fill: eye }, { tag: 'circle', cx: 61, cy: 52, r: 3.5, fill: eye });
  out.push({ tag: 'ellipse', cx: 50, cy: 62, rx: 4, ry: 3, fill: cat ? '#E58A9A' : '#2A211D' });
  out.push({ tag: 'path', d: 'M44 68 Q50 72 50 65 Q50 72 56 68', fill: 'none', stroke: dark ? '#DDDDDD' : '#5A4038', width: 1.4 });
  if (cat) out.push({ tag: 'path', d: 'M20 60 L34 62 M20 66 L34 65 M80 60 L66 62 M80 66 L66 65', fill: 'none', stroke: dark ? '#DDDDDD' : '#6A5A52', width: 1 });
  return out;
}

/** The picture of the person the phone knows by `key` (their name; see PersonAvatar.svelte). */
export function avatarPicture(key: string): AvatarPicture {
  const rng = new Rng(hashString(`avatar:${key}`));
  const roll = rng.int(0, 99);
  if (roll < 70) return { kind: 'bust', shapes: bust(rng, key) };
  if (roll < 86) return { kind: 'scenery', shapes: scenery(rng) };
  return { kind: 'pet', shapes: pet(rng) };
}

/** Pictures by key, for the people a list shows again on every render (a reset, a new message). */
const picturesByKey = new Kept<string, { id: string; shapes: readonly Shape[] }>(1000);

/**
 * The picture's shapes (in a 100×100 box) and an id that names it: two keys with the same id
 * draw the same picture (the id is a hash of its SVG markup).
 */
export function avatarShapes(key: string): { id: string; shapes: readonly Shape[] } {
  return picturesByKey.get(key, () => {
    const shapes = avatarPicture(key).shapes;
    return { id: hashString(shapesMarkup(shapes)).toString(36), shapes };
  });
}

/** The picture as SVG markup for the inside of a `viewBox="0 0 100 100"` `<svg>`. */
export function avatarMarkup(key: string): string {
  return shapesMarkup(avatarPicture(key).shapes);
}
