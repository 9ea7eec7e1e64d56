/**
 * Seeded app variants: how the phone looks, never what a task asks (the people a task does not
 * refer to are renamed too, by setup: ./lookNames.ts). Variant 0 is the phone as
 * designed (no `os.look` in the state at all, so its state and pixels are byte for byte the
 * ones before variants existed); variant N ≥ 1 draws a look from N alone: dark or light, the
 * apps' colours turned on the colour wheel, a text size, a display size, an icon shape, a
 * wallpaper and the order of the launcher's apps.
 *
 * The look lives in the state (`os.look`) so a snapshot, a restore, a fork, the studio and a
 * run folder's saved state all carry it; no app writes it, so the judge's diff never sees it,
 * and every app reads the same records under any look. Pure: no Svelte, no DOM.
 */
import type { JsonObject } from '../../bridge/protocol/state.ts';
import { Rng } from '../shared/rng.ts';

export const ICON_SHAPES = ['rounded', 'circle', 'square'] as const;
export type IconShape = (typeof ICON_SHAPES)[number];

/** The launcher's wallpapers: 0 is the designed one. */
export const WALLPAPER_COUNT = 4;

export interface Look {
  /** The variant this look was drawn from (1 and up). */
  variant: number;
  /**
   * Dark theme. Apps with a dark theme of their own (the catalog's `darkTheme`) draw it; the
   * others are darkened by the OS, as Android's "override force-dark" does, their pictures kept.
   */
  dark: boolean;
  /** Degrees the apps' colours turn on the colour wheel (0: their own brand colours). Pictures keep theirs. */
  hue: number;
  /** Multiplies the text size 设置 chooses, where the apps follow it. */
  fontScale: number;
  /** Display size: the scale the apps are laid out at (1 standard, below 1 more fits on screen). */
  density: number;
  icons: IconShape;
  wallpaper: number;
  /** The launcher's apps in this order (ids; an app not listed follows in catalog order). */
  home: string[];
}

const HUES = [0, 35, 150, 200, 280] as const;
const FONT_SCALES = [0.92, 1, 1.12] as const;
const DENSITIES = [0.92, 1, 1.08] as const;

/**
 * The look of variant `n` over the launcher's `apps` (catalog ids, in catalog order); null for
 * variant 0. Variant 1 changes every dimension at once (dark, another accent, larger text and
 * layout, round icons, another wallpaper, a shuffled home screen): the one to check with.
 */
export function lookOf(variant: number, apps: readonly string[]): Look | null {
  if (!Number.isSafeInteger(variant) || variant < 0) throw new RangeError(`variant must be a whole number 0 or more (got ${String(variant)})`);
  if (variant === 0) return null;
  const rng = new Rng(variant).fork('look');
  const home = rng.shuffle(apps);
  if (variant === 1) return { variant, dark: true, hue: 150, fontScale: 1.12, density: 1.08, icons: 'circle', wallpaper: 2, home };
  return {
    variant,
    dark: variant % 2 === 1,
    hue: rng.pick(HUES),
    fontScale: rng.pick(FONT_SCALES),
    density: rng.pick(DENSITIES),
    icons: rng.pick(ICON_SHAPES),
    wallpaper: rng.int(0, WALLPAPER_COUNT - 1),
    home,
  };
}

/** The look a state's OS slice holds, or null (variant 0, or no look, or one that does not parse). */
export function readLook(os: unknown): Look | null {
  const l = typeof os === 'object' && os !== null ? (os as Record<string, unknown>).look : undefined;
  if (typeof l !== 'object' || l === null || Array.isArray(l)) return null;
  const o = l as Record<string, unknown>;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    variant: num(o.variant, 0),
    dark: o.dark === true,
    hue: num(o.hue, 0),
    fontScale: Math.min(1.5, Math.max(0.75, num(o.fontScale, 1))),
    density: Math.min(1.3, Math.max(0.8, num(o.density, 1))),
    icons: ICON_SHAPES.includes(o.icons as IconShape) ? (o.icons as IconShape) : 'rounded',
    wallpaper: Math.trunc(num(o.wallpaper, 0)) % WALLPAPER_COUNT,
    home: Array.isArray(o.home) ? o.home.filter((x): x is string => typeof x === 'string') : [],
  };
}

/** The launcher's order under a look: the look's order first, then any app it does not list. */
export function homeOrder<T extends { id: string }>(apps: readonly T[], look: Look | null): T[] {
  if (!look || look.home.length === 0) return [...apps];
  const rank = new Map(look.home.map((id, i) => [id, i]));
  return [...apps].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || apps.indexOf(a) - apps.indexOf(b));
}

/** Writes variant `n`'s look into a state (nothing for variant 0). */
export function applyLook(state: { os: JsonObject }, variant: number, apps: readonly string[]): void {
  const look = lookOf(variant, apps);
  if (look) state.os.look = look as unknown as JsonObject;
}
