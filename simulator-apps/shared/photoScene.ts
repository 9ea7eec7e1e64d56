/**
 * A photo-like picture, drawn from its kind and its art seed as plain SVG shapes (pure: the same
 * input gives the same shapes everywhere; no images, no network). Each kind has its own
 * composition and the seed varies palette, layout and details, so two pictures can be told apart
 * and described: a lake under a dusk sky with three ridges, a bowl of noodles on a red table, a
 * tabby cat on a sofa, a skyline at night, a receipt with its number. 相册's photos are drawn
 * with it (../photos/ui/PhotoArt.svelte), and so are 小橙书's note pictures (../notes/art.ts).
 */
import { Rng } from './rng.ts';
import { shapesMarkup, type Shape } from './svgShapes.ts';

/** What a picture shows: it decides the composition (and, in 相册, the word screen readers hear). */
export const SCENE_KINDS = ['landscape', 'sea', 'food', 'pet', 'city', 'people', 'flower', 'document', 'receipt', 'ticket', 'screenshot'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

/** What a picture is drawn from. */
export interface SceneSource {
  kind: SceneKind;
  /** Drawing seed (32-bit): with `kind`, it decides every shape and colour. */
  art: number;
  /** Pixels: portrait when taller than wide (a screenshot is always a tall phone screen). */
  width: number;
  height: number;
  /** The number printed on a receipt or a ticket; '' for other kinds. */
  code: string;
}


export interface Scene {
  /** The viewBox size: 120×90 landscape, 90×120 portrait, 54×120 a screenshot. */
  w: number;
  h: number;
  shapes: Shape[];
}

const SKIES = [
  { top: '#7FB8F0', low: '#CFE6FA', sun: '#FFF4C2', name: 'day' },
  { top: '#F08A5D', low: '#F9D29D', sun: '#FFE7A8', name: 'dusk' },
  { top: '#1D2B53', low: '#4B5A8A', sun: '#F2F0D8', name: 'night' },
  { top: '#A7C8E8', low: '#F3E1E8', sun: '#FFFFFF', name: 'dawn' },
  { top: '#8E9AAF', low: '#CBD0DA', sun: '#EDEDED', name: 'overcast' },
] as const;
const GREENS = ['#3E7C4F', '#5E9B5A', '#2F5D46', '#7BA05B', '#4F6D7A'];
const WARM = ['#E4572E', '#F3A712', '#A8201A', '#F0C987', '#C97B4A', '#8C5E3C'];
const BRIGHT = ['#E63946', '#F4A261', '#2A9D8F', '#E9C46A', '#6A4C93', '#1982C4', '#FF595E', '#8AC926'];

function ridge(rng: Rng, w: number, base: number, height: number): string {
  const n = rng.int(3, 6);
  let d = `M0 ${base}`;
  for (let i = 0; i <= n; i++) d += ` L${((i + 0.5) * w) / (n + 1)} ${base - rng.int(Math.round(height * 0.35), height)} L${((i + 1) * w) / (n + 1)} ${base - rng.int(0, Math.round(height * 0.3))}`;
  return `${d} L${w} ${base} Z`;
}

function sky(rng: Rng, w: number, h: number, out: Shape[]): (typeof SKIES)[number] {
  const s = rng.pick(SKIES);
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: s.top }, { tag: 'rect', x: 0, y: h * 0.35, w, h: h * 0.65, fill: s.low, opacity: 0.75 });
  if (s.name !== 'overcast') out.push({ tag: 'circle', cx: rng.int(12, w - 12), cy: rng.int(10, Math.round(h * 0.3)), r: rng.int(5, 11), fill: s.sun });
  else for (let i = 0; i < 3; i++) out.push({ tag: 'ellipse', cx: rng.int(0, w), cy: rng.int(8, 30), rx: rng.int(14, 26), ry: rng.int(4, 7), fill: '#F4F4F4', opacity: 0.8 });
  return s;
}

