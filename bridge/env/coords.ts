/**
 * Agents speak in the coordinate space they were shown: screenshot pixels (CSS size or device
 * size), 0-1000 (what most published GUI models emit) or 0-1. The env maps to CSS pixels and clamps.
 */
import type { Action, CoordSpace } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';

export interface CoordConfig {
  space: CoordSpace;
  /** Device pixel ratio of the screenshots the agent sees (1 = CSS size, 3 = 1080x2400). */
  screenshotScale: number;
}

export function toCss(x: number, y: number, cfg: CoordConfig): { x: number; y: number } {
  let cx: number;
  let cy: number;
  switch (cfg.space) {
    case 'pixels':
      cx = x / cfg.screenshotScale;
      cy = y / cfg.screenshotScale;
      break;
    case 'norm1000':
      cx = (x / 1000) * VIEWPORT.width;
      cy = (y / 1000) * VIEWPORT.height;
      break;
    case 'norm1':
      cx = x * VIEWPORT.width;
      cy = y * VIEWPORT.height;
      break;
  }
  return { x: clamp(cx, 0, VIEWPORT.width - 0.5), y: clamp(cy, 0, VIEWPORT.height - 0.5) };
}

function clamp(v: number, lo: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;
}

/** The same action with every point mapped by `f`. */
export function mapActionPoints(a: Action, f: (p: { x: number; y: number }) => { x: number; y: number }): Action {
  switch (a.type) {
    case 'tap':
    case 'double_tap':
    case 'long_press':
      return { ...a, ...f({ x: a.x, y: a.y }) };
    case 'swipe':
    case 'drag': {
      const p1 = f({ x: a.x1, y: a.y1 });
      const p2 = f({ x: a.x2, y: a.y2 });
      return { ...a, x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y };
    }
    case 'type':
      if (a.x === undefined || a.y === undefined) return a;
      return { ...a, ...f({ x: a.x, y: a.y }) };
    default:
      return a;
  }
}

/** The same action with every coordinate in CSS pixels. */
export function actionToCss(a: Action, cfg: CoordConfig): Action {
  return mapActionPoints(a, (p) => toCss(p.x, p.y, cfg));
}
