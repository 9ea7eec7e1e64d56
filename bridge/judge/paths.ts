/**
 * State paths and path patterns: how the judge names a place in the phone's state tree.
 *
 *   apps.chat.chats[c_12].messages[m_9].text    key . key . record-by-id . key . record-by-id . key
 *   apps.chat.me.tags[2]                        positional array index
 *   apps.x["a.b"]                               a key that is not an identifier, JSON-quoted
 *   apps.x.list[id="42"]                        a record id that is all digits or has special characters
 *
 * Patterns add `*` (exactly one segment of any kind), `**` (zero or more segments) and `*` globs
 * inside a segment (`chats[c_*]`, `msg*`). Quoted segments are always literal. A pattern matches the
 * paths *under* it only when it ends in `.**` (`apps.chat.**` matches `apps.chat` and everything
 * below; `apps.chat` matches only `apps.chat`). See docs/judge.md.
 *
 * This is the one path grammar: the diff names changes with it, and the studio keys its state tree,
 * reveals a verdict's paths and highlights changes with it (`childPath`, `forEachChild`, `resolvePath`).
 *
 * Long file: parsing, patterns and reading values share one tokenizer and one rule for naming a
 * record (`recordIds`); kept together so the grammar has one home.
 */
import { PhonegymError } from '../protocol/errors.ts';

export type PathSegment =
  | { kind: 'key'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'index'; value: number };

/** A path or pattern string that does not parse. */
export class PathSyntaxError extends PhonegymError {
  override name = 'PathSyntaxError';
  constructor(message: string, opts: { details?: Record<string, unknown> } = {}) {
    super(message, { code: 'invalid_path', ...opts });
  }
}