function landscape(rng: Rng, w: number, h: number, out: Shape[]): void {
  sky(rng, w, h, out);
  const greens = rng.shuffle(GREENS);
  const layers = rng.int(2, 3);
  for (let i = 0; i < layers; i++) out.push({ tag: 'path', d: ridge(rng, w, h * (0.62 + i * 0.1), h * (0.38 - i * 0.08)), fill: greens[i], opacity: 0.7 + i * 0.15 });
  if (rng.chance(0.6)) {
    const y = h * 0.8;
    out.push({ tag: 'rect', x: 0, y, w, h: h - y, fill: '#6FA8C8' }, { tag: 'rect', x: w * 0.2, y: y + 4, w: w * 0.5, h: 1.2, fill: '#FFFFFF', opacity: 0.6 });
  } else {
    for (let i = rng.int(3, 7); i > 0; i--) {
      const x = rng.int(4, w - 4);
      const b = h - rng.int(2, 10);
      out.push({ tag: 'path', d: `M${x} ${b - rng.int(12, 20)} L${x - 5} ${b} L${x + 5} ${b} Z`, fill: greens[layers] ?? '#2F5D46' });
    }
  }
}

function sea(rng: Rng, w: number, h: number, out: Shape[]): void {
  sky(rng, w, h, out);
  const horizon = h * rng.int(45, 58) / 100;
  out.push({ tag: 'rect', x: 0, y: horizon, w, h: h - horizon, fill: rng.pick(['#1F7A9E', '#2D9CDB', '#16697A']) });
  for (let i = 0; i < 4; i++) out.push({ tag: 'path', d: `M${rng.int(0, w / 2)} ${horizon + 6 + i * 6} q6 -3 12 0 t12 0`, fill: 'none', stroke: '#FFFFFF', width: 0.8, opacity: 0.7 });
  const beach = h * 0.8;
  out.push({ tag: 'path', d: `M0 ${beach} Q${w / 2} ${beach - 8} ${w} ${beach + 4} L${w} ${h} L0 ${h} Z`, fill: '#F2D8A7' });
  if (rng.chance(0.5)) out.push({ tag: 'path', d: `M${w * 0.7} ${horizon - 1} l8 0 l-2 4 l-5 0 Z M${w * 0.72 + 2} ${horizon - 1} l0 -8 l5 6 Z`, fill: '#FFFFFF' });
  else out.push({ tag: 'path', d: `M${w * 0.25} ${beach + 6} l0 -16 M${w * 0.25 - 10} ${beach - 10} q10 -8 20 0 Z`, fill: rng.pick(BRIGHT), stroke: '#5B4636', width: 1 });
}

