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

/** The CSS frame of a screen: the simulator's 360x800, or a phone's 360 wide at its own aspect. */
export interface Frame {
  width: number;
  height: number;
}

/** A point in the agent's space as CSS pixels of `frame`, clamped to it. */
export function toCss(x: number, y: number, cfg: CoordConfig, frame: Frame = VIEWPORT): { x: number; y: number } {
  let cx: number;
  let cy: number;
  switch (cfg.space) {
    case 'pixels':
      cx = x / cfg.screenshotScale;
      cy = y / cfg.screenshotScale;
      break;
    case 'norm1000':
      cx = (x / 1000) * frame.width;
      cy = (y / 1000) * frame.height;
      break;
    case 'norm1':
      cx = x * frame.width;
      cy = y * frame.height;
      break;
  }
  return { x: clamp(cx, 0, frame.width - 0.5), y: clamp(cy, 0, frame.height - 0.5) };
}

/** CSS pixels of `frame` as the agent's space (oracles compute taps in CSS pixels); whole numbers but in norm1. */
export function fromCss(p: { x: number; y: number }, cfg: CoordConfig, frame: Frame = VIEWPORT): { x: number; y: number } {
  switch (cfg.space) {
    case 'pixels':
      return { x: Math.round(p.x * cfg.screenshotScale), y: Math.round(p.y * cfg.screenshotScale) };
    case 'norm1000':
      return { x: Math.round((p.x / frame.width) * 1000), y: Math.round((p.y / frame.height) * 1000) };
    case 'norm1':
      return { x: p.x / frame.width, y: p.y / frame.height };
  }
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
