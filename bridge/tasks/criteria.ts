/**
 * Declarative goals: a task lists state paths with the value (or a matcher) each must have at the
 * end. Each entry becomes one criterion named by its path, and its path counts as an expected
 * change, so most tasks declare nothing else. Keys under `route.` check the final screen instead.
 *
 *   criteria: (p) => ({
 *     [`apps.chat.chats[${p.chatId}].pinned`]: true,
 *     [`apps.chat.contacts[${p.contactId}].remark`]: match.oneOf(['老同学', '同学']),
 *     'route.app': 'chat',
 *   })
 */
import type { Criterion, JudgeInput } from '../judge/judge.ts';
import { getPath } from '../judge/paths.ts';
import type { CriteriaSpec, Matcher } from './types.ts';

export type { CriteriaSpec, Matcher };

function matcher(describe: string, test: (actual: unknown) => boolean): Matcher {
  return { kind: 'matcher', describe, test };
}

export const match = {
  equals: (v: unknown) => matcher(JSON.stringify(v), (a) => jsonEqual(a, v)),
  oneOf: (vs: readonly unknown[]) => matcher(`one of ${JSON.stringify(vs)}`, (a) => vs.some((v) => jsonEqual(a, v))),
  not: (v: unknown) => matcher(`not ${JSON.stringify(v)}`, (a) => !jsonEqual(a, v)),
  contains: (text: string) => matcher(`text containing ${JSON.stringify(text)}`, (a) => typeof a === 'string' && a.includes(text)),
  matches: (re: RegExp) => matcher(`text matching ${re}`, (a) => typeof a === 'string' && re.test(a)),
  /** The path does not exist (a deleted record). */
  absent: () => matcher('absent', (a) => a === undefined),
  present: () => matcher('present', (a) => a !== undefined),
  length: (n: number) => matcher(`length ${n}`, (a) => (Array.isArray(a) || typeof a === 'string') && a.length === n),
  atLeast: (n: number) => matcher(`≥ ${n}`, (a) => typeof a === 'number' && a >= n),
  atMost: (n: number) => matcher(`≤ ${n}`, (a) => typeof a === 'number' && a <= n),
  /** Any test of your own, with the words that describe it. */
  that: (describe: string, test: (actual: unknown) => boolean) => matcher(describe, test),
};

export function isMatcher(v: unknown): v is Matcher {
  return typeof v === 'object' && v !== null && (v as Matcher).kind === 'matcher' && typeof (v as Matcher).test === 'function';
}

/** One criterion per entry; `route.*` keys read the final route and are not state changes. */
export function evaluateCriteria(spec: CriteriaSpec, input: JudgeInput): Criterion[] {
  return Object.entries(spec).map(([path, expected]) => {
    const onRoute = path.startsWith('route.');
    const actual = onRoute ? (input.route as unknown as Record<string, unknown>)[path.slice('route.'.length)] : getPath(input.final, path);
    const passed = isMatcher(expected) ? expected.test(actual) : jsonEqual(actual, expected);
    const shown = isMatcher(expected) ? expected.describe : expected;
    return { name: path, passed, expected: shown, actual: actual === undefined ? null : actual, ...(onRoute ? {} : { path }) };
  });
}

/** Deep equality of plain JSON values (what a criterion compares with). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
