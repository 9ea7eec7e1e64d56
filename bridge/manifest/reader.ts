/**
 * Reading one manifest file's tables: typed values out, each problem recorded with its key's line
 * and what to write instead (manifest.ts says which keys there are).
 */
import { didYouMean, nearest } from '../protocol/suggest.ts';
import { keyLines, lineOf } from './keyLines.ts';

export interface ManifestProblem {
  file: string;
  /** 1-based; null when the key is not written anywhere (a missing one). */
  line: number | null;
  /** Dotted path of the key; empty for a problem of the whole file (a TOML syntax error). */
  key: string;
  /** What was wrong. */
  problem: string;
  /** What to write instead. */
  fix: string;
}

export type Table = Record<string, unknown>;

/** Collects problems with their lines while one file is read. */
export class Reader {
  readonly problems: ManifestProblem[] = [];
  private readonly lines: Map<string, number>;
  constructor(
    readonly file: string,
    text: string,
  ) {
    this.lines = keyLines(text);
  }

  /** In the file's order; problems of no line (a missing key) last. */
  sorted(): ManifestProblem[] {
    return [...this.problems].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  }

  report(path: string[], problem: string, fix: string): void {
    this.problems.push({ file: this.file, line: lineOf(this.lines, path), key: path.join('.'), problem, fix });
  }

  /** Reports each key of `table` not in `allowed`, with the nearest allowed one. */
  onlyKeys(table: Table, path: string[], allowed: readonly string[], where: string): void {
    for (const key of Object.keys(table)) {
      if (allowed.includes(key)) continue;
      const near = nearest(key, allowed);
      this.report([...path, key], `unknown key "${key}" in ${where}${didYouMean(key, allowed)}`, near ? `write ${near} instead` : `remove it (${where} takes ${allowed.join(', ')})`);
    }
  }

  table(parent: Table, path: string[], key: string, required: boolean, example: string): Table | null {
    const v = parent[key];
    if (v === undefined) {
      if (required) this.report([...path, key], `the [${[...path, key].join('.')}] table is missing`, `add it, e.g. ${example}`);
      return null;
    }
    if (!isTable(v)) {
      this.report([...path, key], `expected a table, got ${shown(v)}`, `write it as a table, e.g. ${example}`);
      return null;
    }
    return v;
  }

  string(t: Table, path: string[], key: string, opts: { required?: string; pattern?: RegExp; rule?: string; example: string }): string | undefined {
    const v = t[key];
    const at = [...path, key];
    if (v === undefined) {
      if (opts.required) this.report(at, `${key} is missing (${opts.required})`, `write ${key} = ${opts.example}`);
      return undefined;
    }
    if (typeof v !== 'string') return void this.report(at, `expected a string, got ${shown(v)}`, `write ${key} = ${opts.example}`);
    if (opts.pattern && !opts.pattern.test(v)) return void this.report(at, `${shown(v)} is not ${opts.rule}`, `write ${key} = ${opts.example}`);
    return v;
  }

  choice<T extends string>(t: Table, path: string[], key: string, values: readonly T[], fallback: T | undefined, why: string = ''): T | undefined {
    const v = t[key];
    if (v === undefined) {
      if (fallback === undefined) this.report([...path, key], `${key} is missing`, `write ${key} = "${values[0]}"`);
      return fallback;
    }
    if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
    this.report([...path, key], `${shown(v)} is not one of ${values.map((x) => `"${x}"`).join(', ')}${typeof v === 'string' ? didYouMean(v, values) : ''}${why}`, `write ${key} = "${(typeof v === 'string' && nearest(v, values)) || values[0]}"`);
    return undefined;
  }

  /** A whole number in [min, max]; `what` says what it counts (in the message). */
  number(t: Table, path: string[], key: string, opts: { min: number; max: number; fallback: number | undefined; what: string; integer?: boolean; example: number }): number | undefined {
    const v = t[key];
    const at = [...path, key];
    if (v === undefined) {
      if (opts.fallback === undefined) this.report(at, `${key} is missing (${opts.what})`, `write ${key} = ${opts.example}`);
      return opts.fallback;
    }
    const n = typeof v === 'bigint' ? Number(v) : v;
    const asNumber = typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? `write ${key} = ${Number(v)} (a number, without quotes)` : `write ${key} = ${opts.example}`;
    if (typeof n !== 'number' || !Number.isFinite(n)) return void this.report(at, `expected ${opts.what}, got ${shown(v)}`, asNumber);
    if (opts.integer && !Number.isInteger(n)) return void this.report(at, `expected a whole number (${opts.what}), got ${n}`, `write ${key} = ${Math.round(n)}`);
    if (n < opts.min || n > opts.max) return void this.report(at, `${n} is out of range (${opts.what}: ${opts.min} to ${opts.max})`, `write ${key} = ${Math.min(opts.max, Math.max(opts.min, n))}`);
    return n;
  }

  stringList(t: Table, path: string[], key: string, opts: { pattern: RegExp; rule: string; example: string }): string[] {
    const v = t[key];
    const at = [...path, key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      const fix = typeof v === 'string' ? `write ${key} = [${JSON.stringify(v)}]` : `write ${key} = ${opts.example}`;
      this.report(at, `expected a list of strings, got ${shown(v)}`, fix);
      return [];
    }
    const out: string[] = [];
    v.forEach((item, i) => {
      if (typeof item !== 'string') this.report(at, `item ${i + 1} is ${shown(item)}, not a string`, `write ${key} = ${opts.example}`);
      else if (!opts.pattern.test(item)) this.report(at, `item ${i + 1} ${shown(item)} is not ${opts.rule}`, `write ${key} = ${opts.example}`);
      else if (out.includes(item)) this.report(at, `"${item}" is listed twice`, 'list each name once');
      else out.push(item);
    });
    return out;
  }
}

export function isTable(v: unknown): v is Table {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

export function shown(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (isTable(v)) return 'a table';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return String(v);
}