function food(rng: Rng, w: number, h: number, out: Shape[]): void {
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: rng.pick(['#8C5E3C', '#B23A48', '#E9DCC9', '#2E4057', '#D9B48F']) });
  const cx = w / 2 + rng.int(-8, 8);
  const cy = h / 2 + rng.int(-6, 6);
  const r = Math.min(w, h) * 0.36;
  out.push({ tag: 'circle', cx, cy, r: r + 3, fill: '#FFFFFF' }, { tag: 'circle', cx, cy, r, fill: rng.pick(['#F7F3EA', '#EAF2F8', '#1F1F1F']) });
  const dish = rng.int(0, 3);
  if (dish === 0) {
    out.push({ tag: 'circle', cx, cy, r: r * 0.8, fill: '#C0392B' });
    for (let i = 0; i < 6; i++) out.push({ tag: 'path', d: `M${cx - r * 0.6} ${cy - r * 0.5 + i * r * 0.2} q${r * 0.3} -4 ${r * 0.6} 0 t${r * 0.6} 0`, fill: 'none', stroke: '#F5D76E', width: 1.4 });
    out.push({ tag: 'circle', cx: cx + r * 0.3, cy: cy - r * 0.2, r: r * 0.16, fill: '#FFF6E0' }, { tag: 'circle', cx: cx + r * 0.3, cy: cy - r * 0.2, r: r * 0.08, fill: '#F5B700' });
  } else if (dish === 1) {
    for (let i = 0; i < rng.int(4, 7); i++) out.push({ tag: 'ellipse', cx: cx + rng.int(-Math.round(r * 0.5), Math.round(r * 0.5)), cy: cy + rng.int(-Math.round(r * 0.5), Math.round(r * 0.5)), rx: r * 0.22, ry: r * 0.14, fill: '#FBF3E4' });
  } else if (dish === 2) {
    for (let i = 0; i < 6; i++) out.push({ tag: 'rect', x: cx - r * 0.6 + (i % 3) * r * 0.42, y: cy - r * 0.35 + Math.floor(i / 3) * r * 0.42, w: r * 0.34, h: r * 0.3, fill: '#FFFFFF', r: 1.5 }, { tag: 'rect', x: cx - r * 0.55 + (i % 3) * r * 0.42, y: cy - r * 0.3 + Math.floor(i / 3) * r * 0.42, w: r * 0.24, h: r * 0.12, fill: rng.pick(['#F26B38', '#E94B3C', '#2F9C95']) });
  } else {
    for (let i = 0; i < 9; i++) out.push({ tag: 'circle', cx: cx + rng.int(-Math.round(r * 0.6), Math.round(r * 0.6)), cy: cy + rng.int(-Math.round(r * 0.6), Math.round(r * 0.6)), r: rng.int(2, 5), fill: rng.pick(['#7BA05B', '#E4572E', '#F3A712', '#A8201A']) });
  }
  out.push({ tag: 'path', d: `M${w - 14} ${h * 0.1} L${w - 24} ${h * 0.9} M${w - 9} ${h * 0.1} L${w - 19} ${h * 0.9}`, fill: 'none', stroke: rng.pick(['#3B2F2F', '#C8A165']), width: 1.6 });
  if (rng.chance(0.5)) out.push({ tag: 'circle', cx: 14, cy: 14, r: 9, fill: '#FFFFFF' }, { tag: 'circle', cx: 14, cy: 14, r: 7, fill: rng.pick(['#6F4E37', '#B5651D', '#8FBC8F']) });
}

function pet(rng: Rng, w: number, h: number, out: Shape[]): void {
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: rng.pick(['#F1E3D3', '#CDE7E2', '#E6E1F0', '#F6D6AD']) }, { tag: 'rect', x: 0, y: h * 0.68, w, h: h * 0.32, fill: rng.pick(['#B08968', '#7F8C8D', '#9C6644', '#5D737E']) });
  const cat = rng.chance(0.55);
  const fur = rng.pick(cat ? ['#F39C12', '#333333', '#8E8E8E', '#F5F5F5', '#C68B59'] : ['#C68B59', '#F5DEB3', '#3B3B3B', '#FFFFFF', '#A0522D']);
  const cx = w * rng.int(38, 62) / 100;
  const base = h * 0.78;
  out.push({ tag: 'ellipse', cx, cy: base - 10, rx: 20, ry: 13, fill: fur }, { tag: 'circle', cx: cx + 14, cy: base - 26, r: 11, fill: fur });
  if (cat) out.push({ tag: 'path', d: `M${cx + 5} ${base - 32} l2 -11 l6 7 Z M${cx + 16} ${base - 35} l6 -9 l3 10 Z`, fill: fur }, { tag: 'path', d: `M${cx - 18} ${base - 12} q-12 -4 -8 -22`, fill: 'none', stroke: fur, width: 4 });
  else out.push({ tag: 'ellipse', cx: cx + 5, cy: base - 25, rx: 4, ry: 8, fill: '#6B4226' }, { tag: 'ellipse', cx: cx + 24, cy: base - 25, rx: 4, ry: 8, fill: '#6B4226' }, { tag: 'path', d: `M${cx - 18} ${base - 14} q-8 -6 -6 -14`, fill: 'none', stroke: fur, width: 3 });
  const eye = fur === '#333333' || fur === '#3B3B3B' ? '#F4D03F' : '#222222';
  out.push({ tag: 'circle', cx: cx + 10, cy: base - 27, r: 1.6, fill: eye }, { tag: 'circle', cx: cx + 18, cy: base - 27, r: 1.6, fill: eye }, { tag: 'circle', cx: cx + 14, cy: base - 22.5, r: 1.2, fill: '#D35400' });
  if (cat && rng.chance(0.5)) for (let i = 0; i < 3; i++) out.push({ tag: 'path', d: `M${cx - 8 + i * 7} ${base - 21} l3 8`, fill: 'none', stroke: '#00000055', width: 1.5 });
  if (rng.chance(0.5)) out.push({ tag: 'circle', cx: w * 0.15, cy: base, r: 5, fill: rng.pick(BRIGHT) });
}

