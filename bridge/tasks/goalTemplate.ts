/**
 * A task's goal as a template, for lists of tasks (the studio's Author list): each parameter's part
 * of the text replaced by its name, `‹title›`, whatever the goal does with the value.
 *
 * A goal that only interpolates parameters renders with placeholder strings. One that formats them
 * (a date key as `3月16日（星期一）`, fen as `12.50`, a field of an object, a character of a name)
 * turns a placeholder string into `undefined月undefined日` or `NaN`, or throws. For those the goal
 * is rendered with real values (sampled for a seed) and again with each such parameter changed;
 * the text that changes with a parameter is that parameter's, and becomes its placeholder. The
 * changed text is widened so that a placeholder never splits a number, a bracketed part or a date
 * (`3月16日`: the 日 a formatter adds is part of the value).
 */

/** `‹name›`: how a parameter reads in a template. */
export const placeholder = (name: string): string => `‹${name}›`;

type Goal = (p: Record<string, unknown>) => string;
type Params = Record<string, unknown>;

/** What a rendered goal must never show: a value that did not render. */
const JUNK = /undefined|NaN|\[object |\bnull\b|\$\{|<[A-Za-z_][\w.]*>/;

/** The characters a formatter puts after a number (`3月16日`, `10点`): part of the value. */
const UNIT_AFTER = /[年月日号时点分秒]/;
const DIGIT = /[0-9]/;
/** Where one value's text ends and the template's text begins: clause punctuation, quotes, spaces, another placeholder. */
const BREAK = /[\s，。；：！？、“”「」『』《》‹›,;!?"]/;
const PAIRS: Record<string, string> = { '（': '）', '(': ')', '「': '」', '《': '》', '“': '”', '【': '】', '[': ']', '『': '』' };
const CLOSERS = new Map(Object.entries(PAIRS).map(([o, c]) => [c, o]));

function render(goal: Goal, p: Params): string | null {
  try {
    const s = goal(p);
    return typeof s === 'string' ? s : null;
  } catch {
    return null;
  }
}

function placeholders(): Params {
  return new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? placeholder(key) : undefined) });
}

/** True when every `‹…›` in the text is a whole placeholder of a known parameter and nothing failed to render. */
export function readsAsTemplate(text: string, names: ReadonlySet<string>): boolean {
  if (JUNK.test(text)) return false;
  const rest = text.replace(/‹([^‹›]+)›/g, (whole, name: string) => (name.split('/').every((n) => names.has(n)) ? '' : whole));
  return !/[‹›]/.test(rest);
}

export interface GoalParams {
  /** The names a placeholder may have: the parameters and the fields spread from them. */
  names: ReadonlySet<string>;
  /**
   * Real parameter values for sample `i` (0 is the base), null when there is no such sample. Asked
   * for only when placeholder strings do not render cleanly, and past the second only for a
   * parameter the first two do not tell apart.
   */
  sample: (i: number) => Params | null;
  /** How many samples `sample` may be asked for. */
  samples: number;
  /** Every value an enum parameter can take (more values to tell its text by). */
  choices?: Record<string, readonly unknown[]>;
}

/** The names a task's parameters give placeholders: each parameter, and each field a parameter spreads. */
export function paramNames(params: Record<string, { fields?: Record<string, string> }> | undefined): Set<string> {
  const names = new Set<string>();
  for (const [name, spec] of Object.entries(params ?? {})) {
    names.add(name);
    for (const f of Object.keys(spec.fields ?? {})) names.add(f);
  }
  return names;
}

