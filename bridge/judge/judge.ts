/**
 * The verdict: goals from the task's criteria, side effects from the state diff (spec section 5).
 *
 *   success  = every criterion passed (or `isSuccessful` when there are none)
 *   clean    = every state change was expected
 *   passed   = success && clean
 *
 * Expected changes are the union of ALWAYS_EXPECTED, the task's `expectedChanges` and, for every
 * criterion with a `path`, that path and everything below it, so declarative criteria need no
 * separate declaration. A pure function of its input: no I/O, no clock, no randomness.
 */
import type { Action } from '../protocol/actions.ts';
import { PhonegymError } from '../protocol/errors.ts';
import type { GoalCheck, StateChange, Verdict } from '../protocol/messages.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import { changedSlices, diffStates } from './diff.ts';
import { compilePattern, matchPath, parsePath, patternReachesInto, type CompiledPattern } from './paths.ts';

export interface JudgeInput {
  init: PhoneState;
  final: PhoneState;
  initRoute: Route;
  route: Route;
  answer: string | null;
  actions: Action[];
  /**
   * Each state's slice versions (`os`, `apps.<id>`), where the phone gives them: the diff then
   * walks only the slices that changed (the others hold no change, and a lazily parsed state is
   * not parsed for them).
   */
  versions?: { init?: Record<string, string>; final?: Record<string, string> };
}

/**
 * One named goal check; the wire's GoalCheck. A `path` names the state it reads, and also marks
 * that path (and below) as an expected change.
 */
export type Criterion = GoalCheck;

export interface JudgeSpec {
  checkGoals(input: JudgeInput): Criterion[];
  /** Used when checkGoals returns []. */
  isSuccessful?(input: JudgeInput): boolean;
  /** Wildcard patterns of state paths the task may change. */
  expectedChanges?(input: JudgeInput): string[];
}

/** The virtual clock: it moves with every step (the studio shows its changes apart from the task's). */
export const VIRTUAL_CLOCK = 'os.time.**';

/** The virtual clock always moves. */
export const ALWAYS_EXPECTED: string[] = [VIRTUAL_CLOCK];

/** The task's judging code failed (it threw, or returned something malformed). The runner records an `eval_error` row. */
export class JudgeError extends PhonegymError {
  override name = 'JudgeError';
  constructor(message: string, opts: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, { code: 'eval_error', ...opts });
  }
}

function isContainer(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

/**
 * Splits changes into expected and unexpected. A change is expected when a pattern matches its path
 * (`x.**` also matches `x` and everything below it), or, for a change that adds, removes or replaces a
 * whole object or array, when a pattern without an inner `**` names a location inside that value
 * (a criterion about `messages[m_9].text` covers adding the record `messages[m_9]`).
 */
export function filterUnexpectedChanges(
  changes: readonly StateChange[],
  expected: readonly (string | CompiledPattern)[],
): { expected: StateChange[]; unexpected: StateChange[] } {
  const patterns = expected.map((p) => compilePattern(p));
  const out = { expected: [] as StateChange[], unexpected: [] as StateChange[] };
  for (const change of changes) {
    const segs = parsePath(change.path);
    let ok = patterns.some((p) => matchPath(p, segs));
    if (!ok && (isContainer(change.before) || isContainer(change.after))) {
      ok = patterns.some((p) => patternReachesInto(p, segs, change.before) || patternReachesInto(p, segs, change.after));
    }
    (ok ? out.expected : out.unexpected).push(change);
  }
  return out;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function call<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new JudgeError(`${what} threw: ${describe(e)}`, { cause: e, details: { stage: what } });
  }
}