function city(rng: Rng, w: number, h: number, out: Shape[]): void {
  const s = sky(rng, w, h, out);
  const night = s.name === 'night' || s.name === 'dusk';
  let x = -rng.int(0, 6);
  while (x < w) {
    const bw = rng.int(10, 22);
    const bh = rng.int(Math.round(h * 0.25), Math.round(h * 0.7));
    const color = rng.pick(night ? ['#2C3E50', '#34495E', '#1B2631'] : ['#95A5A6', '#BDC3C7', '#7F8C8D', '#D5DBDB', '#A3B1C6']);
    out.push({ tag: 'rect', x, y: h * 0.85 - bh, w: bw, h: bh, fill: color });
    // A building's lit windows as one path (a shape per window would cost a node each).
    let windows = '';
    for (let wy = h * 0.85 - bh + 4; wy < h * 0.82; wy += 6) for (let wx = x + 2; wx < x + bw - 3; wx += 5) if (rng.chance(night ? 0.5 : 0.8)) windows += `M${wx.toFixed(1)} ${wy.toFixed(1)}h2.4v3h-2.4z`;
    if (windows) out.push({ tag: 'path', d: windows, fill: night ? '#F7DC6F' : '#EAF2F8' });
    x += bw + rng.int(0, 4);
  }
  if (rng.chance(0.4)) out.push({ tag: 'path', d: `M${w * 0.72} ${h * 0.85} L${w * 0.75} ${h * 0.12} L${w * 0.78} ${h * 0.85} Z`, fill: night ? '#5D6D7E' : '#616A6B' }, { tag: 'circle', cx: w * 0.75, cy: h * 0.3, r: 3.5, fill: night ? '#E74C3C' : '#ABB2B9' });
  out.push({ tag: 'rect', x: 0, y: h * 0.85, w, h: h * 0.15, fill: '#4D5656' }, { tag: 'rect', x: 0, y: h * 0.92, w, h: 0.8, fill: '#F4F6F6', opacity: 0.7 });
}

function people(rng: Rng, w: number, h: number, out: Shape[]): void {
  sky(rng, w, h, out);
  out.push({ tag: 'rect', x: 0, y: h * 0.72, w, h: h * 0.28, fill: rng.pick(GREENS) });
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) {
    const cx = (w * (i + 1)) / (n + 1) + rng.int(-4, 4);
    const top = h * rng.int(35, 48) / 100;
    const shirt = rng.pick(BRIGHT);
    out.push({ tag: 'path', d: `M${cx - 14} ${h} L${cx - 12} ${top + 22} Q${cx} ${top + 14} ${cx + 12} ${top + 22} L${cx + 14} ${h} Z`, fill: shirt }, { tag: 'circle', cx, cy: top + 6, r: 9, fill: rng.pick(['#F1C27D', '#E0AC69', '#C68642', '#FFDBAC']) });
    out.push({ tag: 'path', d: `M${cx - 9.5} ${top + 6} Q${cx} ${top - 10} ${cx + 9.5} ${top + 6} Q${cx} ${top - 1} ${cx - 9.5} ${top + 6} Z`, fill: rng.pick(['#2C1B0F', '#4A3222', '#1C1C1C', '#7B4B2A']) });
  }
}

