/**
 * Seeded pictures (./svgShapes.ts shapes) as PNG images: drawn once on a canvas, shown with an
 * `<img>`. One element per picture where the SVG form costs one per shape: a chat list's first
 * screen shows some 60 avatars (a group's is a grid of its members'), about 600 SVG shapes the
 * browser would style and lay out again on every reset into it (measured: 39 ms a reset with them,
 * 24 as images, 22 with no pictures at all). A data URL loads at once (Chromium does not wait a
 * task for it) and PNG is lossless, so the image shows exactly the canvas's pixels, and the same
 * shapes at the same size and pixel ratio give the same pixels. `settle` still waits for any image
 * not yet complete.
 *
 * Use: `<img alt="" src={shapesPng(id, shapes, size)} width={size} height={size}>` for a square
 * picture of `size` CSS pixels whose shapes are in a 100×100 box. Text shapes are not drawn (a
 * canvas does not wait for a web font): pictures with text stay SVG.
 */
import { Kept } from './kept.ts';
import type { Shape } from './svgShapes.ts';

/** Path data parsed once: the same hair, shirt and ears come back in every avatar. */
const paths = new Kept<string, Path2D>(2000);
const pathOf = (d: string): Path2D => paths.get(d, () => new Path2D(d));

/** Draws `shapes` (in a 100×100 box) onto `ctx` as a square of `side` device pixels at (x, y). */
export function drawShapes(ctx: CanvasRenderingContext2D, shapes: readonly Shape[], side: number, x = 0, y = 0): void {
  ctx.setTransform(side / 100, 0, 0, side / 100, x, y);
  ctx.lineCap = 'round';
  for (const s of shapes) {
    ctx.globalAlpha = 'opacity' in s && s.opacity !== undefined ? s.opacity : 1;
    switch (s.tag) {
      case 'rect':
        ctx.fillStyle = s.fill;
        if (s.rot) {
          ctx.save();
          ctx.translate(s.x + s.w / 2, s.y + s.h / 2);
          ctx.rotate((s.rot * Math.PI) / 180);
          ctx.translate(-(s.x + s.w / 2), -(s.y + s.h / 2));
        }
        if (s.r) {
          ctx.beginPath();
          ctx.roundRect(s.x, s.y, s.w, s.h, Math.min(s.r, s.w / 2, s.h / 2));
          ctx.fill();
        } else ctx.fillRect(s.x, s.y, s.w, s.h);
        if (s.rot) ctx.restore();
        break;
      case 'circle':
        ctx.fillStyle = s.fill;
        ctx.beginPath();
        ctx.arc(s.cx, s.cy, s.r, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 'ellipse':
        ctx.fillStyle = s.fill;
        ctx.beginPath();
        ctx.ellipse(s.cx, s.cy, s.rx, s.ry, 0, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 'path': {
        const p = pathOf(s.d);
        if (s.fill !== 'none') {
          ctx.fillStyle = s.fill;
          ctx.fill(p);
        }
        if (s.stroke) {
          ctx.strokeStyle = s.stroke;
          ctx.lineWidth = s.width ?? 1;
          ctx.stroke(p);
        }
        break;
      }
      case 'text':
        break;
    }
  }
  ctx.globalAlpha = 1;
}

/** Encoded pictures by id and device size: the people a list shows again on every reset. */
const images = new Kept<string, string>(600);
let surface: HTMLCanvasElement | null = null;

/** A picture `draw` makes on a `side`×`side` canvas, as a PNG data URL kept under `key`. */
function encoded(key: string, side: number, draw: (ctx: CanvasRenderingContext2D) => void): string {
  return images.get(key, () => {
    surface ??= document.createElement('canvas');
    surface.width = side; // also clears it
    surface.height = side;
    const ctx = surface.getContext('2d')!;
    draw(ctx);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    return surface.toDataURL('image/png');
  });
}

const devicePixels = (size: number): number => Math.max(1, Math.round(size * (window.devicePixelRatio || 1)));

/**
 * `shapes` (named by `id`: the same id, the same shapes) as a PNG data URL for a square of `size`
 * CSS pixels, sharp at the page's pixel ratio. Empty where the DOM cannot draw (jsdom in tests).
 */
export function shapesPng(id: string, shapes: readonly Shape[], size: number): string {
  if (typeof Path2D === 'undefined') return '';
  const side = devicePixels(size);
  return encoded(`${id}@${side}`, side, (ctx) => drawShapes(ctx, shapes, side));
}

/** Where a grid of `n` pictures goes in a square of `size` (a group's avatar: up to 3×3). */
export function gridLayout(n: number, size: number): { cols: number; gap: number; cell: number } {
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : 3;
  const gap = Math.max(1, Math.round(size / 30));
  return { cols, gap, cell: (size - gap * (cols + 1)) / cols };
}

/**
 * Pictures in a grid on `background`, as one PNG (a group's avatar: its members' faces), laid out
 * as gridLayout says: rows from the top, a short last row centred, the block centred.
 */
export function gridPng(pictures: readonly { id: string; shapes: readonly Shape[] }[], size: number, background: string): string {
  if (typeof Path2D === 'undefined') return '';
  const side = devicePixels(size);
  const key = `grid:${background}:${pictures.map((p) => p.id).join('+')}@${side}`;
  return encoded(key, side, (ctx) => {
    const k = side / size;
    const { cols, gap, cell } = gridLayout(pictures.length, size);
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, side, side);
    const rows = Math.ceil(pictures.length / cols);
    const top = gap + (size - 2 * gap - (rows * cell + (rows - 1) * gap)) / 2;
    pictures.forEach((p, i) => {
      const row = Math.floor(i / cols);
      const inRow = Math.min(cols, pictures.length - row * cols);
      const left = gap + (size - 2 * gap - (inRow * cell + (inRow - 1) * gap)) / 2;
      const x = (left + (i % cols) * (cell + gap)) * k;
      const y = (top + row * (cell + gap)) * k;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.roundRect(x, y, cell * k, cell * k, k);
      ctx.clip();
      drawShapes(ctx, p.shapes, cell * k, x, y);
      ctx.restore();
    });
  });
}
