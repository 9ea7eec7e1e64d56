/**
 * The parsing toolkit every reply format shares: reasoning tags and code fences come off, then one
 * forgiving literal reader finds Python-style calls (`tap(120, 540)`, `do(action="Tap",
 * element=[1,2])`) and JSON-ish objects (`{"action": "tap"}`, `{'action': 'tap', 'x': 1,}`) in
 * prose. Strings take single or double quotes with backslash escapes, so no format carries its
 * own string or number parser.
 */

export type Literal = number | string | boolean | null | Literal[] | LiteralObject;
export interface LiteralObject {
  [key: string]: Literal;
}

/** A call found in a reply: `name(args, key=value)`, or why its arguments could not be read. */
export interface CallSite {
  kind: 'call';
  name: string;
  args: Literal[];
  kwargs: Record<string, Literal>;
  start: number;
  end: number;
  /** Set when the arguments could not be read (then `args`/`kwargs` are empty). */
  error?: string;
}

/** An object literal found in a reply. */
export interface ObjectSite {
  kind: 'object';
  value: LiteralObject;
  start: number;
  end: number;
}

export type Site = CallSite | ObjectSite;

/**
 * Separates `<think>…</think>` / `<thinking>…</thinking>` from the rest. A lone closing tag means the
 * opening one was in the chat template (thinking models); a lone opening tag means the reply was cut
 * off while reasoning. Either way that text is reasoning, not the answer.
 */
export function splitReasoning(text: string): { reasoning: string | null; rest: string } {
  const parts: string[] = [];
  let rest = text.replace(/<(think|thinking)>([\s\S]*?)<\/\1>/gi, (_m, _tag, inner: string) => {
    parts.push(inner.trim());
    return '\n';
  });
  let lastClose: RegExpExecArray | null = null;
  for (const m of rest.matchAll(/<\/(think|thinking)>/gi)) lastClose = m as RegExpExecArray;
  if (lastClose) {
    parts.unshift(rest.slice(0, lastClose.index).trim());
    rest = rest.slice(lastClose.index + lastClose[0].length);
  }
  const open = /<(think|thinking)>/i.exec(rest);
  if (open) {
    parts.push(rest.slice(open.index + open[0].length).trim());
    rest = rest.slice(0, open.index);
  }
  const reasoning = parts.filter(Boolean).join('\n\n');
  return { reasoning: reasoning || null, rest: rest.trim() };
}

/** Code fences off, their content kept (a language tag only counts when a newline follows it). */
export function stripFences(text: string): string {
  return text.replace(/```(?:[\w+-]*[ \t]*\n)?([\s\S]*?)```/g, '$1').replace(/```(?:[\w+-]*[ \t]*\n)?/g, '');
}

/**
 * The text after `Label:` up to the next label in `until` (or the end), e.g.
 * the thought in `Thought: … \nAction: …`. Markdown bold around the label is allowed; a full-width
 * colon too (models writing Chinese use it).
 */
export function labeledSection(text: string, label: string, until: string[] = []): string | null {
  const start = new RegExp(`(?:^|\\n)[ \\t>#*_-]*${label}[*_]*[ \\t]*[:：][*_]*`, 'i').exec(text);
  if (!start) return null;
  const after = text.slice(start.index + start[0].length);
  // The next label ends the section even on the same line (`Thought: … Action: …`); it is matched
  // with its capital, so prose such as "the next action: …" does not cut the thought short.
  const stop = until.length ? new RegExp(`(?:^|\\s)[>#*_-]*(?:${until.join('|')})[*_]*[ \\t]*[:：]`).exec(after) : null;
  const body = (stop ? after.slice(0, stop.index) : after).trim();
  return body || null;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** One backslash escape at `src[i]` (the backslash): the character it stands for and its length. */
function decodeEscape(src: string, i: number): [string, number] {
  const n = src[i + 1];
  if (n === undefined) return ['\\', 1];
  if (n in SIMPLE_ESCAPES) return [SIMPLE_ESCAPES[n], 2];
  if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) return [String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16)), 6];
  if (n === 'x' && /^[0-9a-fA-F]{2}$/.test(src.slice(i + 2, i + 4))) return [String.fromCharCode(parseInt(src.slice(i + 2, i + 4), 16)), 4];
  if (n === '\\' || n === '"' || n === "'" || n === '/' || n === '`') return [n, 2];
  // Python keeps an unknown escape as written; so do we.
  return ['\\' + n, 2];
}

