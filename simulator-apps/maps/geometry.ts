/**
 * 路路通's geometry, pure: where a place stands, which side of the river a point is on, and
 * routes as shortest paths over the street grid (Dijkstra over the corners and the two places),
 * with the speeds that turn metres into minutes. ./logic.ts re-exports all of it.
 */
import type { MapsState, Place, Street } from './types.ts';

/** Metres between two river samples (`river.ys`). */
export const RIVER_STEP = 500;

export interface Point {
  x: number;
  y: number;
}

export function streetById(s: Pick<MapsState, 'streets'>, id: string): Street | undefined {
  return s.streets.find((x) => x.id === id);
}

export function placeById(s: Pick<MapsState, 'places'>, id: string | null | undefined): Place | undefined {
  return id ? s.places.find((p) => p.id === id) : undefined;
}

/** Where a place stands: on its street's centre line, `pos` metres along it. */
export function placePoint(s: Pick<MapsState, 'streets'>, p: Pick<Place, 'streetId' | 'pos'>): Point {
  const st = streetById(s, p.streetId);
  if (!st) throw new RangeError(`place on unknown street "${p.streetId}"`);
  return st.axis === 'h' ? { x: p.pos, y: st.at } : { x: st.at, y: p.pos };
}

/** The river's middle line at `x` (straight between samples). */
export function riverY(s: Pick<MapsState, 'river'>, x: number): number {
  const ys = s.river.ys;
  const i = Math.max(0, Math.min(ys.length - 2, Math.floor(x / RIVER_STEP)));
  const t = Math.max(0, Math.min(1, (x - i * RIVER_STEP) / RIVER_STEP));
  return ys[i] + (ys[i + 1] - ys[i]) * t;
}

export function northOfRiver(s: Pick<MapsState, 'river'>, pt: Point): boolean {
  return pt.y < riverY(s, pt.x);
}

// --- routes --------------------------------------------------------------------------------------

export type TravelMode = 'walk' | 'drive' | 'transit';
export const TRAVEL_MODES: readonly TravelMode[] = ['drive', 'transit', 'walk'];
export const MODE_NAMES: Record<TravelMode, string> = { drive: '驾车', transit: '公交', walk: '步行' };

/** Metres per minute: walking 4.5 km/h, driving 24 km/h in town, buses and metro 21 km/h. */
export const SPEEDS = { walk: 75, drive: 400, transit: 350 } as const;
/** Minutes added to a drive (setting off, parking) and to a transit trip (walking to stops, waiting). */
export const OVERHEAD = { walk: 0, drive: 2, transit: 8 } as const;

export interface RoutePlan {
  mode: TravelMode;
  /** Metres along the streets. */
  distance: number;
  /** Whole minutes: `ceil(distance / speed) + overhead`, at least 1. */
  minutes: number;
  /** The path, corner to corner, for drawing. */
  points: Point[];
  /** The streets followed, in order, each once: `明远路 → 凤起大道`. */
  streets: string[];
}

interface Node {
  pt: Point;
}

/** Whether the street stretch between two points on a vertical street crosses the river, and may be used. */
function crossingAllowed(s: MapsState, st: Street, a: Point, b: Point, mode: TravelMode): boolean {
  const crosses = northOfRiver(s, a) !== northOfRiver(s, b);
  if (!crosses) return true;
  if (st.bridge === 'car') return true;
  return st.bridge === 'foot' && mode === 'walk';
}

/**
 * The shortest way along the streets between two places (Dijkstra over the grid's corners and the
 * two places). Cars and buses cross the river only on road bridges; walkers also on footbridges.
 * Null when there is no way (never for a seeded city).
 */
export function planRoute(s: MapsState, fromId: string, toId: string, mode: TravelMode): RoutePlan | null {
  const from = placeById(s, fromId);
  const to = placeById(s, toId);
  if (!from || !to) return null;
  const nodes: Node[] = [];
  const onStreet = new Map<string, { node: number; pos: number }[]>();
  const add = (pt: Point, streets: { id: string; pos: number }[]): number => {
    const i = nodes.push({ pt }) - 1;
    for (const x of streets) {
      const list = onStreet.get(x.id) ?? [];
      list.push({ node: i, pos: x.pos });
      onStreet.set(x.id, list);
    }
    return i;
  };
  const vs = s.streets.filter((x) => x.axis === 'v');
  const hs = s.streets.filter((x) => x.axis === 'h');
  for (const v of vs) for (const h of hs) add({ x: v.at, y: h.at }, [{ id: v.id, pos: h.at }, { id: h.id, pos: v.at }]);
  const a = add(placePoint(s, from), [{ id: from.streetId, pos: from.pos }]);
  const b = fromId === toId ? a : add(placePoint(s, to), [{ id: to.streetId, pos: to.pos }]);

  const edges: { to: number; len: number; street: string }[][] = nodes.map(() => []);
  for (const st of s.streets) {
    const list = (onStreet.get(st.id) ?? []).slice().sort((p, q) => p.pos - q.pos || p.node - q.node);
    for (let i = 1; i < list.length; i++) {
      const p = list[i - 1];
      const q = list[i];
      if (st.axis === 'v' && !crossingAllowed(s, st, nodes[p.node].pt, nodes[q.node].pt, mode)) continue;
      const len = q.pos - p.pos;
      edges[p.node].push({ to: q.node, len, street: st.name });
      edges[q.node].push({ to: p.node, len, street: st.name });
    }
  }

  const dist = nodes.map(() => Infinity);
  const prev: ({ node: number; street: string } | null)[] = nodes.map(() => null);
  const done = nodes.map(() => false);
  dist[a] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < nodes.length; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0 || u === b) break;
    done[u] = true;
    for (const e of edges[u]) {
      if (dist[u] + e.len < dist[e.to]) {
        dist[e.to] = dist[u] + e.len;
        prev[e.to] = { node: u, street: e.street };
      }
    }
  }
  if (dist[b] === Infinity) return null;
  const points: Point[] = [nodes[b].pt];
  const streets: string[] = [];
  for (let at = b; prev[at]; at = prev[at]!.node) {
    points.unshift(nodes[prev[at]!.node].pt);
    if (streets[0] !== prev[at]!.street) streets.unshift(prev[at]!.street);
  }
  const distance = dist[b];
  return { mode, distance, minutes: travelMinutes(mode, distance), points, streets };
}

export function travelMinutes(mode: TravelMode, distance: number): number {
  return Math.max(1, Math.ceil(distance / SPEEDS[mode]) + OVERHEAD[mode]);
}

/** `1.2公里`, `850米` */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${metres}米`;
  const km = Math.round(metres / 100) / 10;
  return `${km}公里`;
}

/** `25分钟`, `1小时5分钟` */
export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes}分钟`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}小时${m}分钟` : `${h}小时`;
}

