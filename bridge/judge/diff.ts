/**
 * The state diff: every place where two plain-JSON trees differ, as `StateChange`s sorted by path.
 *
 * - Objects compare key by key; a missing key (or one holding `undefined`) is absent.
 * - An array whose elements are all objects with distinct string-or-number `id`s is *id-keyed*: records
 *   pair by id and order is ignored. An added or removed record is one change at `arr[id]` carrying the
 *   whole record; a changed record reports its changed leaves below `arr[id]`. An empty array is
 *   compatible with an id-keyed one. Any other array (or an id-keyed one facing a non-id-keyed one)
 *   compares position by position; extra elements are added/removed at `arr[i]`.
 * - Different JSON types (object/array/string/number/boolean/null) are one `changed` at that path.
 *
 * `before`/`after` are the values from the inputs themselves (not copies). Walks with a segment stack
 * and formats a path only when it reports a change, so a large, mostly equal tree costs one pass.
 */
import type { StateChange } from '../protocol/messages.ts';
import { compilePattern, formatPath, matchPath, recordIds, type CompiledPattern, type PathSegment } from './paths.ts';

export interface DiffOptions {
  /** Patterns whose changes are left out (see paths.ts; end a pattern in `.**` to drop a whole subtree). */
  ignore?: readonly string[];
}

type Kind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other';

function kindOf(v: unknown): Kind {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'object' || t === 'string' || t === 'number' || t === 'boolean' ? t : 'other';
}

interface Found {
  segs: PathSegment[];
  change: StateChange;
}

/**
 * Two arrays paired record by record in the same order. Whether their elements are named by id or by
 * index depends on the ids being distinct, which is only worked out if something below them changed.
 */
class SameOrderRecords {
  private unique: boolean | undefined;
  constructor(private readonly arr: readonly unknown[]) {}
  segment(i: number): PathSegment {
    this.unique ??= recordIds(this.arr) !== null;
    return this.unique ? { kind: 'id', value: String((this.arr[i] as { id: string | number }).id) } : { kind: 'index', value: i };
  }
}

// The walk's path stack: a string is a key, a number an index, a PathSegment an id, and a
// SameOrderRecords entry is followed by the element's position.
type StackEntry = string | number | PathSegment | SameOrderRecords;

function hasRecordId(v: unknown): v is { id: string | number } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number';
}

class Differ {
  private readonly stack: StackEntry[] = [];
  readonly found: Found[] = [];
  constructor(private readonly ignore: readonly CompiledPattern[]) {}

  private segments(): PathSegment[] {
    const segs: PathSegment[] = [];
    const st = this.stack;
    for (let i = 0; i < st.length; i++) {
      const e = st[i];
      if (typeof e === 'string') segs.push({ kind: 'key', value: e });
      else if (typeof e === 'number') segs.push({ kind: 'index', value: e });
      else if (e instanceof SameOrderRecords) segs.push(e.segment(st[++i] as number));
      else segs.push(e);
    }
    return segs;
  }

  private emit(kind: StateChange['kind'], before: unknown, after: unknown): void {
    const segs = this.segments();
    for (const p of this.ignore) if (matchPath(p, segs)) return;
    const change: StateChange = { path: formatPath(segs), kind };
    if (kind !== 'added') change.before = before;
    if (kind !== 'removed') change.after = after;
    this.found.push({ segs, change });
  }

  value(a: unknown, b: unknown): void {
    if (a === b) return; // also -0 === 0; shared subtrees cost nothing
    const ka = kindOf(a);
    if (ka !== kindOf(b)) return this.emit('changed', a, b);
    if (ka === 'object') return this.object(a as Record<string, unknown>, b as Record<string, unknown>);
    if (ka === 'array') return this.array(a as unknown[], b as unknown[]);
    this.emit('changed', a, b); // primitives of one type that are not ===
  }

  private object(a: Record<string, unknown>, b: Record<string, unknown>): void {
    const st = this.stack;
    const keysA = Object.keys(a);
    let shared = 0;
    for (let i = 0; i < keysA.length; i++) {
      const k = keysA[i];
      const va = a[k];
      const inB = Object.hasOwn(b, k);
      const vb = inB ? b[k] : undefined;
      if (inB) shared++;
      if (va === vb) continue;
      st.push(k);
      if (vb === undefined) this.emit('removed', va, undefined);
      else if (va === undefined) this.emit('added', undefined, vb);
      else this.value(va, vb);
      st.pop();
    }
    const keysB = Object.keys(b);
    if (shared === keysB.length) return;
    for (let i = 0; i < keysB.length; i++) {
      const k = keysB[i];
      if (Object.hasOwn(a, k) || b[k] === undefined) continue;
      st.push(k);
      this.emit('added', undefined, b[k]);
      st.pop();
    }
  }