/** The goal with placeholders, or null when no template could be made (the caller decides what to show). */
export function goalTemplate(goal: string | Goal, opts: GoalParams): string | null {
  if (typeof goal === 'string') return goal;
  const { choices = {} } = opts;
  const drawn: (Params | null)[] = [];
  const sample = (i: number) => (i < drawn.length ? drawn[i]! : (drawn[i] = i < opts.samples ? opts.sample(i) : null));
  const names = new Set(opts.names);
  const quick = render(goal, placeholders());
  // A placeholder next to a digit may be arithmetic on a string (`${p.n + 1}` gives `‹n›1`).
  if (quick !== null && readsAsTemplate(quick, names) && !/›[0-9]|[0-9]‹/.test(quick)) return quick;
  const base = sample(0);
  if (!base) return null;
  for (const k of Object.keys(base)) names.add(k);
  const real = render(goal, base);
  if (real === null || JUNK.test(real)) return null;

  // 1. Parameters that read the same as a placeholder (pure interpolation): substituting the value
  //    back into the placeholder's rendering gives the real text exactly.
  const plain = new Set<string>();
  for (const [k, v] of Object.entries(base)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const r = render(goal, { ...base, [k]: placeholder(k) });
    if (r !== null && r.includes(placeholder(k)) && r.split(placeholder(k)).join(String(v)) === real) plain.add(k);
  }
  const withPlain: Params = { ...base };
  for (const k of plain) withPlain[k] = placeholder(k);
  const text = render(goal, withPlain);
  if (text === null) return null;

  // 2. The others: the text that changes when only that parameter does.
  const spans: { from: number; to: number; names: string[] }[] = [];
  for (const [k, v] of Object.entries(base)) {
    if (plain.has(k)) continue;
    const changed = new Set<number>();
    const tried = new Set<string>([JSON.stringify(v)]);
    /** Renders the goal with each of `alts` as `k`, marking the text that changes; returns how many rendered. */
    const tell = (alts: unknown[]): number => {
      let rendered = 0;
      for (const alt of alts) {
        const key = JSON.stringify(alt);
        if (key === undefined || tried.has(key)) continue;
        tried.add(key);
        const r = render(goal, { ...withPlain, [k]: alt });
        if (r === null) continue;
        rendered++;
        for (const i of changedPositions(text, r)) changed.add(i);
      }
      return rendered;
    };
    const shifted = shiftDate(v);
    let rendered = tell([sample(1)?.[k], ...(choices[k] ?? []), ...(shifted === null ? [] : [shifted]), rotate(v)]);
    // When no other value rendered at all (a lookup by a value drawn with others, as a record's
    // field), more draws may give one that does. A value that rendered the same text is not in it.
    for (let i = 2; rendered === 0 && i < opts.samples; i++) rendered = tell([sample(i)?.[k]]);
    for (const run of runs(text, [...changed].sort((a, b) => a - b))) spans.push({ ...widen(text, run), names: [k] });
  }
  if (spans.length === 0) return readsAsTemplate(text, names) ? text : null;

  // 3. Replace from the end; spans of two parameters that overlap become one placeholder naming both.
  spans.sort((a, b) => a.from - b.from);
  const merged: typeof spans = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.from < last.to) {
      last.to = Math.max(last.to, s.to);
      for (const n of s.names) if (!last.names.includes(n)) last.names.push(n);
    } else merged.push({ ...s, names: [...s.names] });
  }
  let out = text;
  for (const s of merged.reverse()) out = out.slice(0, s.from) + placeholder(s.names.join('/')) + out.slice(s.to);
  return readsAsTemplate(out, names) ? out : null;
}

