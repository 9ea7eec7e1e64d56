/**
 * The JSON tree's logic, free of Svelte so it can be tested with plain objects: which rows are
 * visible for a value, an expansion model and a filter. Only expanded containers are walked,
 * and containers show their children a page at a time, so a 200 KB state renders only what
 * is on screen.
 *
 * Expansion is a default depth plus explicit per-path overrides: "expand to depth 2" clears
 * the overrides, and nodes that appear later (state updates) follow the default.
 */
import type { JsonPrimitive, JsonValue } from '../../bridge/protocol/state.ts';
import { childPath, type PathSegment } from './jsonPath.ts';

/** Children shown per container before a "show more" row. */
export const PAGE_SIZE = 100;
/** Arrays longer than this stay collapsed under "expand to depth" (their count shows instead). */
export const BIG_ARRAY = 25;
/** Filter matches are counted up to this many. */
export const MAX_MATCHES = 1000;

export type ContainerType = 'object' | 'array';

export type TreeRow =
  | { kind: 'node'; path: string; key: PathSegment | null; depth: number; type: ContainerType; size: number; expanded: boolean; match: boolean; value: JsonValue }
  | { kind: 'leaf'; path: string; key: PathSegment | null; depth: number; value: JsonPrimitive; match: boolean }
  | { kind: 'more'; path: string; depth: number; shown: number; total: number };

export interface TreeFilter {
  /** Paths whose key or value matches. */
  matches: Set<string>;
  /** Containers holding a match (shown expanded while filtering). */
  ancestors: Set<string>;
  /** True when the count stopped at MAX_MATCHES. */
  truncated: boolean;
}

export interface Expansion {
  /** Containers at a depth below this are expanded unless overridden. `Infinity` = all. */
  depth: number;
  overrides: ReadonlyMap<string, boolean>;
  /** How many children a container shows (PAGE_SIZE unless "show more" was pressed). */
  limits: ReadonlyMap<string, number>;
}

export const DEFAULT_EXPANSION: Expansion = { depth: 2, overrides: new Map(), limits: new Map() };

function isContainer(v: JsonValue): v is JsonValue[] | { [k: string]: JsonValue } {
  return typeof v === 'object' && v !== null;
}

function sizeOf(v: JsonValue[] | { [k: string]: JsonValue }): number {
  return Array.isArray(v) ? v.length : Object.keys(v).length;
}

/** Whether the container at `path` (at `depth`, 0 = a child of the root) is expanded. */
export function isExpanded(exp: Expansion, path: string, depth: number, value: JsonValue): boolean {
  const o = exp.overrides.get(path);
  if (o !== undefined) return o;
  if (depth >= exp.depth) return false;
  return !(Array.isArray(value) && value.length > BIG_ARRAY && exp.depth !== Infinity);
}

export function toggled(exp: Expansion, path: string, depth: number, value: JsonValue): Expansion {
  const overrides = new Map(exp.overrides);
  overrides.set(path, !isExpanded(exp, path, depth, value));
  return { ...exp, overrides };
}

export function withDepth(depth: number): Expansion {
  return { depth, overrides: new Map(), limits: new Map() };
}

export function showMore(exp: Expansion, path: string): Expansion {
  const limits = new Map(exp.limits);
  limits.set(path, (exp.limits.get(path) ?? PAGE_SIZE) + PAGE_SIZE);
  return { ...exp, limits };
}

/** Expands every container on the way to `segments` (to reveal a path, e.g. from the diff). */
export function revealed(exp: Expansion, segments: readonly PathSegment[]): Expansion {
  const overrides = new Map(exp.overrides);
  const limits = new Map(exp.limits);
  let p = '';
  for (const [i, s] of segments.entries()) {
    // An item past the first page of its array: show enough pages to reach it.
    if (typeof s === 'number' && s >= (limits.get(p) ?? PAGE_SIZE)) limits.set(p, Math.ceil((s + 1) / PAGE_SIZE) * PAGE_SIZE);
    if (i === segments.length - 1) break;
    p = childPath(p, s);
    overrides.set(p, true);
  }
  return { ...exp, overrides, limits };
}

