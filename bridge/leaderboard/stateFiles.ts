/**
 * An episode's initial and final state read for re-judging, parsing as little as the judge needs.
 * The files are laid out by lines down to the records (protocol/stateFile.ts): a part whose bytes
 * are the same in both files becomes one value shared by the two states, so the judge's diff
 * passes over it at no cost (it skips `a === b`), and a record is parsed only when something
 * looks inside it (its `id` is read off its bytes, so the diff pairs records without parsing
 * them). A parsed value takes the lazy one's place in its container, so later reads pay nothing.
 * A re-judge of an episode that changed one note parses that note and what its goals read, not
 * the whole phone twice. Files in any other layout (compact JSON) are parsed whole.
 */
import { readFileSync, statSync } from 'node:fs';
import type { PhoneState } from '../protocol/state.ts';

/** A part of the file: a container opened on its own line, or a value whole on one line. */
type Part =
  | { kind: 'object' | 'array'; key: string | null; from: number; to: number; members: Part[] }
  | { kind: 'value'; key: string | null; from: number; to: number };

const [NL, QUOTE, BACKSLASH, COMMA, COLON] = [0x0a, 0x22, 0x5c, 0x2c, 0x3a];
const OPEN = new Map([[0x7b, 'object'], [0x5b, 'array']] as const);
const CLOSE = new Set([0x7d, 0x5d]);

/** Where the JSON string starting at `at` ends (the index after its closing quote), or -1. */
function stringEnd(buf: Buffer, at: number, limit: number): number {
  for (let i = at + 1; i < limit; i++) {
    if (buf[i] === BACKSLASH) i++;
    else if (buf[i] === QUOTE) return i + 1;
  }
  return -1;
}

class NotLaidOut extends Error {}

/** The parts of a file in the layout by lines, or null for any other layout. */
function partsOf(buf: Buffer): Part | null {
  const stack: Extract<Part, { members: Part[] }>[] = [];
  let root: Part | null = null;
  try {
    for (let at = 0; at < buf.length; ) {
      const nl = buf.indexOf(NL, at);
      const end = nl === -1 ? buf.length : nl;
      const stop = buf[end - 1] === COMMA ? end - 1 : end;
      const next = nl === -1 ? buf.length : nl + 1;
      if (stop - at === 1 && CLOSE.has(buf[at]!)) {
        const done = stack.pop();
        if (!done) throw new NotLaidOut();
        done.to = stop;
        at = next;
        continue;
      }
      const parent = stack.at(-1);
      if (!parent && root) throw new NotLaidOut();
      let key: string | null = null;
      let from = at;
      if (parent?.kind === 'object') {
        const k = stringEnd(buf, at, stop);
        if (buf[at] !== QUOTE || k < 0 || buf[k] !== COLON) throw new NotLaidOut();
        key = buf.subarray(at, k).includes(BACKSLASH) ? (JSON.parse(buf.toString('utf8', at, k)) as string) : buf.toString('utf8', at + 1, k - 1);
        from = k + 1;
      }
      const open = stop - from === 1 ? OPEN.get(buf[from] as 0x7b | 0x5b) : undefined;
      const part: Part = open ? { kind: open, key, from, to: -1, members: [] } : { kind: 'value', key, from, to: stop };
      if (parent) parent.members.push(part);
      else root = part;
      if (part.kind !== 'value') stack.push(part);
      at = next;
    }
  } catch (e) {
    if (e instanceof NotLaidOut || e instanceof SyntaxError) return null;
    throw e;
  }
  return root && stack.length === 0 && root.kind === 'object' ? root : null;
}

/** Where a lazy value's bytes are, the value once parsed, and the containers holding the lazy value (given the parsed one once it exists). */
interface Source {
  buf: Buffer;
  /** A part laid out over lines: its value is built a level at a time (its members lazy in turn). */
  part: Part;
  real: object | null;
  /** A record's `id` read off its first bytes (`{"id":…`), answered without parsing the record. */
  id: string | number | undefined;
  owners: [Record<string | number, unknown>, string | number][];
}
/** The key a lazy value answers its source under (any other read parses it). */
const SOURCE = Symbol('bytes');
type Target = { [SOURCE]: Source };

/** The parsed value; every container that held the lazy one now holds it, so later reads pay no trap. */
const realOf = (t: Target): object => {
  const s = t[SOURCE];
  if (s.real) return s.real;
  s.real = (s.part.kind === 'value' ? JSON.parse(s.buf.toString('utf8', s.part.from, s.part.to)) : containerOf(s.part, (m) => valueOf(s.buf, m))) as object;
  for (const [c, k] of s.owners) put(c, k, s.real);
  s.owners = [];
  return s.real;
};