/** Backslash escapes resolved (`\n`, `\'`, `\u4f60`, …). */
export function unescapeText(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\\') {
      const [ch, len] = decodeEscape(s, i);
      out += ch;
      i += len;
    } else out += s[i++];
  }
  return out;
}

/** The quoted string starting at `src[start]` (a `'` or `"`), escapes resolved; null when never closed. */
export function readQuoted(src: string, start: number): { value: string; end: number } | null {
  const quote = src[start];
  let out = '';
  for (let i = start + 1; i < src.length; ) {
    const c = src[i];
    if (c === quote) return { value: out, end: i + 1 };
    if (c === '\\') {
      const [ch, len] = decodeEscape(src, i);
      out += ch;
      i += len;
    } else {
      out += c;
      i++;
    }
  }
  return null;
}

/**
 * How the published parsers read a text argument the model did not escape (`type(content='it's')`,
 * `do(action="Type", text="say "hi"")`): everything from the quote at `open` to the last matching
 * quote that closes the call, within `src`. Callers bound `src` to the action's own region.
 */
export function greedyQuoted(src: string, open: number): string | null {
  const quote = src[open];
  if (quote !== '"' && quote !== "'") return null;
  const m = new RegExp(`^([\\s\\S]*)${quote}\\s*\\)`).exec(src.slice(open + 1));
  return m ? unescapeText(m[1]) : null;
}

class ReadError extends Error {}

const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/;
const WORD_RE = /^[\p{L}_][\p{L}\p{N}_.-]*/u;
const KEYWORDS: Record<string, Literal> = { true: true, false: false, none: null, null: null };

/** A recursive-descent reader for Python/JSON literals: numbers, strings, lists, tuples, objects, True/None. */
class LiteralReader {
  constructor(
    readonly src: string,
    public pos: number,
  ) {}

  space(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  peek(): string {
    return this.src[this.pos] ?? '';
  }

  fail(what: string): never {
    const c = this.peek();
    throw new ReadError(`${what}, found ${c ? JSON.stringify(c) : 'the end of the reply'}`);
  }

  value(): Literal {
    this.space();
    const c = this.peek();
    if (c === '"' || c === "'") return this.string();
    if (c === '[') return this.sequence(']');
    if (c === '(') return this.sequence(')');
    if (c === '{') return this.object();
    const rest = this.src.slice(this.pos, this.pos + 80);
    const num = NUMBER_RE.exec(rest);
    if (num) {
      this.pos += num[0].length;
      return Number(num[0]);
    }
    const word = WORD_RE.exec(rest);
    if (word) {
      this.pos += word[0].length;
      const k = word[0].toLowerCase();
      // A bare word stands for itself: key(back), open_app(chat).
      return k in KEYWORDS ? KEYWORDS[k] : word[0];
    }
    return this.fail('expected a value');
  }

  string(): string {
    const r = readQuoted(this.src, this.pos);
    if (!r) throw new ReadError(`the string starting ${JSON.stringify(this.src.slice(this.pos, this.pos + 20))} is never closed`);
    this.pos = r.end;
    return r.value;
  }

  sequence(close: string): Literal[] {
    this.pos++;
    const items: Literal[] = [];
    for (;;) {
      this.space();
      if (this.peek() === close) {
        this.pos++;
        return items;
      }
      items.push(this.value());
      this.space();
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== close) this.fail(`expected "," or "${close}"`);
    }
  }

  object(): LiteralObject {
    this.pos++;
    const out: LiteralObject = {};
    for (;;) {
      this.space();
      if (this.peek() === '}') {
        this.pos++;
        return out;
      }
      const c = this.peek();
      let key: string;
      if (c === '"' || c === "'") key = this.string();
      else {
        const word = WORD_RE.exec(this.src.slice(this.pos, this.pos + 80));
        if (!word) this.fail('expected a key');
        key = word[0];
        this.pos += key.length;
      }
      this.space();
      if (this.peek() !== ':') this.fail(`expected ":" after the key "${key}"`);
      this.pos++;
      out[key] = this.value();
      this.space();
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== '}') this.fail('expected "," or "}"');
    }
  }

  /** After `name(`: positional and `key=value` arguments up to the closing parenthesis. */
  callArgs(): { args: Literal[]; kwargs: Record<string, Literal> } {
    const args: Literal[] = [];
    const kwargs: Record<string, Literal> = {};
    for (;;) {
      this.space();
      if (this.peek() === ')') {
        this.pos++;
        return { args, kwargs };
      }
      const kw = /^([A-Za-z_]\w*)\s*=(?!=)/.exec(this.src.slice(this.pos, this.pos + 80));
      if (kw) {
        this.pos += kw[0].length;
        kwargs[kw[1]] = this.value();
      } else args.push(this.value());
      this.space();
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== ')') this.fail('expected "," or ")"');
    }
  }
}

