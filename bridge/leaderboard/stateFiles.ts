/**
 * An episode's initial and final state read for re-judging, parsing as little as the judge needs.
 * The files are laid out by lines down to the records (protocol/stateFile.ts): a part whose bytes
 * are the same in both files becomes one value shared by the two states, so the judge's diff
 * passes over it at no cost (it skips `a === b`), and a record is parsed only when something
 * looks inside it. A re-judge of an episode that changed one note parses that note and what its
 * goals read, not the whole phone twice. Files in any other layout (compact JSON) are parsed whole.
 */
import { readFileSync } from 'node:fs';
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

/** Where a lazy value's bytes are, and the value once parsed: kept on the proxy's target under a symbol no reader sees. */
const SOURCE = Symbol('bytes');
interface Source {
  buf: Buffer;
  from: number;
  to: number;
  real: object | null;
}
type Target = { [SOURCE]: Source };

const realOf = (t: Target): object => {
  const s = t[SOURCE];
  return (s.real ??= JSON.parse(s.buf.toString('utf8', s.from, s.to)) as object);
};

/** One handler for every lazy value (a handler per value would cost more than the parse it saves). */
const LAZY: ProxyHandler<Target> = {
  get: (t, k) => Reflect.get(realOf(t), k),
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

/**
 * An object or array that parses its bytes the first time anything looks inside it, and is that
 * value from then on (an array's proxy stands on an array, so `Array.isArray` holds).
 */
function lazy(buf: Buffer, from: number, to: number): unknown {
  const first = buf[from];
  if (first !== 0x7b && first !== 0x5b) return JSON.parse(buf.toString('utf8', from, to));
  const target = (first === 0x5b ? [] : {}) as unknown as Target;
  Object.defineProperty(target, SOURCE, { value: { buf, from, to, real: null } satisfies Source, configurable: true });
  return new Proxy(target, LAZY);
}

const sameBytes = (a: Buffer, p: Part, b: Buffer, q: Part) => p.kind === q.kind && p.to - p.from === q.to - q.from && a.compare(b, q.from, q.to, p.from, p.to) === 0;

/** The value of part `p` of file `buf`, every record in it lazy. */
function valueOf(buf: Buffer, p: Part): unknown {
  if (p.kind === 'value') return lazy(buf, p.from, p.to);
  if (p.kind === 'array') return p.members.map((m) => valueOf(buf, m));
  return Object.fromEntries(p.members.map((m) => [m.key!, valueOf(buf, m)]));
}

/** The values of `p` in `a` and `q` in `b`: one value where their bytes are the same, else members paired by key (objects) or by position (arrays). */
function pairOf(a: Buffer, p: Part, b: Buffer, q: Part): [unknown, unknown] {
  if (sameBytes(a, p, b, q)) {
    const v = valueOf(a, p);
    return [v, v];
  }
  if (p.kind === 'value' || q.kind === 'value' || p.kind !== q.kind) return [valueOf(a, p), valueOf(b, q)];
  if (p.kind === 'array') {
    const left = p.members.map((m) => valueOf(a, m));
    return [left, q.members.map((m, i) => (p.members[i] && sameBytes(a, p.members[i]!, b, m) ? left[i] : valueOf(b, m)))];
  }
  const byKey = new Map(p.members.map((m) => [m.key!, m]));
  const pairs = new Map<string, [unknown, unknown]>();
  for (const m of q.members) {
    const other = byKey.get(m.key!);
    if (other) pairs.set(m.key!, pairOf(a, other, b, m));
  }
  const left = Object.fromEntries(p.members.map((m) => [m.key!, pairs.has(m.key!) ? pairs.get(m.key!)![0] : valueOf(a, m)]));
  const right = Object.fromEntries(q.members.map((m) => [m.key!, pairs.has(m.key!) ? pairs.get(m.key!)![1] : valueOf(b, m)]));
  return [left, right];
}

/** The two states of one episode, unchanged parts shared and every record parsed on first use. */
export function readStatePair(initialFile: string, finalFile: string): { initial: PhoneState; final: PhoneState } {
  const a = readFileSync(initialFile);
  const b = readFileSync(finalFile);
  const pa = partsOf(a);
  const pb = pa && partsOf(b);
  if (!pa || !pb) return { initial: JSON.parse(a.toString('utf8')) as PhoneState, final: JSON.parse(b.toString('utf8')) as PhoneState };
  const [initial, final] = pairOf(a, pa, b, pb);
  return { initial: initial as PhoneState, final: final as PhoneState };
}
