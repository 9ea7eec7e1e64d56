/**
 * The answer sheet's pure rules: the seed, validation, what may be submitted, and the mutators
 * the model applies through `phone.update`. No Svelte, no DOM: Node tests and the bridge import it.
 */
import type { AnswerField, AnswerFieldType, AnswerSheet, AnswersState } from './types.ts';

export const ANSWERS_APP_ID = 'answers';
export const FIELD_TYPES: readonly AnswerFieldType[] = ['text', 'number', 'date', 'time', 'choice'];

export function createAnswersState(): AnswersState {
  return { sheet: null, values: {}, infeasible: false, reason: '', submitted: null };
}

/** The value typed or chosen for a field so far ('' when none). */
export function valueOf(s: { readonly values: Readonly<Record<string, string>> }, fieldId: string): string {
  return s.values[fieldId] ?? '';
}

/** Submit is allowed when every field is non-blank, or the task is marked infeasible with a non-blank reason. */
export function canSubmit(s: {
  readonly sheet: { readonly fields: readonly { readonly id: string }[] } | null;
  readonly values: Readonly<Record<string, string>>;
  readonly infeasible: boolean;
  readonly reason: string;
}): boolean {
  if (!s.sheet) return false;
  if (s.infeasible) return s.reason.trim() !== '';
  return s.sheet.fields.every((f) => valueOf(s, f.id).trim() !== '');
}

export function setValue(s: AnswersState, fieldId: string, value: string): void {
  if (!s.sheet?.fields.some((f) => f.id === fieldId)) return;
  s.values[fieldId] = value;
}

export function setInfeasible(s: AnswersState, infeasible: boolean): void {
  s.infeasible = infeasible;
}

export function setReason(s: AnswersState, reason: string): void {
  s.reason = reason;
}

/**
 * Records a submission (replacing any earlier one): one trimmed value per field of the sheet
 * ('' when empty), the switch, the trimmed reason ('' unless infeasible) and the virtual time.
 * Returns false (and changes nothing) when `canSubmit` says no.
 */
export function submit(s: AnswersState, now: number): boolean {
  if (!canSubmit(s) || !s.sheet) return false;
  const values: Record<string, string> = {};
  for (const f of s.sheet.fields) values[f.id] = valueOf(s, f.id).trim();
  s.submitted = { values, infeasible: s.infeasible, reason: s.infeasible ? s.reason.trim() : '', at: now };
  return true;
}

// ---------------------------------------------------------------------------------------------
// Validation (the phone rejects a state whose slice fails this, naming the field)

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringMap = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

function fieldProblem(f: unknown, at: string, seen: Set<string>): string | null {
  if (!isObject(f)) return `${at} must be an object`;
  const field = f as Partial<AnswerField>;
  if (typeof field.id !== 'string' || field.id === '') return `${at}.id must be a non-empty string`;
  if (seen.has(field.id)) return `${at}.id "${field.id}" is used twice`;
  seen.add(field.id);
  if (typeof field.label !== 'string') return `${at}.label must be a string`;
  if (typeof field.hint !== 'string') return `${at}.hint must be a string ('' when none)`;
  if (!FIELD_TYPES.includes(field.type as AnswerFieldType)) return `${at}.type must be one of ${FIELD_TYPES.join(', ')}`;
  if (field.type === 'choice') {
    if (!Array.isArray(field.choices) || field.choices.length === 0 || !field.choices.every((c) => typeof c === 'string')) {
      return `${at}.choices must be a non-empty array of strings for a choice field`;
    }
  } else if (field.choices !== undefined && (!Array.isArray(field.choices) || !field.choices.every((c) => typeof c === 'string'))) {
    return `${at}.choices must be an array of strings when present`;
  }
  return null;
}

function sheetProblem(v: unknown): string | null {
  if (v === null) return null;
  if (!isObject(v)) return 'apps.answers.sheet must be null or an object { taskId, question, fields }';
  const sheet = v as Partial<AnswerSheet>;
  if (typeof sheet.taskId !== 'string') return 'apps.answers.sheet.taskId must be a string';
  if (typeof sheet.question !== 'string') return 'apps.answers.sheet.question must be a string';
  if (!Array.isArray(sheet.fields)) return 'apps.answers.sheet.fields must be an array';
  const seen = new Set<string>();
  for (const [i, f] of sheet.fields.entries()) {
    const problem = fieldProblem(f, `apps.answers.sheet.fields[${i}]`, seen);
    if (problem) return problem;
  }
  return null;
}

export function validateAnswersState(v: unknown): string | null {
  if (!isObject(v)) return 'apps.answers must be an object { sheet, values, infeasible, reason, submitted }';
  const s = v as Partial<AnswersState>;
  if (s.sheet === undefined) return 'apps.answers.sheet must be null or an object';
  const sheet = sheetProblem(s.sheet);
  if (sheet) return sheet;
  if (!isStringMap(s.values)) return 'apps.answers.values must be an object of strings by field id';
  if (typeof s.infeasible !== 'boolean') return 'apps.answers.infeasible must be a boolean';
  if (typeof s.reason !== 'string') return 'apps.answers.reason must be a string';
  const sub = s.submitted;
  if (sub === undefined) return 'apps.answers.submitted must be null or an object';
  if (sub !== null) {
    if (!isObject(sub)) return 'apps.answers.submitted must be null or an object { values, infeasible, reason, at }';
    if (!isStringMap(sub.values)) return 'apps.answers.submitted.values must be an object of strings';
    if (typeof sub.infeasible !== 'boolean') return 'apps.answers.submitted.infeasible must be a boolean';
    if (typeof sub.reason !== 'string') return 'apps.answers.submitted.reason must be a string';
    if (!Number.isFinite(sub.at)) return 'apps.answers.submitted.at must be a number (virtual clock ms)';
  }
  return null;
}