/** A `YYYY-MM-DD` day moved so that its year, month and day all read differently (still a real day). */
function shiftDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const month = ((Number(m[2]) + 4) % 12) + 1;
  const day = ((Number(m[3]) + 4) % 28) + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Number(m[1]) + 1}-${pad(month)}-${pad(day)}`;
}

/** The same shape with every digit and letter changed (strings, numbers, and inside arrays and objects). */
function rotate(v: unknown): unknown {
  if (typeof v === 'string') {
    return v.replace(/[0-9]/g, (d) => String((Number(d) + 5) % 10)).replace(/[A-Za-z]/g, (c) => {
      const a = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(((c.charCodeAt(0) - a + 13) % 26) + a);
    }).replace(/[\u4e00-\u9fff]/g, (c) => String.fromCharCode(c.charCodeAt(0) === 0x9fff ? 0x4e00 : c.charCodeAt(0) + 1));
  }
  if (typeof v === 'number') {
    const r = Number(String(Math.abs(v)).replace(/[0-9]/g, (d) => String((Number(d) + 5) % 10)));
    return Number.isFinite(r) ? Math.sign(v || 1) * r : v + 1;
  }
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) return v.map(rotate);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rotate(x)]));
  return v;
}

/** Positions of `a` that are not in a longest common subsequence with `b` (after their common ends). */
function changedPositions(a: string, b: string): number[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const x = a.slice(pre, a.length - suf);
  const y = b.slice(pre, b.length - suf);
  if (x.length === 0) {
    // Only an insertion in `b`: mark the character before it, so a value rendered as '' still has a place.
    return y.length > 0 && pre > 0 ? [pre - 1] : [];
  }
  // LCS table over the middles (goals are a few hundred characters at most).
  const n = x.length;
  const m = y.length;
  const t = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) t[i]![j] = x[i] === y[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < n) {
    if (j < m && x[i] === y[j]) {
      i++;
      j++;
    } else if (j < m && t[i]![j + 1]! >= t[i + 1]![j]!) j++;
    else out.push(pre + i++);
  }
  return out;
}

/** Changed positions joined into runs: two runs are one when only value-like text lies between them. */
function runs(text: string, positions: number[]): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (const p of positions) {
    const last = out.at(-1);
    if (last && (p <= last.to || !BREAK.test(text.slice(last.to, p)))) last.to = Math.max(last.to, p + 1);
    else out.push({ from: p, to: p + 1 });
  }
  return out;
}

/** Widens a run so it splits no number, no bracketed part and no `3月16日`. */
function widen(text: string, run: { from: number; to: number }): { from: number; to: number } {
  let { from, to } = run;
  for (let changed = true; changed; ) {
    changed = false;
    while (from > 0 && DIGIT.test(text[from - 1]!) && DIGIT.test(text[from]!)) (from--, (changed = true));
    while (to < text.length && DIGIT.test(text[to]!) && DIGIT.test(text[to - 1]!)) (to++, (changed = true));
    if (to < text.length && DIGIT.test(text[to - 1]!) && UNIT_AFTER.test(text[to]!)) (to++, (changed = true));
    // Brackets: an opener inside closes inside; a closer inside opened inside.
    const open: string[] = [];
    for (let i = from; i < to; i++) {
      const c = text[i]!;
      if (PAIRS[c]) open.push(c);
      else if (CLOSERS.has(c)) {
        if (open.at(-1) === CLOSERS.get(c)) open.pop();
        else {
          const at = text.lastIndexOf(CLOSERS.get(c)!, from - 1);
          if (at >= 0) {
            from = at;
            changed = true;
            break;
          }
        }
      }
    }
    if (!changed && open.length > 0) {
      const at = text.indexOf(PAIRS[open.at(-1)!]!, to);
      if (at >= 0) {
        to = at + 1;
        changed = true;
      }
    }
  }
  return fillQuotes(text, { from, to });
}

/**
 * A run that fills a quoted or bracketed part but for a character or two takes all of it: the
 * formatter's `前` of `“15分钟前”` or the `。` a text ends with belong to the value.
 */
function fillQuotes(text: string, run: { from: number; to: number }): { from: number; to: number } {
  const opener = text[run.from - 1];
  const closer = opener === undefined ? undefined : PAIRS[opener];
  if (!closer) return run;
  const end = text.indexOf(closer, run.to);
  if (end < 0 || end - run.to > 2 || /[‹›]/.test(text.slice(run.to, end))) return run;
  return { from: run.from, to: end };
}
