/**
 * The task API: what a task author writes. One task per file under `tasks/<suite>/<TaskName>.ts`,
 * `export default defineTask({...})`. Importing a task file has no side effects.
 *
 * Lifecycle (spec section 2): reset → prepare(ctx) → sample params → postSample(ctx) → agent loop
 * → teardown → judge(checkGoals, expectedChanges). `prepare` and `postSample` edit `ctx.state`, a
 * plain JSON draft that the framework pushes to the phone once; they never touch the UI.
 */
import type { Criterion } from '../judge/judge.ts';
import type { Difficulty, Objective, TaskDefinition } from './types.ts';
import { jsonEqual } from './criteria.ts';

export type {
  AnswerField,
  AnswerSpec,
  BetweenContext,
  CriteriaSpec,
  Difficulty,
  Interaction,
  InteractionContext,
  InteractionReply,
  Matcher,
  Objective,
  OracleAnswer,
  OracleQuery,
  OracleUi,
  ParamSpec,
  Rng,
  SetupContext,
  StepBudget,
  StrayChange,
  StrayPlan,
  SessionEpisode,
  TaskDefinition,
} from './types.ts';

export const DIFFICULTIES: readonly Difficulty[] = ['L1', 'L2', 'L3', 'L4'];
export const OBJECTIVES: readonly Objective[] = ['query', 'action'];

/** Declares a task. Returns the definition unchanged; the registry adds the suite and id. */
export function defineTask<P extends Record<string, unknown> = Record<string, never>>(def: TaskDefinition<P>): TaskDefinition<P> {
  return def;
}

/** Matchers for a `criteria` spec's values (`match.that`, `match.absent`, …), and the deep equality they use: part of the task API. */
export { jsonEqual, match } from './criteria.ts';

/** Criterion helpers, so checkGoals reads as a list of facts. */
export const criteria = {
  /** `actual` equals `expected` (deep equality for plain JSON). */
  equals(name: string, actual: unknown, expected: unknown, path?: string): Criterion {
    return { name, passed: jsonEqual(actual, expected), expected, actual, ...(path ? { path } : {}) };
  },
  /** A boolean fact with an explanation of what was expected. */
  that(name: string, passed: boolean, details: { expected?: unknown; actual?: unknown; path?: string } = {}): Criterion {
    return { name, passed, ...details };
  },
};
