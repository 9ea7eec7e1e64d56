/**
 * Grounded answers (spec section 5, `--eval-mode grounded`, the default): a query task's answer is
 * not free text but the phone's 答题卡 sheet, filled and submitted through the UI; the judge reads
 * the submitted sheet from the state and matches each field by its type. In `text` mode the
 * ANSWER action's text is matched with the same rules. Infeasible tasks are answered by saying
 * so: the sheet's 无法完成 switch with a reason, or ABORT with a reason.
 */
import type { Criterion, JudgeInput } from '../judge/judge.ts';
import { answerContains, fieldMatches, type ExpectedAnswer } from '../judge/answers.ts';
import type { PhoneState } from '../protocol/state.ts';
import type { AnswerField, TaskDefinition } from './api.ts';

export type EvalMode = 'grounded' | 'text';
export const EVAL_MODES: readonly EvalMode[] = ['grounded', 'text'];

/** Extra steps a grounded answer task gets: opening the sheet, filling it, submitting. */
export const GROUNDED_EXTRA_STEPS = 15;

/** The sheet as the 答题卡 app reads it from `state.apps.answers` (simulator-apps/answers/types.ts). */
export interface SubmittedSheet {
  values: Record<string, string>;
  infeasible: boolean;
  reason: string;
  at: number;
}

interface AnswersSlice {
  sheet: { taskId: string; question: string; fields: Required<AnswerField>[] } | null;
  values: Record<string, string>;
  infeasible: boolean;
  reason: string;
  submitted: SubmittedSheet | null;
}

/** What an agent is told in grounded mode, after the goal: where the answer goes. */
export const SHEET_INSTRUCTION = '（作答方式：打开“答题卡”应用，填写每一项后点“提交”，再结束任务；如果任务无法完成，打开“这个任务无法完成”并写明原因后提交。）';

/** The goal as the agent reads it: a grounded query task says where its answer goes. */
export function agentGoal(goal: string, def: TaskDefinition<any>, mode: EvalMode): string {
  return mode === 'grounded' && def.answer ? `${goal}\n${SHEET_INSTRUCTION}` : goal;
}

export function answerFields<P>(def: TaskDefinition<any>, p: P): AnswerField[] {
  const f = def.answer?.fields;
  return typeof f === 'function' ? f(p) : (f ?? []);
}

/** Puts the task's empty sheet on the phone (grounded mode), replacing any earlier one. */
export function installSheet(state: PhoneState, taskId: string, question: string, fields: AnswerField[]): void {
  const slice: AnswersSlice = {
    sheet: { taskId, question, fields: fields.map((f) => ({ id: f.id, label: f.label, hint: f.hint ?? '', type: f.type, choices: f.choices ?? [] })) },
    values: Object.fromEntries(fields.map((f) => [f.id, ''])),
    infeasible: false,
    reason: '',
    submitted: null,
  };
  state.apps.answers = slice as unknown as PhoneState['apps'][string];
}

export function submittedSheet(state: PhoneState): SubmittedSheet | null {
  return ((state.apps.answers as unknown as AnswersSlice | undefined)?.submitted ?? null) as SubmittedSheet | null;
}

/** What a task's own checkGoals sees as `input.answer` in grounded mode: the submitted value(s). */
export function answerFromSheet(state: PhoneState, fields: AnswerField[]): string | null {
  const s = submittedSheet(state);
  if (!s) return null;
  if (s.infeasible) return s.reason;
  return fields.length === 1 ? (s.values[fields[0].id] ?? '') : JSON.stringify(s.values);
}

function shown(e: ExpectedAnswer | undefined): unknown {
  return e instanceof RegExp ? String(e) : e;
}

/** The answer's criteria: per field (or "said it cannot be done"), grounded or text. */
export function answerCriteria<P>(def: TaskDefinition<any>, p: P, input: JudgeInput, mode: EvalMode): Criterion[] {
  if (!def.answer) return [];
  const fields = answerFields(def, p);
  const expected = def.answer.expected?.(p, input) ?? {};
  if (mode === 'grounded') {
    const s = submittedSheet(input.final);
    const submitted: Criterion = { name: 'answer sheet submitted', passed: s !== null, expected: 'submitted', actual: s ? 'submitted' : 'not submitted' };
    if (def.answer.infeasible) {
      return [submitted, { name: 'says it cannot be done, with a reason', passed: !!s?.infeasible && s.reason.trim() !== '', expected: '无法完成 + a reason', actual: s ? (s.infeasible ? `无法完成: ${s.reason}` : JSON.stringify(s.values)) : null }];
    }
    return [
      submitted,
      ...fields.map((f): Criterion => ({
        name: `answer: ${f.label}`,
        passed: !!s && !s.infeasible && fieldMatches(f.type, s.values[f.id], expected[f.id]),
        expected: shown(expected[f.id]),
        actual: s ? (s.infeasible ? `无法完成: ${s.reason}` : (s.values[f.id] ?? null)) : null,
      })),
    ];
  }
  // Text mode: the ANSWER action, or ABORT with a reason for an infeasible task.
  if (def.answer.infeasible) {
    const last = input.actions[input.actions.length - 1];
    const reason = last?.type === 'abort' ? (last.reason ?? '') : '';
    return [{ name: 'says it cannot be done (ABORT with a reason)', passed: last?.type === 'abort' && reason.trim() !== '', expected: 'abort(reason)', actual: last ? last.type : null }];
  }
  return fields.map((f): Criterion => ({
    name: `answer: ${f.label}`,
    passed: fields.length === 1 ? fieldMatches(f.type, input.answer, expected[f.id]) : expected[f.id] !== undefined && answerContains(input.answer, expected[f.id]!),
    expected: shown(expected[f.id]),
    actual: input.answer,
  }));
}
