/**
 * Turning a model's numbers and names into phonegym actions: the coordinate space a family
 * speaks (screenshot pixels, a resized image, 0-1000), the fractions of the screen every format
 * hands back (types.ts), scroll strokes, key names and app names. Shared so that two formats
 * never disagree on what "out of range" or "scroll down" means.
 */
import type { Action, KeyName } from '../../protocol/actions.ts';
import { VIEWPORT } from '../../protocol/state.ts';
import { asNumber, show } from './text.ts';
import type { TurnInput } from './types.ts';

export interface Size {
  width: number;
  height: number;
}

/**
 * Where a model's numbers live: x in [0, width], y in [0, height], origin top left; the fraction
 * of the screen is value / size. `label` names the space in error messages.
 */
export interface PointSpace {
  width: number;
  height: number;
  label: string;
  /** How far past the far edge a value is still read as the edge (a 0-999 space meeting 1000). */
  slack?: number;
}

/** A point as fractions of the screen (0..1, origin top left). */
export interface Fraction {
  x: number;
  y: number;
}

/** The screenshot sent this turn, or the 360x800 CSS screen when the model only gets the UI tree. */
export function screenshotSize(input: TurnInput): Size {
  return input.image ? { width: input.image.width, height: input.image.height } : { width: VIEWPORT.width, height: VIEWPORT.height };
}

export const NORM1000: PointSpace = { width: 1000, height: 1000, label: '0-1000 range' };

/**
 * The size a Qwen2-VL-style image processor resizes an image to before the model sees it (both
 * sides multiples of `factor`, pixel count within [minPixels, maxPixels], aspect kept): the
 * published `smart_resize`. Models that answer in absolute pixels (Qwen2.5-VL, UI-TARS-1.5)
 * answer in this size, not the size that was sent.
 */
export function smartResize(size: Size, opts: { factor: number; minPixels: number; maxPixels: number }): Size {
  const { factor, minPixels, maxPixels } = opts;
  const { width, height } = size;
  let h = Math.max(factor, Math.round(height / factor) * factor);
  let w = Math.max(factor, Math.round(width / factor) * factor);
  if (h * w > maxPixels) {
    const beta = Math.sqrt((height * width) / maxPixels);
    h = Math.floor(height / beta / factor) * factor;
    w = Math.floor(width / beta / factor) * factor;
  } else if (h * w < minPixels) {
    const beta = Math.sqrt(minPixels / (height * width));
    h = Math.ceil((height * beta) / factor) * factor;
    w = Math.ceil((width * beta) / factor) * factor;
  }
  return { width: w, height: h };
}

/** One coordinate as a fraction, or what is wrong with it. */
function axis(v: unknown, name: string, max: number, space: PointSpace): number | string {
  if (v === undefined || v === null || v === '') return `${name} is missing`;
  const n = asNumber(v);
  if (n === null) return `${name}=${show(v)} is not a number`;
  if (n > max && n <= max + (space.slack ?? 0)) return 1;
  if (n < 0 || n > max) return `${name}=${n} is outside the ${space.label} (0-${max})`;
  return n / max;
}

/** (x, y) in `space` as fractions of the screen, or an error naming the coordinate (`x2=1200 is outside …`). */
export function toFraction(x: unknown, y: unknown, space: PointSpace, names: [string, string] = ['x', 'y']): Fraction | string {
  const fx = axis(x, names[0], space.width, space);
  if (typeof fx === 'string') return fx;
  const fy = axis(y, names[1], space.height, space);
  if (typeof fy === 'string') return fy;
  return { x: fx, y: fy };
}

/** `[x, y]` in `space` as fractions; `name` is the argument's name for the error. */
export function pairToFraction(v: unknown, space: PointSpace, name: string): Fraction | string {
  if (v === undefined || v === null) return `${name} is missing`;
  if (!Array.isArray(v) || v.length !== 2) return `${name} must be [x, y], got ${show(v)}`;
  return toFraction(v[0], v[1], space, [`${name}[0]`, `${name}[1]`]);
}

/** A swipe or drag between two points the caller read, or the first thing wrong with them. */
export function stroke(type: 'swipe' | 'drag', from: Fraction | string, to: Fraction | string): Action | string {
  if (typeof from === 'string') return from;
  if (typeof to === 'string') return to;
  return { type, x1: from.x, y1: from.y, x2: to.x, y2: to.y };
}

export type Direction = 'up' | 'down' | 'left' | 'right';

export function asDirection(v: unknown): Direction | null {
  const d = typeof v === 'string' ? v.trim().toLowerCase() : '';
  return d === 'up' || d === 'down' || d === 'left' || d === 'right' ? d : null;
}

/** How far a scroll moves the finger, as a fraction of the screen along its axis. */
export const SCROLL_LENGTH = 0.3;

/**
 * A scroll as a finger stroke. Scrolling `down` reveals what is below, so the finger moves up
 * (and likewise for the other directions). The stroke starts at `from` and is `SCROLL_LENGTH` long;
 * when that would leave the screen, the start moves back inside so the stroke keeps its length.
 */
export function scrollStroke(from: Fraction, direction: Direction): { x1: number; y1: number; x2: number; y2: number } {
  const lo = 0.02;
  const hi = 0.98;
  const vertical = direction === 'up' || direction === 'down';
  // The finger moves against the direction of the content the model wants to see.
  const sign = direction === 'down' || direction === 'right' ? -1 : 1;
  const along = vertical ? from.y : from.x;
  const start = sign < 0 ? Math.max(Math.min(along, hi), lo + SCROLL_LENGTH) : Math.min(Math.max(along, lo), hi - SCROLL_LENGTH);
  const end = start + sign * SCROLL_LENGTH;
  return vertical ? { x1: from.x, y1: start, x2: from.x, y2: end } : { x1: start, y1: from.y, x2: end, y2: from.y };
}

const KEY_ALIASES: Record<string, KeyName> = {
  back: 'back',
  goback: 'back',
  keycodeback: 'back',
  home: 'home',
  gohome: 'home',
  keycodehome: 'home',
  recent: 'recent',
  recents: 'recent',
  recentapps: 'recent',
  appswitch: 'recent',
  keycodeappswitch: 'recent',
  overview: 'recent',
  menu: 'recent',
  enter: 'enter',
  return: 'enter',
  keycodeenter: 'enter',
};

/**
 * A key name as phonegym's KeyName: back, home, recent, enter, with the spellings models use
 * (`Back`, `KEYCODE_BACK`, `recents`, `app_switch`, and `Menu` for the recent-apps screen, which is
 * what Qwen's mobile_use calls the "application background menu").
 */
export function asKeyName(v: unknown): KeyName | null {
  if (typeof v !== 'string') return null;
  return KEY_ALIASES[v.toLowerCase().replace(/[\s_-]+/g, '')] ?? null;
}

/** An app name as the phone knows it when it matches one case-insensitively; otherwise as written (the env refuses unknown apps). */
export function matchApp(name: string, apps: string[]): string {
  const n = name.trim();
  return apps.find((a) => a.toLowerCase() === n.toLowerCase()) ?? n;
}

/** Seconds as whole milliseconds, or an error when not a number within [0, maxSeconds]. */
export function secondsToMs(v: unknown, name: string, maxSeconds: number): number | string {
  const n = typeof v === 'string' ? asNumber(v.replace(/\s*(seconds?|secs?|s)\s*$/i, '')) : asNumber(v);
  if (n === null) return `${name}=${show(v)} is not a number of seconds`;
  if (n < 0 || n > maxSeconds) return `${name}=${n} is outside 0-${maxSeconds} seconds`;
  return Math.round(n * 1000);
}