function flower(rng: Rng, w: number, h: number, out: Shape[]): void {
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: rng.pick(['#A8D5BA', '#DCEDC1', '#B5D99C', '#E8F3D6']) });
  const petal = rng.pick(['#FF6F91', '#FFC75F', '#F9F871', '#C34A36', '#D65DB1', '#FFFFFF']);
  for (let i = rng.int(2, 5); i > 0; i--) {
    const cx = rng.int(14, w - 14);
    const cy = rng.int(14, h - 30);
    const r = rng.int(5, 10);
    out.push({ tag: 'path', d: `M${cx} ${cy} L${cx + rng.int(-6, 6)} ${h}`, fill: 'none', stroke: '#3E7C4F', width: 1.6 });
    for (let k = 0; k < 6; k++) {
      const a = (k * Math.PI) / 3;
      out.push({ tag: 'circle', cx: cx + Math.cos(a) * r * 0.9, cy: cy + Math.sin(a) * r * 0.9, r: r * 0.6, fill: petal, opacity: 0.92 });
    }
    out.push({ tag: 'circle', cx, cy, r: r * 0.45, fill: '#F4B400' });
  }
}

function paper(rng: Rng, w: number, h: number, out: Shape[], pw: number, ph: number): { x: number; y: number } {
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: rng.pick(['#6D4C41', '#546E7A', '#8D6E63', '#37474F']) });
  const x = (w - pw) / 2;
  const y = (h - ph) / 2;
  out.push({ tag: 'rect', x, y, w: pw, h: ph, fill: '#FAFAF7', rot: rng.int(-4, 4) });
  return { x, y };
}

function documentArt(rng: Rng, w: number, h: number, out: Shape[]): void {
  const { x, y } = paper(rng, w, h, out, w * 0.72, h * 0.84);
  out.push({ tag: 'rect', x: x + 6, y: y + 7, w: w * 0.4, h: 4, fill: rng.pick(['#1F4E79', '#7B241C', '#1E8449']) });
  for (let i = 0; i < 11; i++) out.push({ tag: 'rect', x: x + 6, y: y + 17 + i * 7, w: w * 0.72 - 12 - rng.int(0, 18), h: 2, fill: '#9E9E9E' });
  if (rng.chance(0.5)) out.push({ tag: 'circle', cx: x + w * 0.55, cy: y + h * 0.7, r: 8, fill: 'none', opacity: 0.8 }, { tag: 'path', d: `M${x + w * 0.55 - 8} ${y + h * 0.7} a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0`, fill: 'none', stroke: '#C0392B', width: 1.2 });
}

function receipt(rng: Rng, w: number, h: number, out: Shape[], code: string): void {
  const { x, y } = paper(rng, w, h, out, w * 0.7, h * 0.88);
  const cx = w / 2;
  out.push({ tag: 'text', x: cx, y: y + 12, text: '购物小票', size: 7, fill: '#333333', weight: 600, anchor: 'middle' });
  out.push({ tag: 'text', x: cx, y: y + 24, text: `No.${code}`, size: 7, fill: '#111111', weight: 700, anchor: 'middle' });
  for (let i = 0; i < 5; i++) out.push({ tag: 'rect', x: x + 6, y: y + 32 + i * 7, w: w * 0.34 - rng.int(0, 8), h: 2, fill: '#9E9E9E' }, { tag: 'rect', x: x + w * 0.7 - 16, y: y + 32 + i * 7, w: 10, h: 2, fill: '#9E9E9E' });
  out.push({ tag: 'text', x: x + 6, y: y + 78, text: `合计 ${rng.int(12, 188)}.${rng.int(0, 9)}0`, size: 6.5, fill: '#111111', weight: 600 });
  for (let i = 0; i < 14; i++) out.push({ tag: 'rect', x: x + 8 + i * 3.4, y: y + 88, w: rng.int(1, 2), h: 12, fill: '#222222' });
}

