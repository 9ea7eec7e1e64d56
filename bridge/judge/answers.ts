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