  private array(a: unknown[], b: unknown[]): void {
    // Fast path: the same records in the same order (the usual case between two snapshots).
    if (a.length === b.length && a.length > 0 && hasRecordId(a[0])) {
      let same = true;
      for (let i = 0; same && i < a.length; i++) {
        const x = a[i];
        const y = b[i];
        same = hasRecordId(x) && hasRecordId(y) && String(x.id) === String(y.id);
      }
      if (same) return this.sameOrder(a, b);
    }
    const idsA = recordIds(a);
    const idsB = recordIds(b);
    if ((idsA || a.length === 0) && (idsB || b.length === 0) && (idsA || idsB)) return this.byId(a, idsA ?? [], b, idsB ?? []);
    this.positional(a, b);
  }

  private sameOrder(a: unknown[], b: unknown[]): void {
    const st = this.stack;
    let ctx: SameOrderRecords | undefined;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      st.push((ctx ??= new SameOrderRecords(a)), i);
      this.value(a[i], b[i]);
      st.length -= 2;
    }
  }

  private positional(a: unknown[], b: unknown[]): void {
    const st = this.stack;
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i < a.length && i < b.length && a[i] === b[i]) continue;
      st.push(i);
      if (i >= b.length) this.emit('removed', a[i], undefined);
      else if (i >= a.length) this.emit('added', undefined, b[i]);
      else this.value(a[i], b[i]);
      st.pop();
    }
  }

  private byId(a: unknown[], idsA: string[], b: unknown[], idsB: string[]): void {
    const st = this.stack;
    const indexB = new Map<string, number>();
    for (let i = 0; i < idsB.length; i++) indexB.set(idsB[i], i);
    for (let i = 0; i < a.length; i++) {
      const j = indexB.get(idsA[i]);
      st.push({ kind: 'id', value: idsA[i] });
      if (j === undefined) this.emit('removed', a[i], undefined);
      else this.value(a[i], b[j]);
      st.pop();
      indexB.delete(idsA[i]);
    }
    for (const [id, j] of indexB) {
      st.push({ kind: 'id', value: id });
      this.emit('added', undefined, b[j]);
      st.pop();
    }
  }
}

const KIND_ORDER = { key: 0, id: 1, index: 2 } as const;

/** Orders paths segment by segment: a parent before its children, indices numerically, keys by code unit. */
export function comparePathSegments(x: readonly PathSegment[], y: readonly PathSegment[]): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const sx = x[i];
    const sy = y[i];
    if (sx.kind !== sy.kind) return KIND_ORDER[sx.kind] - KIND_ORDER[sy.kind];
    if (sx.value === sy.value) continue;
    if (sx.kind === 'index') return sx.value - (sy.value as number);
    return sx.value < sy.value ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The parts of two trees whose slices differ (`os`, `apps.<id>`, other top-level keys), by their
 * versions (equal versions, equal JSON: no change inside), or the whole trees where either has no
 * versions. A step usually changes the clock and one app, so a diff walks those, not all apps.
 */
export function changedSlices<T>(before: T, after: T, vb: Record<string, string> | undefined, va: Record<string, string> | undefined): [T, T] {
  if (!vb || !va) return [before, after];
  // Keys first, a value only where its slice changed: a lazily parsed tree (SimulatorEnv) then
  // parses just those.
  const pick = (tree: T, other: Record<string, string>, own: Record<string, string>): T => {
    const whole = tree as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(whole)) {
      if (key === 'apps' && whole.apps && typeof whole.apps === 'object') {
        const all = whole.apps as Record<string, unknown>;
        const apps: Record<string, unknown> = {};
        for (const id of Object.keys(all)) if (own[`apps.${id}`] === undefined || own[`apps.${id}`] !== other[`apps.${id}`]) apps[id] = all[id];
        out.apps = apps;
      } else if (own[key] === undefined || own[key] !== other[key]) out[key] = whole[key];
    }
    return out as T;
  };
  return [pick(before, va, vb), pick(after, vb, va)];
}

/** Every difference between `before` and `after`, sorted by path (see the module comment for the rules). */
export function diffStates(before: unknown, after: unknown, opts: DiffOptions = {}): StateChange[] {
  const differ = new Differ((opts.ignore ?? []).map((p) => compilePattern(p)));
  differ.value(before, after);
  const found = differ.found;
  if (found.length > 1) found.sort((x, y) => comparePathSegments(x.segs, y.segs));
  return found.map((f) => f.change);
}
