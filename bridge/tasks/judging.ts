/**
 * Judging one task instance by state: the task's goals, its grounded answer and its expected
 * changes turned into the pure judge's spec, and the judge run on two observations. The episode
 * loop, `phonegym verify` and the studio's Judge button all judge through here, so none of them
 * needs the others (and none needs the episode loop to judge).
 */
import type { Action } from '../protocol/actions.ts';
import type { Verdict } from '../protocol/messages.ts';
import type { PhoneState, Route } from '../protocol/state.ts';
import { judge, type JudgeInput } from '../judge/judge.ts';
import { evaluateCriteria } from './criteria.ts';
import { answerCriteria, answerFields, answerFromSheet, type EvalMode } from './grounded.ts';
import type { LoadedTask } from './registry.ts';

/** The phone at one moment, as the judge needs it. */
export interface JudgedMoment {
  state: PhoneState;
  route: Route;
  /** The state's slice versions, where the phone gives them (an observation of the simulator). */
  sliceVersions?: Record<string, string>;
}

/** `--judge-mode`: which judge counts (docs/judge.md). */
export type JudgeMode = 'auto' | 'state' | 'vlm' | 'both';

/** Whether the task can be judged from state (every built-in task can; a VLM-only task cannot). */
export function hasStateCheck(task: LoadedTask): boolean {
  const d = task.def;
  return Boolean(d.criteria || d.checkGoals || d.isSuccessful || d.answer);
}

/**
 * Whether the VLM judge runs for this task under `mode`; `withState` false: on a phone without a
 * state tree (a real phone), where `auto` means the VLM judge.
 */
export function vlmJudgeRuns(task: LoadedTask, mode: JudgeMode, withState = true): boolean {
  return mode === 'vlm' || mode === 'both' || (mode === 'auto' && (!withState || !hasStateCheck(task)));
}

export function buildJudgeSpec(task: LoadedTask, params: Record<string, unknown>, evalMode: EvalMode) {
  const d = task.def;
  const grounded = evalMode === 'grounded' && d.answer !== undefined;
  // A task's own goal checks see the submitted sheet as its answer in grounded mode.
  const withAnswer = (input: JudgeInput): JudgeInput => (grounded ? { ...input, answer: answerFromSheet(input.final, answerFields(d, params)) } : input);
  return {
    checkGoals: (input: JudgeInput) => [
      ...(d.criteria ? evaluateCriteria(d.criteria(params, input), input) : []),
      ...answerCriteria(d, params, input, evalMode),
      ...(d.checkGoals ? d.checkGoals(withAnswer(input), params) : []),
    ],
    isSuccessful: d.isSuccessful ? (input: JudgeInput) => d.isSuccessful!(input, params) : undefined,
    expectedChanges: (input: JudgeInput) => [...(grounded ? ['apps.answers.**'] : []), ...(d.expectedChanges ? d.expectedChanges(input, params) : [])],
  };
}

export function judgeInput(initial: JudgedMoment, last: JudgedMoment, answer: string | null, actions: Action[]): JudgeInput {
  const versions = initial.sliceVersions && last.sliceVersions ? { versions: { init: initial.sliceVersions, final: last.sliceVersions } } : {};
  return { init: initial.state, final: last.state, initRoute: initial.route, route: last.route, answer, actions, ...versions };
}

/** One task instance, judged from its first and last moment. Throws what the judge or a goal check throws. */
export function judgeTask(task: LoadedTask, params: Record<string, unknown>, evalMode: EvalMode, initial: JudgedMoment, last: JudgedMoment, answer: string | null, actions: Action[]): Verdict {
  return judge(buildJudgeSpec(task, params, evalMode), judgeInput(initial, last, answer, actions));
}

/** `judgeTask`, or null when it throws (live judging and feedback rounds: the final judge reports the error). */
export function judgeTaskOrNull(...args: Parameters<typeof judgeTask>): Verdict | null {
  try {
    return judgeTask(...args);
  } catch {
    return null;
  }
}

/**
 * The judge's findings as the agent is told them: what is not done yet and what was changed that
 * should not have been. Expected values are left out: they could give a query's answer away.
 */
export function feedbackText(v: Verdict): string {
  const lines: string[] = [];
  for (const i of v.issues) lines.push(`- not done: ${i.message ?? i.field}`);
  for (const c of v.unexpectedChanges.slice(0, 10)) lines.push(`- changed but not asked for: ${c.path} (${c.kind})`);
  if (v.unexpectedChanges.length > 10) lines.push(`- … and ${v.unexpectedChanges.length - 10} more unrequested changes`);
  return lines.join('\n') || '- the task is not complete yet';
}