/** The object literal at `src[start]` (a `{`), or null when it is not one. */
export function readObject(src: string, start: number): ObjectSite | null {
  const r = new LiteralReader(src, start);
  try {
    const value = r.object();
    return { kind: 'object', value, start, end: r.pos };
  } catch (e) {
    if (e instanceof ReadError) return null;
    throw e;
  }
}

/** The call whose name starts at `src[start]` (the name must be followed directly by `(`). */
export function readCall(src: string, start: number): CallSite {
  const name = /^[A-Za-z_]\w*/.exec(src.slice(start))![0];
  const open = start + name.length;
  const r = new LiteralReader(src, open + 1);
  try {
    const { args, kwargs } = r.callArgs();
    return { kind: 'call', name, args, kwargs, start, end: r.pos };
  } catch (e) {
    if (!(e instanceof ReadError)) throw e;
    return { kind: 'call', name, args: [], kwargs: {}, start, end: open + 1, error: e.message };
  }
}

/**
 * Every call and object literal in `text`, in order and without overlap: a call whose name
 * `acceptCall` takes, an object `acceptObject` takes. A call that cannot be read is still listed
 * (with `error`), so the reply can be refused with a reason instead of a shrug.
 */
export function scanSites(text: string, opts: { acceptCall?: (name: string) => boolean; acceptObject?: (o: LiteralObject) => boolean }): Site[] {
  const sites: Site[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{' && opts.acceptObject) {
      const o = readObject(text, i);
      if (o && opts.acceptObject(o.value)) {
        sites.push(o);
        i = o.end;
        continue;
      }
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(c) && !/[\w.]/.test(text[i - 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(text.slice(i, i + 64))![0];
      if (text[i + name.length] === '(' && opts.acceptCall?.(name)) {
        const call = readCall(text, i);
        sites.push(call);
        i = call.end;
        continue;
      }
      i += name.length;
      continue;
    }
    i++;
  }
  return sites;
}

/**
 * The site a reply commits to. With markers (e.g. `Action:`), the last marker that has a site
 * after it (and before the next marker) decides: among sites starting on the marker's own line,
 * `onLine` picks; when the line itself holds none, the first site after it. Markers inside a site
 * (`type(content='Action: …')`) do not count. Without a usable marker, `fallback` picks among all.
 */
export function pickSite<T extends Site>(text: string, sites: T[], markers: RegExp, opts: { onLine: 'first' | 'last'; fallback: 'first' | 'last' }): T | null {
  const inside = (at: number) => sites.some((s) => at > s.start && at < s.end);
  const found = [...text.matchAll(new RegExp(markers.source, markers.flags.includes('g') ? markers.flags : markers.flags + 'g'))]
    .map((m) => ({ at: m.index, end: m.index + m[0].length }))
    .filter((m) => !inside(m.at));
  for (let k = found.length - 1; k >= 0; k--) {
    const from = found[k].end;
    const to = k + 1 < found.length ? found[k + 1].at : text.length;
    const after = sites.filter((s) => s.start >= from && s.start < to);
    if (!after.length) continue;
    const nl = text.indexOf('\n', from);
    const lineEnd = nl < 0 ? text.length : nl;
    const onLine = after.filter((s) => s.start < lineEnd);
    if (onLine.length) return opts.onLine === 'first' ? onLine[0] : onLine[onLine.length - 1];
    return after[0];
  }
  if (!sites.length) return null;
  return opts.fallback === 'first' ? sites[0] : sites[sites.length - 1];
}

/** The last `word(` in `text` that is not a known name: what to call out in "unknown action" errors. */
export function lastUnknownCall(text: string, known: (name: string) => boolean): string | null {
  let last: string | null = null;
  for (const m of text.matchAll(/(?<![\w.])([A-Za-z_]\w*)\(/g)) if (!known(m[1])) last = m[1];
  return last;
}

/** A number, or a string holding one (`"120"`); null otherwise. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && NUMBER_RE.test(v.trim()) && NUMBER_RE.exec(v.trim())![0] === v.trim()) return Number(v.trim());
  return null;
}

/** A short rendering of a model's value for an error message. */
export function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}

/** True when the text has Chinese, Japanese or Korean characters (picks a prompt's language). */
export function hasCjk(text: string): boolean {
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(text);
}
