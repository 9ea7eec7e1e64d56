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

/** The same action with every coordinate in CSS pixels. */
export function actionToCss(a: Action, cfg: CoordConfig): Action {
  switch (a.type) {
    case 'tap':
    case 'double_tap':
    case 'long_press':
      return { ...a, ...toCss(a.x, a.y, cfg) };
    case 'swipe':
    case 'drag': {
      const p1 = toCss(a.x1, a.y1, cfg);
      const p2 = toCss(a.x2, a.y2, cfg);
      return { ...a, x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y };
    }
    case 'type':
      if (a.x === undefined || a.y === undefined) return a;
      return { ...a, ...toCss(a.x, a.y, cfg) };
    default:
      return a;
  }
}