function ticket(rng: Rng, w: number, h: number, out: Shape[], code: string): void {
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: '#ECEFF1' });
  const color = rng.pick(['#AED6F1', '#F5B7B1', '#ABEBC6']);
  out.push({ tag: 'rect', x: 8, y: 14, w: w - 16, h: h - 28, fill: color, r: 3 }, { tag: 'rect', x: 8, y: 14, w: w - 16, h: 10, fill: '#FFFFFF', opacity: 0.5 });
  out.push({ tag: 'text', x: 13, y: 22, text: '电子客票', size: 6.5, fill: '#1B2631', weight: 600 });
  out.push({ tag: 'text', x: w / 2, y: h / 2 + 2, text: code, size: 10, fill: '#C0392B', weight: 700, anchor: 'middle' });
  out.push({ tag: 'path', d: `M18 ${h / 2 + 14} h${w - 36}`, fill: 'none', stroke: '#1B2631', width: 0.8 });
  out.push({ tag: 'text', x: 13, y: h - 20, text: `${rng.int(1, 16)}车${pad(rng.int(1, 20))}${rng.pick(['A', 'B', 'C', 'D', 'F'])}号`, size: 6, fill: '#1B2631' });
}

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

function screenshot(rng: Rng, w: number, h: number, out: Shape[]): void {
  const accent = rng.pick(['#07C160', '#FF4D2E', '#1677FF', '#FFC300', '#6A4C93']);
  out.push({ tag: 'rect', x: 0, y: 0, w, h, fill: rng.chance(0.3) ? '#1E1E1E' : '#F5F5F5' }, { tag: 'rect', x: 0, y: 0, w, h: 5, fill: '#DDDDDD' }, { tag: 'rect', x: 0, y: 5, w, h: 11, fill: accent });
  const layout = rng.int(0, 2);
  if (layout === 0) {
    for (let i = 0; i < 8; i++) out.push({ tag: 'circle', cx: 7, cy: 23 + i * 12, r: 4, fill: rng.pick(BRIGHT) }, { tag: 'rect', x: 14, y: 20 + i * 12, w: rng.int(18, 34), h: 2.5, fill: '#888888' }, { tag: 'rect', x: 14, y: 25 + i * 12, w: rng.int(10, 28), h: 2, fill: '#BBBBBB' });
  } else if (layout === 1) {
    for (let i = 0; i < 7; i++) {
      const mine = rng.chance(0.5);
      const bw = rng.int(14, 32);
      out.push({ tag: 'rect', x: mine ? w - bw - 4 : 4, y: 22 + i * 13, w: bw, h: 8, r: 2, fill: mine ? '#95EC69' : '#FFFFFF' });
    }
  } else {
    out.push({ tag: 'rect', x: 4, y: 20, w: w - 8, h: 36, r: 2, fill: rng.pick(BRIGHT) });
    for (let i = 0; i < 4; i++) out.push({ tag: 'rect', x: 4 + (i % 2) * 24, y: 60 + Math.floor(i / 2) * 26, w: 22, h: 22, r: 2, fill: rng.pick(WARM) });
  }
  out.push({ tag: 'rect', x: 0, y: h - 9, w, h: 9, fill: '#FFFFFF' });
}

/** Each kind's composition; receipts and tickets print the picture's code. */
const DRAW: Record<SceneKind, (rng: Rng, w: number, h: number, out: Shape[], code: string) => void> = {
  landscape,
  sea,
  food,
  pet,
  city,
  people,
  flower,
  document: documentArt,
  receipt,
  ticket,
  screenshot,
};

/** The scene of a picture (for a photo, before its edit is applied). */
export function photoScene(p: SceneSource): Scene {
  const rng = new Rng(p.art);
  const shapes: Shape[] = [];
  const [w, h] = p.kind === 'screenshot' ? [54, 120] : p.height > p.width ? [90, 120] : [120, 90];
  DRAW[p.kind](rng, w, h, shapes, p.code);
  return { w, h, shapes };
}

export type { Shape };

/** The scene as SVG markup for the inside of an `<svg>` (see ./svgShapes.ts). */
export function sceneMarkup(scene: Scene): string {
  return shapesMarkup(scene.shapes);
}
