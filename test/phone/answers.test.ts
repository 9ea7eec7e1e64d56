import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { APPS, findApp } from '../../simulator-apps/catalog.ts';
import * as rules from '../../simulator-apps/answers/logic.ts';
import type { AnswersState } from '../../simulator-apps/answers/types.ts';

const sheetState = (): AnswersState => ({
  sheet: {
    taskId: 'chat.Ask',
    question: '问题',
    fields: [
      { id: 'name', label: '姓名', hint: '', type: 'text' },
      { id: 'kind', label: '类型', hint: '', type: 'choice', choices: ['甲', '乙'] },
    ],
  },
  values: { name: '', kind: '' },
  infeasible: false,
  reason: '',
  submitted: null,
});

describe('answers: seed and catalog', () => {
  it('seeds an empty answer sheet beside the chat', () => {
    const s = createInitialState(1);
    expect(s.apps.answers).toEqual({ sheet: null, values: {}, infeasible: false, reason: '', submitted: null });
    expect(Object.keys(s.apps)).toEqual(APPS.map((a) => a.id));
    expect(Object.keys(s.apps)).toEqual(expect.arrayContaining(['chat', 'answers']));
    expect(findApp('answers')?.name).toBe('答题卡');
    expect(findApp('answers')?.routeStack('/')).toEqual(['/']);
  });
});

describe('answers: rules', () => {
  it('allows submit only when every field is filled, or infeasible with a reason', () => {
    const s = sheetState();
    expect(rules.canSubmit(s)).toBe(false);
    rules.setValue(s, 'name', '  ');
    rules.setValue(s, 'kind', '乙');
    expect(rules.canSubmit(s)).toBe(false);
    rules.setValue(s, 'name', '张伟');
    expect(rules.canSubmit(s)).toBe(true);
    rules.setInfeasible(s, true);
    expect(rules.canSubmit(s)).toBe(false);
    rules.setReason(s, '找不到');
    expect(rules.canSubmit(s)).toBe(true);
    expect(rules.canSubmit(rules.createAnswersState())).toBe(false);
  });

  it('ignores values for unknown fields; submit trims and replaces the last submission', () => {
    const s = sheetState();
    rules.setValue(s, 'nope', 'x');
    expect(s.values).toEqual({ name: '', kind: '' });
    rules.setValue(s, 'name', ' 张伟 ');
    rules.setValue(s, 'kind', '甲');
    rules.setReason(s, 'stale');
    expect(rules.submit(s, 1000)).toBe(true);
    expect(s.submitted).toEqual({ values: { name: '张伟', kind: '甲' }, infeasible: false, reason: '', at: 1000 });
    rules.setInfeasible(s, true);
    expect(rules.submit(s, 2000)).toBe(true);
    expect(s.submitted).toEqual({ values: { name: '张伟', kind: '甲' }, infeasible: true, reason: 'stale', at: 2000 });
    rules.setReason(s, ' ');
    expect(rules.submit(s, 3000)).toBe(false);
    expect(s.submitted?.at).toBe(2000);
  });

  it('validates the slice, naming the field', () => {
    expect(rules.validateAnswersState(rules.createAnswersState())).toBeNull();
    expect(rules.validateAnswersState(sheetState())).toBeNull();
    // The framework writes hint '' and choices [] for every field.
    const framework = sheetState();
    framework.sheet!.fields[0].choices = [];
    expect(rules.validateAnswersState(framework)).toBeNull();
    expect(rules.validateAnswersState(null)).toMatch(/apps\.answers must be an object/);
    expect(rules.validateAnswersState({ ...sheetState(), values: { a: 1 } })).toMatch(/values/);
    const badType = sheetState();
    (badType.sheet!.fields[0] as { type: string }).type = 'email';
    expect(rules.validateAnswersState(badType)).toMatch(/fields\[0\]\.type/);
    const noChoices = sheetState();
    noChoices.sheet!.fields[1].choices = [];
    expect(rules.validateAnswersState(noChoices)).toMatch(/fields\[1\]\.choices/);
    const dup = sheetState();
    dup.sheet!.fields[1].id = 'name';
    expect(rules.validateAnswersState(dup)).toMatch(/used twice/);
    expect(rules.validateAnswersState({ ...sheetState(), submitted: { values: {}, infeasible: false, reason: '' } })).toMatch(/submitted\.at/);
  });
});