/** One handler for every lazy value (a handler per value would cost more than the parse it saves). */
const LAZY: ProxyHandler<Target> = {
  get: (t, k) => (k === SOURCE ? t[SOURCE] : k === 'id' && t[SOURCE].id !== undefined && !t[SOURCE].real ? t[SOURCE].id : Reflect.get(realOf(t), k)),
  has: (t, k) => Reflect.has(realOf(t), k),
  ownKeys: (t) => Reflect.ownKeys(realOf(t)),
  getOwnPropertyDescriptor: (t, k) => {
    const d = Reflect.getOwnPropertyDescriptor(realOf(t), k);
    // An array's `length` is as the target's (not configurable); every other member may be reported configurable.
    return d && (k === 'length' && Array.isArray(t) ? d : { ...d, configurable: true });
  },
  set: (t, k, v) => Reflect.set(realOf(t), k, v),
  deleteProperty: (t, k) => Reflect.deleteProperty(realOf(t), k),
  defineProperty: (t, k, d) => Reflect.defineProperty(realOf(t), k, d),
  getPrototypeOf: (t) => (Array.isArray(t) ? Array.prototype : Object.prototype),
};

const ID_KEY = Buffer.from('{"id":');

/** The `id` a record's bytes open with (a string or a plain number), or undefined: the diff pairs records by id without parsing them. */
function idOf(buf: Buffer, from: number, to: number): string | number | undefined {
  if (to - from < ID_KEY.length + 2 || buf.compare(ID_KEY, 0, ID_KEY.length, from, from + ID_KEY.length) !== 0) return undefined;
  const at = from + ID_KEY.length;
  if (buf[at] === QUOTE) {
    const end = stringEnd(buf, at, to);
    return end > 0 && (buf[end] === COMMA || buf[end] === 0x7d) ? (JSON.parse(buf.toString('utf8', at, end)) as string) : undefined;
  }
  let end = at;
  while (end < to && buf[end] !== COMMA && buf[end] !== 0x7d) end++;
  const n = Number(buf.toString('latin1', at, end));
  return end > at && /^-?\d+$/.test(buf.toString('latin1', at, end)) && Number.isSafeInteger(n) ? n : undefined;
}

/**
 * An object or array that parses its bytes the first time anything looks inside it, and is that
 * value from then on (an array's proxy stands on an array, so `Array.isArray` holds).
 */
function lazy(buf: Buffer, part: Part): unknown {
  const first = buf[part.from];
  if (part.kind === 'value' && first !== 0x7b && first !== 0x5b) return JSON.parse(buf.toString('utf8', part.from, part.to));
  const target = (part.kind === 'array' || first === 0x5b ? [] : {}) as unknown as Target;
  target[SOURCE] = { buf, part, real: null, id: part.kind === 'value' ? idOf(buf, part.from, part.to) : undefined, owners: [] };
  return new Proxy(target, LAZY);
}

/** `container[key] = v` as JSON.parse would make it: a `__proto__` key is a member like any other, not the prototype. */
function put(container: Record<string | number, unknown>, key: string | number, v: unknown): void {
  if (key === '__proto__') Object.defineProperty(container, key, { value: v, writable: true, enumerable: true, configurable: true });
  else container[key] = v;
}

/** `v` into `container[key]`; a lazy `v` will put its parsed value there when it is first read. */
function hold(container: Record<string | number, unknown>, key: string | number, v: unknown): void {
  put(container, key, v);
  const s = typeof v === 'object' && v !== null ? (v as Partial<Target>)[SOURCE] : undefined;
  if (s && !s.real) s.owners.push([container, key]);
}

const sameBytes = (a: Buffer, p: Part, b: Buffer, q: Part) => p.kind === q.kind && p.to - p.from === q.to - q.from && a.compare(b, q.from, q.to, p.from, p.to) === 0;

const parsed = (buf: Buffer, p: Part): unknown => JSON.parse(buf.toString('utf8', p.from, p.to));

/** A container of part `p`'s members, each made by `member`. */
function containerOf(p: Extract<Part, { members: Part[] }>, member: (m: Part, i: number) => unknown): Record<string | number, unknown> {
  const out: Record<string | number, unknown> = p.kind === 'array' ? ([] as unknown as Record<number, unknown>) : {};
  p.members.forEach((m, i) => hold(out, p.kind === 'array' ? i : m.key!, member(m, i)));
  return out;
}

/** The value of part `p` of file `buf`, lazy: nothing in it is parsed or built until something looks inside. */
const valueOf = (buf: Buffer, p: Part): unknown => lazy(buf, p);

