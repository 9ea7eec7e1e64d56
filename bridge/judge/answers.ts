/**
 * Answer checks for query tasks. Agents answer in free text, in any width and case, often with a
 * trailing full stop: compare normalised text, and read numbers in any common format.
 */

/** What an answer may be compared with. A list means "any of these". */
export type ExpectedAnswer = string | readonly string[] | RegExp | { number: number; tolerance?: number };

const WRAPPING_QUOTES: readonly [string, string][] = [['"', '"'], ["'", "'"], ['“', '”'], ['‘', '’'], ['「', '」'], ['『', '』'], ['《', '》']];
const TRAILING_PUNCT = /[\s.!?,;:。！？，、；：…]+$/u;

/** NFKC, one space between words, trimmed, no wrapping quotes. Case and punctuation are kept. */
function lightNormalize(s: string): string {
  let out = s.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  for (const [open, close] of WRAPPING_QUOTES) {
    if (out.length >= 2 && out.startsWith(open) && out.endsWith(close)) {
      out = out.slice(open.length, -close.length).trim();
      break;
    }
  }
  return out;
}

/**
 * NFKC (full-width → half-width), whitespace collapsed and trimmed, wrapping quotes removed,
 * lower-cased, trailing punctuation (`. ! ? , ; : 。！？，、；：…`) stripped.
 */
export function normalizeAnswer(s: string): string {
  return lightNormalize(s).toLowerCase().replace(TRAILING_PUNCT, '');
}

const NUMBER = /[-−]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|[-−]?\.\d+/gu;

/** Every number written in `s`: `1,234`, `１２３`, `12.50`, `-3`, `−3` (U+2212), `.5`. */
export function extractNumbers(s: string): number[] {
  const text = s.normalize('NFKC');
  const out: number[] = [];
  for (const m of text.matchAll(NUMBER)) {
    // A minus sign glued to a preceding word or digit is a hyphen (`m-3`, `2024-05`), not a sign.
    let raw = m[0].replace('−', '-');
    const prev = m.index > 0 ? text[m.index - 1] : '';
    if (raw.startsWith('-') && /[\p{L}\p{N}]/u.test(prev)) raw = raw.slice(1);
    out.push(Number(raw.replaceAll(',', '')));
  }
  return out;
}

function numberClose(n: number, expected: number, tolerance = 0): boolean {
  return Math.abs(n - expected) <= tolerance + 1e-9 * Math.max(1, Math.abs(expected));
}

function regexTest(re: RegExp, text: string): boolean {
  re.lastIndex = 0; // a /g or /y regex keeps state between calls
  return re.test(text);
}

/**
 * Whether `given` *is* the expected answer:
 * - string: equal after normalizeAnswer; a list: any of them;
 * - RegExp: matches the answer after NFKC/whitespace/quote clean-up, or after full normalisation;
 * - `{ number, tolerance }`: the answer contains at least one number and every number in it is within
 *   `tolerance` (default 0) of `number`, so a hedge like "3 or 4" fails.
 */
export function answerMatches(given: string | null | undefined, expected: ExpectedAnswer): boolean {
  if (given === null || given === undefined) return false;
  if (typeof expected === 'string') return normalizeAnswer(given) === normalizeAnswer(expected);
  if (Array.isArray(expected)) return expected.some((e) => answerMatches(given, e));
  if (expected instanceof RegExp) return regexTest(expected, lightNormalize(given)) || regexTest(expected, normalizeAnswer(given));
  const { number, tolerance } = expected as { number: number; tolerance?: number };
  const nums = extractNumbers(given);
  return nums.length > 0 && nums.every((n) => numberClose(n, number, tolerance));
}

// Latin letters and digits form words; CJK text has no word boundaries to respect.
const WORD_CHAR = /[\p{Script=Latin}\d]/u;

/** `needle` occurs in `hay` and is not glued to letters or digits of a longer Latin word or number. */
function mentions(hay: string, needle: string): boolean {
  if (needle === '') return true;
  const guardStart = WORD_CHAR.test(needle[0]);
  const guardEnd = WORD_CHAR.test(needle[needle.length - 1]);
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (guardStart && at > 0 && WORD_CHAR.test(hay[at - 1])) continue;
    if (guardEnd && at + needle.length < hay.length && WORD_CHAR.test(hay[at + needle.length])) continue;
    return true;
  }
  return false;
}

/**
 * Whether `given` mentions the expected value:
 * - string: the normalised value occurs in the normalised answer, not as part of a longer Latin word or
 *   number (`"al"` is not mentioned by "Alice"; CJK text has no word boundaries and matches as a substring);
 *   a list: any of them;
 * - RegExp: as in answerMatches;
 * - `{ number, tolerance }`: some number in the answer is within `tolerance`.
 */
export function answerContains(given: string | null | undefined, expected: ExpectedAnswer): boolean {
  if (given === null || given === undefined) return false;
  if (typeof expected === 'string') return mentions(normalizeAnswer(given), normalizeAnswer(expected));
  if (Array.isArray(expected)) return expected.some((e) => answerContains(given, e));
  if (expected instanceof RegExp) return answerMatches(given, expected);
  const { number, tolerance } = expected as { number: number; tolerance?: number };
  return extractNumbers(given).some((n) => numberClose(n, number, tolerance));
}

// ---------------------------------------------------------------------------------------------
// Typed answer-sheet fields (grounded mode)

export type AnswerFieldType = 'text' | 'number' | 'date' | 'time' | 'choice';

/** `2026-03-14`, `2026/3/14`, `2026.3.14`, `2026年3月14日` → `2026-03-14`; `3月14日`, `3-14` → `--03-14`. */
export function normalizeDate(s: string): string | null {
  const t = s.normalize('NFKC').replace(/\s+/g, '');
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  if (m) return `--${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return null;
}

/** `09:05`, `9:05`, `9点5分`, `9点`, `21:00`, `下午3点`/`晚上9点半` → `HH:mm`. */
export function normalizeTime(s: string): string | null {
  const t = s.normalize('NFKC').replace(/\s+/g, '');
  const m = /^(上午|早上|中午|下午|晚上)?(\d{1,2})(?::|点|时)(\d{1,2}|半)?分?$/.exec(t);
  if (!m) return null;
  let h = Number(m[2]);
  const min = m[3] === '半' ? 30 : m[3] ? Number(m[3]) : 0;
  if ((m[1] === '下午' || m[1] === '晚上') && h < 12) h += 12;
  if (m[1] === '中午' && h < 11) h += 12;
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/**
 * One answer-sheet field against what the task expects, by the field's type: text and choice as
 * normalised text, numbers in any format, dates and times in any common writing. A date without
 * a year matches an expected date on the same month and day.
 */
export function fieldMatches(type: AnswerFieldType, given: string | null | undefined, expected: ExpectedAnswer): boolean {
  if (given === null || given === undefined || given.trim() === '') return false;
  if (Array.isArray(expected)) return expected.some((e) => fieldMatches(type, given, e));
  if (type === 'date' && typeof expected === 'string') {
    const g = normalizeDate(given);
    const e = normalizeDate(expected);
    if (!g || !e) return false;
    return g === e || (g.startsWith('--') && e.slice(4) === g.slice(1));
  }
  if (type === 'time' && typeof expected === 'string') {
    const g = normalizeTime(given);
    return g !== null && g === normalizeTime(expected);
  }
  if (type === 'number' && typeof expected === 'string') return answerMatches(given, { number: Number(expected) });
  return answerMatches(given, expected);
}