function checkCriteria(value: unknown): Criterion[] {
  if (!Array.isArray(value)) throw new JudgeError(`checkGoals must return an array of criteria, got ${value === null ? 'null' : typeof value}`, { details: { stage: 'checkGoals' } });
  value.forEach((c: unknown, i) => {
    const at = `checkGoals()[${i}]`;
    if (typeof c !== 'object' || c === null) throw new JudgeError(`${at} is not a criterion object`, { details: { stage: 'checkGoals', index: i } });
    const { name, passed, path } = c as Record<string, unknown>;
    if (typeof name !== 'string') throw new JudgeError(`${at} needs a string \`name\``, { details: { stage: 'checkGoals', index: i } });
    if (typeof passed !== 'boolean') throw new JudgeError(`criterion "${name}" has passed=${String(passed)}; it must be a boolean`, { details: { stage: 'checkGoals', index: i } });
    if (path !== undefined && typeof path !== 'string') throw new JudgeError(`criterion "${name}" has a non-string path`, { details: { stage: 'checkGoals', index: i } });
  });
  return value as Criterion[];
}

function toGoal(c: Criterion): GoalCheck {
  const g: GoalCheck = { name: c.name, passed: c.passed };
  if (c.expected !== undefined) g.expected = c.expected;
  if (c.actual !== undefined) g.actual = c.actual;
  if (c.path !== undefined) g.path = c.path;
  return g;
}

function withDefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** Judges one episode. Throws JudgeError when the task's own code fails; never for a failed goal. */
export function judge(spec: JudgeSpec, input: JudgeInput): Verdict {
  const criteria = checkCriteria(call('checkGoals', () => spec.checkGoals(input)));

  let success: boolean;
  let progress: number;
  const issues: Verdict['issues'] = [];
  if (criteria.length > 0) {
    const passedCount = criteria.filter((c) => c.passed).length;
    success = passedCount === criteria.length;
    progress = passedCount / criteria.length;
    criteria.forEach((c, i) => {
      if (!c.passed) issues.push(withDefined({ field: c.name || c.path || `criterion ${i}`, expected: c.expected, actual: c.actual, message: c.message }));
    });
  } else if (spec.isSuccessful) {
    const ok = call('isSuccessful', () => spec.isSuccessful!(input));
    if (typeof ok !== 'boolean') throw new JudgeError(`isSuccessful must return a boolean, got ${typeof ok}`, { details: { stage: 'isSuccessful' } });
    success = ok;
    progress = ok ? 1 : 0;
    if (!ok) issues.push({ field: 'isSuccessful', expected: true, actual: false, message: 'isSuccessful() returned false' });
  } else {
    success = false;
    progress = 0;
    issues.push({ field: 'goals', message: 'the task defines no goals: checkGoals returned no criteria and there is no isSuccessful' });
  }

  const declared = spec.expectedChanges ? call('expectedChanges', () => spec.expectedChanges!(input)) : [];
  if (!Array.isArray(declared) || declared.some((p) => typeof p !== 'string')) {
    throw new JudgeError('expectedChanges must return an array of path patterns (strings)', { details: { stage: 'expectedChanges' } });
  }
  const patterns: CompiledPattern[] = [];
  const addPattern = (p: string, from: string): void => {
    try {
      patterns.push(compilePattern(p));
    } catch (e) {
      throw new JudgeError(`${from}: ${describe(e)}`, { cause: e, details: { stage: from, pattern: p } });
    }
  };
  for (const p of ALWAYS_EXPECTED) addPattern(p, 'ALWAYS_EXPECTED');
  for (const p of declared) addPattern(p, 'expectedChanges');
  for (const c of criteria) {
    if (c.path === undefined || c.path === '') continue;
    addPattern(c.path, `criterion "${c.name}" path`);
    addPattern(c.path.endsWith('.**') ? c.path : `${c.path}.**`, `criterion "${c.name}" path`);
  }

  let changes: StateChange[];
  try {
    changes = diffStates(...changedSlices(input.init, input.final, input.versions?.init, input.versions?.final));
  } catch (e) {
    throw new JudgeError(`diffing the initial and final state failed: ${describe(e)}`, { cause: e, details: { stage: 'diff' } });
  }
  const { expected, unexpected } = filterUnexpectedChanges(changes, patterns);
  const clean = unexpected.length === 0;
  return {
    success,
    clean,
    progress,
    passed: success && clean,
    goals: criteria.map(toGoal),
    issues,
    warnings: unexpected.map((c) => withDefined({ path: c.path, kind: c.kind, before: c.before, after: c.after })),
    expectedChanges: expected,
    unexpectedChanges: unexpected,
  };
}
