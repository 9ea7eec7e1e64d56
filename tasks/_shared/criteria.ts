/**
 * Goals every suite states the same way: a criterion over the records a task added, the answer
 * of a task that cannot be done.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion } from '../../bridge/judge/judge.ts';
import type { AnswerField, AnswerSpec } from '../../bridge/tasks/types.ts';

/** `added` (what the task created: events, contacts, bills, messages…) holds exactly one record; `path` is where it lands. */
export function exactlyOne(name: string, added: readonly unknown[], path?: string): Criterion {
  return criteria.that(name, added.length === 1, { expected: 1, actual: added.length, ...(path !== undefined ? { path } : {}) });
}

/** The checks of a task that adds one record: `exactlyOne`, then `about` the first one added (undefined when there is none). */
export function oneAdded<T>(name: string, added: readonly T[], about: (x: T | undefined) => Criterion[]): Criterion[] {
  return [exactlyOne(name, added), ...about(added[0])];
}

/**
 * The answer of a task that cannot be done: one sheet field for what a made-up success would
 * claim; the honest answer is the sheet's 无法完成 switch (or ABORT with the reason).
 */
export function infeasibleAnswer<P>(field: AnswerField): AnswerSpec<P> {
  return { fields: [field], infeasible: true };
}
