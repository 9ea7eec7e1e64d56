/**
 * A small structural diff of two state trees, for what the studio shows before (or between)
 * verdicts: the highlight of paths that changed in the last state update, and the raw
 * "changed since setup" list in Author mode. It is not the judge: the judge's verdict decides
 * which changes are expected; this only says what changed.
 *
 * Arrays whose items all carry a unique `id` are paired by id (an inserted message is one
 * addition, not a shift of every later item), as the state contract promises.
 */
import type { JsonValue } from '../../bridge/protocol/state.ts';
import type { StateChange } from '../../bridge/protocol/messages.ts';
import { ancestorPaths, childPath, type PathSegment } from './jsonPath.ts';

export interface LocalChange extends StateChange {
  segments: PathSegment[];
}

export const MAX_CHANGES = 2000;

export function diffStates(before: JsonValue | undefined, after: JsonValue | undefined, limit = MAX_CHANGES): LocalChange[] {
  const out: LocalChange[] = [];
  walk(before, after, [], '', out, limit);
  return out;
}

type Json = JsonValue | undefined;

function isObject(v: Json): v is { [k: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function push(out: LocalChange[], limit: number, change: LocalChange): void {
  if (out.length < limit) out.push(change);
}

function walk(a: Json, b: Json, segs: PathSegment[], path: string, out: LocalChange[], limit: number): void {
  if (out.length >= limit || a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) return walkArray(a, b, segs, path, out, limit);
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) {
      const s = [...segs, k];
      const p = childPath(path, k);
      if (!(k in b)) push(out, limit, { path: p, segments: s, kind: 'removed', before: a[k] });
      else walk(a[k], b[k], s, p, out, limit);
    }
    for (const k of Object.keys(b)) {
      if (!(k in a)) push(out, limit, { path: childPath(path, k), segments: [...segs, k], kind: 'added', after: b[k] });
    }
    return;
  }
  if (a === undefined) return push(out, limit, { path, segments: segs, kind: 'added', after: b });
  if (b === undefined) return push(out, limit, { path, segments: segs, kind: 'removed', before: a });
  if (typeof a === 'object' || typeof b === 'object' || a !== b) push(out, limit, { path, segments: segs, kind: 'changed', before: a, after: b });
}

/** The ids of an array whose items are all objects with a unique string or number `id`, else null. */
function idsOf(arr: JsonValue[]): (string | number)[] | null {
  const ids: (string | number)[] = [];
  const seen = new Set<string | number>();
  for (const item of arr) {
    if (!isObject(item)) return null;
    const id = item.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || seen.has(id)) return null;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

function walkArray(a: JsonValue[], b: JsonValue[], segs: PathSegment[], path: string, out: LocalChange[], limit: number): void {
  const idsA = a.length > 0 && b.length > 0 ? idsOf(a) : null;
  const idsB = idsA ? idsOf(b) : null;
  if (idsA && idsB) {
    const indexA = new Map(idsA.map((id, i) => [id, i]));
    const inB = new Set(idsB);
    idsB.forEach((id, j) => {
      const i = indexA.get(id);
      const s = [...segs, j];
      if (i === undefined) push(out, limit, { path: childPath(path, j), segments: s, kind: 'added', after: b[j] });
      else walk(a[i], b[j], s, childPath(path, j), out, limit);
    });
    idsA.forEach((id, i) => {
      if (!inB.has(id)) push(out, limit, { path: childPath(path, i), segments: [...segs, i], kind: 'removed', before: a[i] });
    });
    return;
  }
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) walk(a[i], b[i], [...segs, i], childPath(path, i), out, limit);
}

/** Paths to highlight after an update: the changed paths themselves (a removed item marks its parent). */
export interface ChangeHighlight {
  /** Paths whose row flashes. */
  paths: Set<string>;
  /** Containers holding a change, to mark them while collapsed. */
  within: Set<string>;
}

export function highlightOf(changes: readonly LocalChange[]): ChangeHighlight {
  const paths = new Set<string>();
  const within = new Set<string>();
  for (const c of changes) {
    const segs = c.kind === 'removed' ? c.segments.slice(0, -1) : c.segments;
    paths.add(c.kind === 'removed' ? ancestorPaths(c.segments).at(-1)! : c.path);
    for (const p of ancestorPaths(segs)) within.add(p);
  }
  return { paths, within };
}