// Characters a key may use without quotes (after the first, which must not be a digit or `-`).
const BARE_KEY = /^[\p{L}_$][\p{L}\p{N}\p{M}_$-]*$/u;
// Characters a record id may use inside `[...]` without quotes. All-digit ids are quoted so they never read as an index.
const BARE_ID = /^[\p{L}\p{N}\p{M}_$@#:+~.-]+$/u;
const DIGITS = /^\d+$/;
// ASCII-only subsets of the two above, tried first: most keys and ids are plain ASCII, and a
// non-unicode regex is several times cheaper (the studio formats a path for every row it shows).
const BARE_KEY_ASCII = /^[A-Za-z_$][\w$-]*$/;
const BARE_ID_ASCII = /^[\w$@#:+~.-]+$/;
const KEY_CHARS = /[\p{L}\p{N}\p{M}_$-]+/uy;
const KEY_CHARS_GLOB = /[\p{L}\p{N}\p{M}_$*-]+/uy;

// ---------------------------------------------------------------------------------------------
// Formatting

export function formatSegment(seg: PathSegment, first = false): string {
  switch (seg.kind) {
    case 'key':
      if (BARE_KEY_ASCII.test(seg.value) || BARE_KEY.test(seg.value)) return first ? seg.value : `.${seg.value}`;
      return `[${JSON.stringify(seg.value)}]`;
    case 'index':
      return `[${seg.value}]`;
    case 'id':
      if ((BARE_ID_ASCII.test(seg.value) || BARE_ID.test(seg.value)) && !DIGITS.test(seg.value)) return `[${seg.value}]`;
      return `[id=${JSON.stringify(seg.value)}]`;
  }
}

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (let i = 0; i < segments.length; i++) out += formatSegment(segments[i], i === 0);
  return out;
}

/** The path of a child: `formatPath([...parsePath(parent), segment])` without parsing `parent`. */
export function childPath(parent: string, segment: PathSegment): string {
  return parent + formatSegment(segment, parent === '');
}

// ---------------------------------------------------------------------------------------------
// Parsing (one tokenizer for paths and patterns)

type RawToken =
  | { t: 'dot'; text: string }        // `.name` or the leading bare name
  | { t: 'quotedKey'; value: string } // `["..."]`
  | { t: 'quotedId'; value: string }  // `[id="..."]`
  | { t: 'bracket'; text: string; at: number }; // `[...]` unquoted

function fail(source: string, what: string, at: number, kind: 'path' | 'pattern'): never {
  throw new PathSyntaxError(`invalid ${kind} ${JSON.stringify(source)}: ${what} at offset ${at}`, { details: { [kind]: source, offset: at } });
}

/** Reads a JSON string literal starting at `start` (a `"`); returns its value and the index after it. */
function readQuoted(s: string, start: number, kind: 'path' | 'pattern'): [string, number] {
  let i = start + 1;
  while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
  if (i >= s.length) fail(s, 'unterminated quoted segment', start, kind);
  try {
    return [JSON.parse(s.slice(start, i + 1)) as string, i + 1];
  } catch {
    return fail(s, 'bad escape in quoted segment', start, kind);
  }
}

function tokenize(s: string, kind: 'path' | 'pattern'): RawToken[] {
  const tokens: RawToken[] = [];
  const chars = kind === 'pattern' ? KEY_CHARS_GLOB : KEY_CHARS;
  let i = 0;
  const readBare = (at: number): string => {
    chars.lastIndex = at;
    const m = chars.exec(s);
    if (!m) fail(s, at >= s.length ? 'expected a key after "."' : `unexpected character ${JSON.stringify(s[at])}`, at, kind);
    return m[0];
  };
  while (i < s.length) {
    const c = s[i];
    if (c === '.' || (i === 0 && c !== '[')) {
      if (c === '.' && i === 0) fail(s, 'a path cannot start with "."', 0, kind);
      const at = c === '.' ? i + 1 : i;
      const text = readBare(at);
      tokens.push({ t: 'dot', text });
      i = at + text.length;
    } else if (c === '[') {
      if (s[i + 1] === '"') {
        const [value, end] = readQuoted(s, i + 1, kind);
        if (s[end] !== ']') fail(s, 'expected "]" after quoted key', end, kind);
        tokens.push({ t: 'quotedKey', value });
        i = end + 1;
      } else if (s.startsWith('id="', i + 1)) {
        const [value, end] = readQuoted(s, i + 4, kind);
        if (s[end] !== ']') fail(s, 'expected "]" after quoted id', end, kind);
        tokens.push({ t: 'quotedId', value });
        i = end + 1;
      } else {
        const close = s.indexOf(']', i + 1);
        if (close < 0) fail(s, 'unterminated "["', i, kind);
        const text = s.slice(i + 1, close);
        if (text === '') fail(s, 'empty "[]"', i, kind);
        tokens.push({ t: 'bracket', text, at: i });
        i = close + 1;
      }
    } else {
      fail(s, `unexpected character ${JSON.stringify(c)}`, i, kind);
    }
  }
  return tokens;
}

/** Parses a concrete path (no wildcards). `''` is the root. Throws PathSyntaxError. */
export function parsePath(path: string): PathSegment[] {
  const segs: PathSegment[] = [];
  for (const tok of tokenize(path, 'path')) {
    switch (tok.t) {
      case 'dot': segs.push({ kind: 'key', value: tok.text }); break;
      case 'quotedKey': segs.push({ kind: 'key', value: tok.value }); break;
      case 'quotedId': segs.push({ kind: 'id', value: tok.value }); break;
      case 'bracket':
        if (DIGITS.test(tok.text)) segs.push({ kind: 'index', value: Number(tok.text) });
        else if (BARE_ID.test(tok.text)) segs.push({ kind: 'id', value: tok.text });
        else fail(path, `record id ${JSON.stringify(tok.text)} must be quoted as [id="..."]`, tok.at, 'path');
        break;
    }
  }
  return segs;
}

// ---------------------------------------------------------------------------------------------
// Patterns

export type PatternSegment =
  | { type: 'any' }                          // `*` / `[*]`: one segment of any kind
  | { type: 'globstar' }                     // `**`: zero or more segments
  | { type: 'key'; value: string }
  | { type: 'keyGlob'; re: RegExp }          // `.msg*`: key segments only
  | { type: 'index'; value: number }
  | { type: 'id'; value: string }
  | { type: 'bracketGlob'; re: RegExp };     // `[c_*]`: id or index segments

export interface CompiledPattern {
  readonly source: string;
  readonly segments: readonly PatternSegment[];
  readonly hasGlobstar: boolean;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.split('*').map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`, 'su');
}

const patternCache = new Map<string, CompiledPattern>();
const PATTERN_CACHE_MAX = 2000;

/** Compiles (and caches) a pattern. Every concrete path is also a pattern matching only itself. */
export function compilePattern(pattern: string | CompiledPattern): CompiledPattern {
  if (typeof pattern !== 'string') return pattern;
  const cached = patternCache.get(pattern);
  if (cached) return cached;
  const segments: PatternSegment[] = [];
  for (const tok of tokenize(pattern, 'pattern')) {
    switch (tok.t) {
      case 'quotedKey': segments.push({ type: 'key', value: tok.value }); break;
      case 'quotedId': segments.push({ type: 'id', value: tok.value }); break;
      case 'dot':
      case 'bracket': {
        const text = tok.text;
        if (text === '**') segments.push({ type: 'globstar' });
        else if (/^\*+$/.test(text)) segments.push({ type: 'any' });
        else if (tok.t === 'dot') segments.push(text.includes('*') ? { type: 'keyGlob', re: globToRegExp(text) } : { type: 'key', value: text });
        else if (DIGITS.test(text)) segments.push({ type: 'index', value: Number(text) });
        else if (BARE_ID.test(text.replaceAll('*', '_'))) segments.push(text.includes('*') ? { type: 'bracketGlob', re: globToRegExp(text) } : { type: 'id', value: text });
        else fail(pattern, `record id ${JSON.stringify(text)} must be quoted as [id="..."]`, tok.t === 'bracket' ? tok.at : 0, 'pattern');
        break;
      }
    }
  }
  const compiled: CompiledPattern = { source: pattern, segments, hasGlobstar: segments.some((s) => s.type === 'globstar') };
  if (patternCache.size >= PATTERN_CACHE_MAX) patternCache.clear();
  patternCache.set(pattern, compiled);
  return compiled;
}

export function segmentMatches(p: PatternSegment, s: PathSegment): boolean {
  switch (p.type) {
    case 'any':
    case 'globstar': return true;
    case 'key': return s.kind === 'key' && s.value === p.value;
    case 'keyGlob': return s.kind === 'key' && p.re.test(s.value);
    case 'index': return s.kind === 'index' && s.value === p.value;
    case 'id': return s.kind === 'id' && s.value === p.value;
    case 'bracketGlob': return s.kind !== 'key' && p.re.test(String(s.value));
  }
}

function matchSegments(pat: readonly PatternSegment[], path: readonly PathSegment[]): boolean {
  // Classic wildcard matching with backtracking to the last `**`: linear for one `**`, never exponential.
  let pi = 0;
  let si = 0;
  let starP = -1;
  let starS = 0;
  while (si < path.length) {
    if (pi < pat.length && pat[pi].type === 'globstar') {
      starP = pi++;
      starS = si;
    } else if (pi < pat.length && segmentMatches(pat[pi], path[si])) {
      pi++;
      si++;
    } else if (starP >= 0) {
      pi = starP + 1;
      si = ++starS;
    } else {
      return false;
    }
  }
  while (pi < pat.length && pat[pi].type === 'globstar') pi++;
  return pi === pat.length;
}

/** Does `path` match `pattern`? Both may be given pre-parsed. */
export function matchPath(pattern: string | CompiledPattern, path: string | readonly PathSegment[]): boolean {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  return matchSegments(compilePattern(pattern).segments, segs);
}

// ---------------------------------------------------------------------------------------------
// Reading values

type Container = Record<string, unknown> | unknown[];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The ids of an id-keyed array: every element an object with a string or number `id`, all distinct
 * (as strings). `null` when the array is empty or not id-keyed. The diff and the projection share this rule.
 */
export function recordIds(arr: readonly unknown[]): string[] | null {
  if (arr.length === 0) return null;
  const ids = new Array<string>(arr.length);
  const seen = new Set<string>();
  for (let i = 0; i < arr.length; i++) {
    const el = arr[i];
    if (!isObject(el)) return null;
    const id = el.id;
    if (typeof id !== 'string' && typeof id !== 'number') return null;
    const key = String(id);
    if (seen.has(key)) return null;
    seen.add(key);
    ids[i] = key;
  }
  return ids;
}

function child(node: unknown, seg: PathSegment): unknown {
  if (seg.kind === 'key') return isObject(node) && Object.hasOwn(node, seg.value) ? node[seg.value] : undefined;
  if (!Array.isArray(node)) return undefined;
  if (seg.kind === 'index') return node[seg.value];
  for (const el of node) if (isObject(el) && (typeof el.id === 'string' || typeof el.id === 'number') && String(el.id) === seg.value) return el;
  return undefined;
}

/** The value at `path`, or undefined when any step is missing. `[id]` finds the record with that `id`. */
export function getPath(value: unknown, path: string | readonly PathSegment[]): unknown {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  let node = value;
  for (const seg of segs) {
    node = child(node, seg);
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Visits the children of a container in document order, each with the segment that names it (as the
 * diff names it: an object's keys, an id-keyed array's record ids, any other array's indices) and its
 * position (the key, or the index in the array). `visit` returning true stops; the result says whether it did.
 */
export function forEachChild(node: unknown, visit: (seg: PathSegment, v: unknown, position: string | number) => boolean | void): boolean {
  if (Array.isArray(node)) {
    const ids = recordIds(node);
    for (let i = 0; i < node.length; i++) {
      if (visit(ids ? { kind: 'id', value: ids[i] } : { kind: 'index', value: i }, node[i], i)) return true;
    }
  } else if (isObject(node)) {
    for (const k of Object.keys(node)) {
      if (node[k] !== undefined && visit({ kind: 'key', value: k }, node[k], k)) return true;
    }
  }
  return false;
}

/** One node on the way to a resolved path. */
export interface ResolvedStep {
  /** The segment that names the node as the diff does: a record of an id-keyed array by its id, even when the path gave its index. */
  segment: PathSegment;
  /** Where the node sits in its parent: its key, or its index in the array. */
  position: string | number;
  value: unknown;
}

export interface ResolvedPath {
  /** Every segment was found. */
  found: boolean;
  /** The value at the path; `undefined` unless found. */
  value: unknown;
  /**
   * The nodes from the root's child down to the path's node (when found) or to its deepest existing
   * ancestor: `formatPath(trail.map((s) => s.segment))` is the node's own path, the positions its place.
   */
  trail: ResolvedStep[];
}

/** Resolves one segment in `node`: the child, its position and the segment that names it. */
function resolveStep(node: unknown, seg: PathSegment): ResolvedStep | undefined {
  if (seg.kind === 'key') return isObject(node) && Object.hasOwn(node, seg.value) && node[seg.value] !== undefined ? { segment: seg, position: seg.value, value: node[seg.value] } : undefined;
  if (!Array.isArray(node)) return undefined;
  let i = -1;
  if (seg.kind === 'index') i = seg.value >= 0 && seg.value < node.length ? seg.value : -1;
  else i = node.findIndex((el) => isObject(el) && (typeof el.id === 'string' || typeof el.id === 'number') && String(el.id) === seg.value);
  if (i < 0) return undefined;
  const ids = recordIds(node);
  return { segment: ids ? { kind: 'id', value: ids[i] } : { kind: 'index', value: i }, position: i, value: node[i] };
}

/**
 * Finds `path` in `value` as `getPath` does (`[id]` finds the record with that id, `[n]` is a position)
 * and says how it got there, for a viewer that expands a tree down to the node. The trail names each
 * node the way the diff does, so `apps.chat.chats[3]` in an id-keyed array comes back as `chats[c_4]`.
 */
export function resolvePath(value: unknown, path: string | readonly PathSegment[]): ResolvedPath {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  const trail: ResolvedStep[] = [];
  let node = value;
  for (const seg of segs) {
    const step = resolveStep(node, seg);
    if (!step) return { found: false, value: undefined, trail };
    trail.push(step);
    node = step.value;
  }
  return { found: true, value: node, trail };
}

function stepInto(node: unknown, p: PatternSegment, visit: (seg: PathSegment, v: unknown) => boolean | void): boolean {
  switch (p.type) {
    case 'key': {
      const v = child(node, { kind: 'key', value: p.value });
      return v !== undefined && !!visit({ kind: 'key', value: p.value }, v);
    }
    case 'index': {
      const v = child(node, { kind: 'index', value: p.value });
      return v !== undefined && !!visit({ kind: 'index', value: p.value }, v);
    }
    case 'id': {
      const v = child(node, { kind: 'id', value: p.value });
      return v !== undefined && !!visit({ kind: 'id', value: p.value }, v);
    }
    default:
      return forEachChild(node, (seg, v) => (segmentMatches(p, seg) ? visit(seg, v) : false));
  }
}

/**
 * Walks every location of `value` that `pattern` matches, in document order; `visit` returning true stops
 * the walk. With two or more `**`, a location reachable by several splits is visited once.
 */
function walk(value: unknown, pat: readonly PatternSegment[], visit: (segs: PathSegment[], v: unknown) => boolean | void): void {
  const multi = pat.filter((p) => p.type === 'globstar').length > 1;
  const seen = multi ? new Set<string>() : null;
  const segs: PathSegment[] = [];
  const rec = (node: unknown, i: number): boolean => {
    if (i === pat.length) {
      if (seen) {
        const key = formatPath(segs);
        if (seen.has(key)) return false;
        seen.add(key);
      }
      return !!visit(segs.slice(), node);
    }
    const p = pat[i];
    if (p.type === 'globstar') {
      if (rec(node, i + 1)) return true;
      return forEachChild(node, (seg, v) => {
        segs.push(seg);
        const stop = rec(v, i);
        segs.pop();
        return stop;
      });
    }
    return stepInto(node, p, (seg, v) => {
      segs.push(seg);
      const stop = rec(v, i + 1);
      segs.pop();
      return stop;
    });
  };
  rec(value, 0);
}

/** Every `{ path, value }` the pattern selects, in document order. */
export function projectPathEntries(value: unknown, pattern: string | CompiledPattern): { path: string; value: unknown }[] {
  const out: { path: string; value: unknown }[] = [];
  walk(value, compilePattern(pattern).segments, (segs, v) => {
    out.push({ path: formatPath(segs), value: v });
  });
  return out;
}

/**
 * The values a pattern selects, in document order: `projectPath(state, 'apps.chat.contacts[*].name')`.
 * A concrete path gives `[value]` (or `[]` when missing).
 */
export function projectPath(value: unknown, pattern: string | CompiledPattern): unknown[] {
  const out: unknown[] = [];
  walk(value, compilePattern(pattern).segments, (_segs, v) => {
    out.push(v);
  });
  return out;
}

/**
 * True when `pattern` names a location strictly inside `value`, which sits at `at`: the pattern's
 * first segments match `at` and the rest lead to something that exists in `value`. A trailing `**` is
 * ignored; patterns with any other `**` never reach inside (they are too broad to imply a whole record).
 * This is how a criterion about `messages[m_9].text` covers the creation of record `messages[m_9]`.
 */
export function patternReachesInto(pattern: string | CompiledPattern, at: readonly PathSegment[], value: unknown): boolean {
  let pat = compilePattern(pattern).segments;
  if (pat.length > 0 && pat[pat.length - 1].type === 'globstar') pat = pat.slice(0, -1);
  if (pat.length <= at.length || pat.some((p) => p.type === 'globstar')) return false;
  if (typeof value !== 'object' || value === null) return false;
  for (let i = 0; i < at.length; i++) if (!segmentMatches(pat[i], at[i])) return false;
  let found = false;
  walk(value as Container, pat.slice(at.length), () => {
    found = true;
    return true;
  });
  return found;
}
