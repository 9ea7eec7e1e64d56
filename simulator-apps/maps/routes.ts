/**
 * 路路通's screens and their paths. Pure. A route's and a ride's choices live in the path
 * (`/route?from=pl_003&to=pl_017&mode=walk`, `/ride?from=…&to=…&cls=saver`), so back returns to
 * the same plan and a deep link reproduces it. A place picker is the search screen with
 * `pick=from|to` and the path to return to (`ret`).
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';
import { isRideClass, TRAVEL_MODES, type TravelMode } from './logic.ts';
import { QUICK_CATEGORIES } from './data.ts';
import type { PlaceCategory, RideClass } from './types.ts';

export type MapsTab = '/' | '/ride' | '/me';
export const MAPS_ROOT = '/';
export const MAPS_TABS: readonly MapsTab[] = ['/', '/ride', '/me'];

export type PickField = 'from' | 'to';

export interface Pick {
  field: PickField;
  /** The path the picked place goes back to (as its `from`/`to`). */
  ret: string;
}

export type MapsScreen =
  | { screen: 'home' }
  | { screen: 'search'; q: string; cat: PlaceCategory | null; pick: Pick | null }
  | { screen: 'place'; placeId: string }
  | { screen: 'route'; from: string; to: string; mode: TravelMode }
  | { screen: 'ride'; from: string; to: string; cls: RideClass }
  | { screen: 'trip'; rideId: string }
  | { screen: 'trips' }
  | { screen: 'favorites' }
  | { screen: 'me' }
  | { screen: 'notFound'; path: string };

function category(v: string | null): PlaceCategory | null {
  return v && (QUICK_CATEGORIES as readonly string[]).concat(['学校', '交通', '公司', '住宅']).includes(v) ? (v as PlaceCategory) : null;
}

const PATTERNS: readonly RoutePattern<MapsScreen>[] = [
  [/^\/$/, () => ({ screen: 'home' })],
  [
    /^\/search$/,
    (_m, q) => {
      const field = q.get('pick');
      return { screen: 'search', q: q.get('q') ?? '', cat: category(q.get('cat')), pick: field === 'from' || field === 'to' ? { field, ret: q.get('ret') ?? '/route' } : null };
    },
  ],
  [new RegExp(`^/place/${ID}$`), (m) => ({ screen: 'place', placeId: m[1] })],
  [
    /^\/route$/,
    (_m, q) => {
      const mode = q.get('mode');
      return { screen: 'route', from: q.get('from') ?? '', to: q.get('to') ?? '', mode: (TRAVEL_MODES as readonly string[]).includes(mode ?? '') ? (mode as TravelMode) : 'drive' };
    },
  ],
  [
    /^\/ride$/,
    (_m, q) => {
      const cls = q.get('cls');
      return { screen: 'ride', from: q.get('from') ?? '', to: q.get('to') ?? '', cls: isRideClass(cls) ? cls : 'express' };
    },
  ],
  [new RegExp(`^/trip/${ID}$`), (m) => ({ screen: 'trip', rideId: m[1] })],
  [/^\/trips$/, () => ({ screen: 'trips' })],
  [/^\/favorites$/, () => ({ screen: 'favorites' })],
  [/^\/me$/, () => ({ screen: 'me' })],
];

export function parseMapsPath(path: string): MapsScreen {
  const [base, search = ''] = path.split('?');
  return matchRoute(PATTERNS, base, path, new URLSearchParams(search));
}

function withQuery(base: string, params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

export function routePath(from: string, to: string, mode: TravelMode = 'drive'): string {
  return withQuery('/route', { from, to, mode: mode === 'drive' ? null : mode });
}

export function ridePath(from: string, to: string, cls: RideClass = 'express'): string {
  return withQuery('/ride', { from, to, cls: cls === 'express' ? null : cls });
}

export function searchPath(q: string, cat: PlaceCategory | null = null, pick: Pick | null = null): string {
  return withQuery('/search', { q, cat, pick: pick?.field, ret: pick?.ret });
}

/** The same route or ride path with `field` set to the place. */
export function withPlace(path: string, field: PickField, placeId: string): string {
  const s = parseMapsPath(path);
  if (s.screen === 'route') return routePath(field === 'from' ? placeId : s.from, field === 'to' ? placeId : s.to, s.mode);
  if (s.screen === 'ride') return ridePath(field === 'from' ? placeId : s.from, field === 'to' ? placeId : s.to, s.cls);
  return path;
}

/** The bottom tab a screen belongs to. */
export function tabOf(path: string): MapsTab {
  const s = parseMapsPath(path);
  switch (s.screen) {
    case 'ride':
    case 'trip':
      return '/ride';
    case 'me':
    case 'trips':
    case 'favorites':
      return '/me';
    default:
      return '/';
  }
}

/** The back stack a deep link implies. */
export function mapsRouteStack(path: string): string[] {
  const s = parseMapsPath(path);
  switch (s.screen) {
    case 'home':
    case 'me':
      return [path];
    case 'ride':
      return path === '/ride' ? [path] : ['/ride', path];
    case 'search':
      return s.pick ? [...mapsRouteStack(s.pick.ret), path] : ['/', path];
    case 'place':
    case 'route':
    case 'notFound':
      return ['/', path];
    case 'trip':
      return ['/me', '/trips', path];
    case 'trips':
    case 'favorites':
      return ['/me', path];
  }
}
