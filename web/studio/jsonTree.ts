/**
 * The JSON tree's logic, free of Svelte so it can be tested with plain objects: which rows are
 * visible for a value, an expansion model, a filter, the change highlight and revealing a path.
 * Only expanded containers are walked, and containers show their children a page at a time, so a
 * 400 KB state renders only what is on screen.
 *
 * Rows are keyed by the judge's paths (bridge/judge/paths.ts): a record of an id-keyed array is
 * `chats[c_1]`, not `chats[3]`, so a path from a verdict or the diff names a row directly, and an
 * expanded record stays expanded when its array is reordered.
 *
 * Expansion is a default depth plus explicit per-path overrides: "expand to depth 2" clears
 * the overrides, and nodes that appear later (state updates) follow the default.
 */
import type { JsonPrimitive, JsonValue } from '../../bridge/protocol/state.ts';
import type { StateChange } from '../../bridge/protocol/messages.ts';
import { PathSyntaxError, childPath, compilePattern, formatPath, formatSegment, forEachChild, parsePath, resolvePath, type PathSegment, type ResolvedStep } from '../../bridge/judge/paths.ts';

/** Children shown per container before a "show more" row. */
export const PAGE_SIZE = 100;
/** Arrays longer than this stay collapsed under "expand to depth" (their count shows instead). */
export const BIG_ARRAY = 25;
/** Filter matches are counted up to this many. */
export const MAX_MATCHES = 1000;
/** Changes highlighted after one update: a reset that replaces everything flashes only the first ones. */
export const MAX_HIGHLIGHTS = 500;

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

// ---------------------------------------------------------------------------------------------
// Revealing a path

/**
 * What to reveal for a path from a verdict or the diff: the node a concrete path names, or its
 * deepest existing ancestor (a removed record reveals its array); for a pattern (a goal about
 * `bills[*]`), the part before its first wildcard. `null` when none of it exists or it does not parse.
 */
export function revealTrail(root: JsonValue, path: string): ResolvedStep[] | null {
  let segs: PathSegment[];
  try {
    segs = parsePath(path);
  } catch (e) {
    if (!(e instanceof PathSyntaxError)) throw e;
    try {
      segs = concretePrefix(path);
    } catch {
      return null;
    }
  }
  const { trail } = resolvePath(root, segs);
  return trail.length > 0 ? trail : null;
}

function concretePrefix(pattern: string): PathSegment[] {
  const out: PathSegment[] = [];
  for (const p of compilePattern(pattern).segments) {
    if (p.type === 'key' || p.type === 'id') out.push({ kind: p.type, value: p.value });
    else if (p.type === 'index') out.push({ kind: 'index', value: p.value });
    else break;
  }
  return out;
}

/** The path of a trail's last node, as the tree names it. */
export function trailPath(trail: readonly ResolvedStep[]): string {
  return formatPath(trail.map((s) => s.segment));
}

/** Expands every container on the way to the trail's last node, paging each far enough to show the next step. */
export function revealed(exp: Expansion, trail: readonly ResolvedStep[]): Expansion {
  const overrides = new Map(exp.overrides);
  const limits = new Map(exp.limits);
  let p = '';
  for (const [i, step] of trail.entries()) {
    // An item past the first page of its array: show enough pages to reach it.
    if (typeof step.position === 'number' && step.position >= (limits.get(p) ?? PAGE_SIZE)) limits.set(p, Math.ceil((step.position + 1) / PAGE_SIZE) * PAGE_SIZE);
    if (i === trail.length - 1) break;
    p = childPath(p, step.segment);
    overrides.set(p, true);
  }
  return { ...exp, overrides, limits };
}

// ---------------------------------------------------------------------------------------------
// Rows, filter, highlight

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
    forEachChild(container, (key, v) => {
      const child = v as JsonValue;
      const p = childPath(path, key);
      const match = filter?.matches.has(p) ?? false;
      if (filter && !insideMatch && !match && !filter.ancestors.has(p)) return;
      total++;
      if (shown >= limit) return;
      shown++;
      if (isContainer(child)) {
        const forced = filter && !insideMatch && filter.ancestors.has(p) && exp.overrides.get(p) !== false;
        const expanded = forced || isExpanded(exp, p, depth, child);
        rows.push({ kind: 'node', path: p, key, depth, type: Array.isArray(child) ? 'array' : 'object', size: sizeOf(child), expanded: !!expanded, match, value: child });
        if (expanded) walk(child, p, depth + 1, insideMatch || match);
      } else {
        rows.push({ kind: 'leaf', path: p, key, depth, value: child, match });
      }
    });
    if (total > shown) rows.push({ kind: 'more', path, depth, shown, total });
  }
}

/**
 * Matches a query against keys, record ids and primitive values (case-insensitive). A query with a
 * `.` or `[` also matches paths ending with it, so `chat.chats` finds that node; one that is a path
 * matches however the grammar lets it be written (`chats[id="c_1"]` finds `chats[c_1]`).
 */
export function filterTree(root: JsonValue, query: string): TreeFilter | null {
  const trimmed = query.trim();
  const q = trimmed.toLowerCase();
  if (!q) return null;
  const byPath = q.includes('.') || q.includes('[');
  const asPath = byPath ? canonicalPath(trimmed) : null;
  const matches = new Set<string>();
  const ancestors = new Set<string>();
  let truncated = false;

  const visit = (v: JsonValue, key: PathSegment | null, path: string, chain: string[]): void => {
    if (truncated) return;
    let hit = key !== null && String(key.value).toLowerCase().includes(q);
    if (!hit && !isContainer(v)) hit = String(v).toLowerCase().includes(q);
    if (!hit && byPath && (path.toLowerCase().endsWith(q) || (asPath !== null && path.endsWith(asPath)))) hit = true;
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
      forEachChild(v, (k, child) => visit(child as JsonValue, k, childPath(path, k), next));
    }
  };
  visit(root, null, '', []);
  return { matches, ancestors, truncated };
}

/** A query that is a whole path (or a path's tail, `.pinned`), as the tree writes it; else null. */
function canonicalPath(query: string): string | null {
  try {
    const segs = parsePath(query.replace(/^\./, ''));
    return segs.length > 0 ? formatPath(segs) : null;
  } catch {
    return null;
  }
}

/** Paths to highlight after an update, from its changes (the judge's diff). */
export interface ChangeHighlight {
  /** Paths whose row flashes: a changed or added node, the parent of a removed one. */
  paths: Set<string>;
  /** Containers holding a change, to mark them while collapsed. */
  within: Set<string>;
}

export function highlightOf(changes: readonly StateChange[], max = MAX_HIGHLIGHTS): ChangeHighlight {
  const paths = new Set<string>();
  const within = new Set<string>();
  for (const c of changes.length > max ? changes.slice(0, max) : changes) {
    const segs = parsePath(c.path);
    // A removed node has no row: its parent flashes.
    const shown = c.kind === 'removed' ? segs.slice(0, -1) : segs;
    let p = '';
    for (const seg of shown) {
      within.add(p);
      p = childPath(p, seg);
    }
    paths.add(p);
  }
  return { paths, within };
}

// ---------------------------------------------------------------------------------------------
// Labels

/** How a row shows its key: an object key as is, an index as its number, a record as `[id]`. */
export function keyLabel(key: PathSegment | null): string {
  if (key === null) return '';
  return key.kind === 'id' ? formatSegment(key) : String(key.value);
}

/** The `id` of a record in an array that is not id-keyed (repeated ids), to label an expanded item. */
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
