/**
 * Where each key of a TOML text is written: its dotted path → its 1-based line. smol-toml gives
 * values without positions, and every manifest error names its line, so the lines are read off
 * the text: table headers, `key = …` lines (dotted and quoted keys too) and the keys of an inline
 * table on its line. A key this scanner cannot place is reported at its nearest placed parent.
 */

/** The text of a line before its comment (a `#` outside quotes). */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')`;
const DOTTED_KEY = new RegExp(String.raw`^(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)\s*=`);
const HEADER = /^\[\[?\s*(.+?)\s*\]\]?$/;
const INLINE_KEY = new RegExp(String.raw`[{,]\s*(${KEY_PART})\s*=`, 'g');

function splitKey(key: string): string[] {
  return [...key.matchAll(new RegExp(KEY_PART, 'g'))].map((m) => m[0].replace(/^["']|["']$/g, ''));
}

export function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const record = (path: string[], line: number) => {
    const key = path.join('.');
    if (!lines.has(key)) lines.set(key, line);
  };
  let table: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const s = withoutComment(raw).trim();
    const header = HEADER.exec(s);
    if (header) {
      table = splitKey(header[1]!);
      record(table, i + 1);
      return;
    }
    const kv = DOTTED_KEY.exec(s);
    if (!kv) return;
    const path = [...table, ...splitKey(kv[1]!)];
    record(path, i + 1);
    for (const m of s.slice(kv[0].length).matchAll(INLINE_KEY)) record([...path, ...splitKey(m[1]!)], i + 1);
  });
  return lines;
}

/** The line of `path`, or of its nearest parent written in the text; null when none is. */
export function lineOf(lines: Map<string, number>, path: string[]): number | null {
  for (let n = path.length; n > 0; n--) {
    const line = lines.get(path.slice(0, n).join('.'));
    if (line !== undefined) return line;
  }
  return null;
}
