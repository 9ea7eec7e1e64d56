/**
 * A memo's sketch as SVG shapes drawn from its seed: a scene (a house, a tree, a room plan, a
 * flower, hills with a sun, a mug) in pencil strokes and two seeded ink colours. Pure; the same
 * seed gives the same picture everywhere, two seeds almost always different scenes or colours.
 */
import { Rng } from '../shared/rng.ts';

export type SketchShape =
  | { kind: 'path'; d: string; stroke: string; width: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; stroke: string; width: number; fill: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; stroke: string; width: number; fill: string };

export interface Sketch {
  paper: string;
  scene: string;
  shapes: SketchShape[];
}

const INKS = ['#2F3A4A', '#3B5BA5', '#8A3B2E', '#2E6B4F', '#6A3F8C', '#9A6A12'] as const;
const WASHES = ['#F6C744', '#7FC4E8', '#F08A7E', '#9ED39B', '#C7A6EC', '#F4A95C'] as const;
const PAPERS = ['#FFFDF6', '#FBF8EE', '#F7FAFC', '#FFF8F3'] as const;
export const SCENES = ['house', 'tree', 'room', 'flower', 'hills', 'mug'] as const;

/** A wobbly line through points (a hand-drawn stroke): each segment's middle nudged a little. */
function wobble(rng: Rng, pts: [number, number][], closed = false): string {
  const all = closed ? [...pts, pts[0]!] : pts;
  let d = `M${all[0]![0]} ${all[0]![1]}`;
  for (let i = 1; i < all.length; i++) {
    const [x0, y0] = all[i - 1]!;
    const [x1, y1] = all[i]!;
    const mx = (x0 + x1) / 2 + rng.int(-3, 3);
    const my = (y0 + y1) / 2 + rng.int(-3, 3);
    d += ` Q${mx} ${my} ${x1} ${y1}`;
  }
  return d;
}

/** The sketch in a 160×100 box. */
export function drawSketch(seed: number): Sketch {
  const rng = new Rng(seed >>> 0);
  const ink = rng.pick(INKS);
  const wash = rng.pick(WASHES);
  const paper = rng.pick(PAPERS);
  const scene = rng.pick(SCENES);
  const line = (pts: [number, number][], closed = false, fill = 'none', width = 2): SketchShape => ({ kind: 'path', d: wobble(rng, pts, closed), stroke: ink, width, fill });
  const shapes: SketchShape[] = [];
  const x = rng.int(-12, 12);
  if (scene === 'house') {
    shapes.push(line([[50 + x, 55], [80 + x, 28], [110 + x, 55]], false, 'none', 2.4));
    shapes.push({ kind: 'rect', x: 55 + x, y: 55, w: 50, h: 35, stroke: ink, width: 2, fill: wash });
    shapes.push({ kind: 'rect', x: 74 + x, y: 68, w: 12, h: 22, stroke: ink, width: 1.6, fill: paper });
    shapes.push({ kind: 'circle', cx: 135, cy: 22, r: rng.int(8, 12), stroke: ink, width: 1.4, fill: 'none' });
  } else if (scene === 'tree') {
    shapes.push(line([[80 + x, 92], [80 + x, 52]], false, 'none', 4));
    for (let i = 0; i < 3; i++) shapes.push({ kind: 'circle', cx: 66 + x + i * 14, cy: 40 + (i % 2) * 8, r: rng.int(14, 19), stroke: ink, width: 1.8, fill: i === 1 ? wash : 'none' });
    shapes.push(line([[10, 92], [150, 92]], false, 'none', 1.4));
  } else if (scene === 'room') {
    shapes.push({ kind: 'rect', x: 14, y: 10, w: 132, h: 80, stroke: ink, width: 2.4, fill: 'none' });
    shapes.push({ kind: 'rect', x: 22 + rng.int(0, 10), y: 18, w: 46, h: 18, stroke: ink, width: 1.6, fill: wash });
    shapes.push({ kind: 'circle', cx: 100 + x, cy: 56, r: 12, stroke: ink, width: 1.6, fill: 'none' });
    shapes.push({ kind: 'rect', x: 118, y: 66, w: 22, h: 20, stroke: ink, width: 1.6, fill: 'none' });
    shapes.push(line([[14, 60], [14, 76]], false, 'none', 4));
  } else if (scene === 'flower') {
    const cx = 80 + x;
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      shapes.push({ kind: 'circle', cx: Math.round(cx + Math.cos(a) * 13), cy: Math.round(38 + Math.sin(a) * 13), r: 9, stroke: ink, width: 1.4, fill: wash });
    }
    shapes.push({ kind: 'circle', cx, cy: 38, r: 7, stroke: ink, width: 1.6, fill: paper });
    shapes.push(line([[cx, 52], [cx - 4, 72], [cx, 94]], false, 'none', 2.2));
    shapes.push(line([[cx - 2, 76], [cx - 18, 66], [cx - 4, 72]], true, wash, 1.4));
  } else if (scene === 'hills') {
    shapes.push(line([[6, 90], [40 + x, 44], [76, 80], [108 + x, 36], [154, 90]], false, 'none', 2.2));
    shapes.push({ kind: 'circle', cx: 124, cy: 20, r: 11, stroke: ink, width: 1.6, fill: wash });
    shapes.push(line([[20, 26], [30, 22], [40, 26]], false, 'none', 1.4));
  } else {
    shapes.push({ kind: 'rect', x: 56 + x, y: 40, w: 40, h: 46, stroke: ink, width: 2.2, fill: wash });
    shapes.push(line([[96 + x, 50], [110 + x, 52], [110 + x, 70], [96 + x, 74]], false, 'none', 2));
    for (let i = 0; i < 3; i++) shapes.push(line([[64 + x + i * 10, 32], [68 + x + i * 10, 22], [64 + x + i * 10, 12]], false, 'none', 1.3));
  }
  // A few pencil hatches in the corner make two sketches of one scene look different too.
  const hatches = rng.int(2, 5);
  for (let i = 0; i < hatches; i++) shapes.push(line([[8 + i * 6, 98], [18 + i * 6, 82]], false, 'none', 1));
  return { paper, scene, shapes };
}