function entriesOf(v: JsonValue[] | { [k: string]: JsonValue }): [PathSegment, JsonValue][] {
  return Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
}

/** The rows on screen for `root` (the root itself is not a row; its children are depth 0). */
export function visibleRows(root: JsonValue, exp: Expansion, filter: TreeFilter | null = null): TreeRow[] {
  const rows: TreeRow[] = [];
  if (!isContainer(root)) {
    rows.push({ kind: 'leaf', path: '', key: null, depth: 0, value: root, match: false });
    return rows;
  }
  walk(root, '', 0, false);
  return rows;

  function walk(container: JsonValue[] | { [k: string]: JsonValue }, path: string, depth: number, insideMatch: boolean): void {
    const limit = exp.limits.get(path) ?? PAGE_SIZE;
    let total = 0;
    let shown = 0;
    for (const [key, child] of entriesOf(container)) {
      const p = childPath(path, key);
      const match = filter?.matches.has(p) ?? false;
      if (filter && !insideMatch && !match && !filter.ancestors.has(p)) continue;
      total++;
      if (shown >= limit) continue;
      shown++;
      if (isContainer(child)) {
        const forced = filter && !insideMatch && filter.ancestors.has(p) && exp.overrides.get(p) !== false;
        const expanded = forced || isExpanded(exp, p, depth, child);
        rows.push({ kind: 'node', path: p, key, depth, type: Array.isArray(child) ? 'array' : 'object', size: sizeOf(child), expanded: !!expanded, match, value: child });
        if (expanded) walk(child, p, depth + 1, insideMatch || match);
      } else {
        rows.push({ kind: 'leaf', path: p, key, depth, value: child, match });
      }
    }
    if (total > shown) rows.push({ kind: 'more', path, depth, shown, total });
  }
}

/**
 * Matches a query against keys and primitive values (case-insensitive). A query with a `.` or
 * `[` also matches paths ending with it, so `chat.threads` finds that node.
 */
export function filterTree(root: JsonValue, query: string): TreeFilter | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  const byPath = q.includes('.') || q.includes('[');
  const matches = new Set<string>();
  const ancestors = new Set<string>();
  let truncated = false;

  const visit = (v: JsonValue, key: PathSegment | null, path: string, chain: string[]): void => {
    if (truncated) return;
    let hit = key !== null && String(key).toLowerCase().includes(q);
    if (!hit && !isContainer(v)) hit = String(v).toLowerCase().includes(q);
    if (!hit && byPath && path.toLowerCase().endsWith(q)) hit = true;
    if (hit && path !== '') {
      if (matches.size >= MAX_MATCHES) {
        truncated = true;
        return;
      }
      matches.add(path);
      for (const a of chain) ancestors.add(a);
    }
    if (isContainer(v)) {
      const next = path === '' ? chain : [...chain, path];
      for (const [k, child] of entriesOf(v)) visit(child, k, childPath(path, k), next);
    }
  };
  visit(root, null, '', []);
  return { matches, ancestors, truncated };
}

/** The `id` of an array record (what the diff pairs it by), to label an expanded item. */
export function recordId(v: JsonValue): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const id = v.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** A one-line preview of a collapsed container: `{ id: "t1", title: "Mum", … }`, `[ 3 items ]`. */
export function previewOf(v: JsonValue, max = 60): string {
  if (!isContainer(v)) return formatPrimitive(v);
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[ ${v.length} item${v.length === 1 ? '' : 's'} ]`;
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  let s = '{ ';
  for (const k of keys) {
    const child = v[k]!;
    const part = `${k}: ${isContainer(child) ? (Array.isArray(child) ? `[${child.length}]` : '{…}') : formatPrimitive(child, 24)}`;
    if (s.length + part.length > max) return s + '… }';
    s += part + ', ';
  }
  return s.slice(0, -2) + ' }';
}

export function formatPrimitive(v: JsonPrimitive, max = 200): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}