/**
 * A collection laid out a record a line that differs between the files. A record whose bytes are
 * the same in both (found at its place, or by length, then bytes, wherever it moved to) is one
 * lazy value shared by the two; the records that differ are parsed now (the diff looks inside them).
 */
function collectionPair(a: Buffer, p: Extract<Part, { members: Part[] }>, b: Buffer, q: Extract<Part, { members: Part[] }>): [unknown, unknown] {
  const byLength = new Map<number, number[]>();
  p.members.forEach((m, i) => {
    const n = m.to - m.from;
    byLength.get(n)?.push(i) ?? byLength.set(n, [i]);
  });
  const matched = new Array<boolean>(p.members.length).fill(false);
  const from = q.members.map((m, j) => {
    const at = p.members[j] && !matched[j] && sameBytes(a, p.members[j]!, b, m) ? j : byLength.get(m.to - m.from)?.find((i) => !matched[i] && sameBytes(a, p.members[i]!, b, m));
    if (at !== undefined) matched[at] = true;
    return at;
  });
  const left = p.members.map((m, i) => (matched[i] ? valueOf(a, m) : parsed(a, m)));
  const right = q.members.map((m, j) => (from[j] === undefined ? parsed(b, m) : left[from[j]!]));
  const l: unknown[] = [];
  const r: unknown[] = [];
  left.forEach((v, i) => hold(l as unknown as Record<number, unknown>, i, v));
  right.forEach((v, j) => hold(r as unknown as Record<number, unknown>, j, v));
  return [l, r];
}

/** The values of `p` in `a` and `q` in `b`: one value where their bytes are the same, else members paired by key (objects) or by position (arrays). */
function pairOf(a: Buffer, p: Part, b: Buffer, q: Part): [unknown, unknown] {
  if (sameBytes(a, p, b, q)) {
    const v = valueOf(a, p);
    return [v, v];
  }
  // Two values whose bytes differ: the diff will look inside both, so they are parsed now (a proxy
  // would cost a trap on every later read, and the goals read a changed list record by record).
  if (p.kind === 'value' && q.kind === 'value') return [parsed(a, p), parsed(b, q)];
  if (p.kind === 'value' || q.kind === 'value' || p.kind !== q.kind) return [valueOf(a, p), valueOf(b, q)];
  if (p.kind === 'array') return collectionPair(a, p, b, q as typeof p);
  const byKey = new Map(p.members.map((m) => [m.key!, m]));
  const pairs = new Map<string, [unknown, unknown]>();
  for (const m of q.members) {
    const other = byKey.get(m.key!);
    if (other) pairs.set(m.key!, pairOf(a, other, b, m));
  }
  const left = containerOf(p, (m) => pairs.get(m.key!)?.[0] ?? valueOf(a, m));
  const right = containerOf(q as typeof p, (m) => pairs.get(m.key!)?.[1] ?? valueOf(b, m));
  return [left, right];
}

/** A state file's bytes and its parts (null: not laid out by lines). */
interface ReadFile {
  buf: Buffer;
  parts: Part | null;
}

/**
 * Files read lately, by identity (device, inode, size, change time): the runner writes a state
 * once per run and hard-links it into every episode that has the same bytes (runner/stateFiles.ts),
 * so the re-judge of a run with many trials reads and scans each distinct state once. Bounded by
 * bytes; the values built from a file are new for every pair (nothing parsed is shared between rows).
 */
const recent = new Map<string, ReadFile>();
let recentBytes = 0;
const RECENT_BYTES = 256 * 1024 * 1024;

function readStateFile(file: string): ReadFile {
  const st = statSync(file, { bigint: true });
  const key = `${st.dev}:${st.ino}:${st.size}:${st.ctimeNs}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const buf = readFileSync(file);
  const read: ReadFile = { buf, parts: partsOf(buf) };
  recent.set(key, read);
  recentBytes += buf.length;
  for (const [k, v] of recent) {
    if (recentBytes <= RECENT_BYTES) break;
    recent.delete(k);
    recentBytes -= v.buf.length;
  }
  return read;
}

/** The two states of one episode, unchanged parts shared and every record parsed on first use. */
export function readStatePair(initialFile: string, finalFile: string): { initial: PhoneState; final: PhoneState } {
  const { buf: a, parts: pa } = readStateFile(initialFile);
  const { buf: b, parts: pb } = readStateFile(finalFile);
  if (!pa || !pb) return { initial: JSON.parse(a.toString('utf8')) as PhoneState, final: JSON.parse(b.toString('utf8')) as PhoneState };
  const [initial, final] = pairOf(a, pa, b, pb);
  return { initial: initial as PhoneState, final: final as PhoneState };
}
