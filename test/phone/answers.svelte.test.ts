import { flushSync, tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { click, mountPhone, type } from './mountedPhone.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { AnswersState } from '../../simulator-apps/answers/types.ts';

const SHEET: AnswersState['sheet'] = {
  taskId: 'chat.WhenAndWhere',
  question: '王晓雨约你什么时候在哪里见面？一共几个人？',
  fields: [
    { id: 'place', label: '地点', hint: '如 人民广场', type: 'text' },
    { id: 'people', label: '人数', hint: '', type: 'number' },
    { id: 'day', label: '日期', hint: '', type: 'date' },
    { id: 'time', label: '时间', hint: '', type: 'time' },
    { id: 'mood', label: '她的语气', hint: '选一个', type: 'choice', choices: ['开心', '生气', '平淡'] },
  ],
};

function start(sheet: AnswersState['sheet'] = SHEET) {
  const state = createInitialState(1);
  if (sheet) {
    // As the framework installs it: '' for every field, hint '', choices [] on non-choice fields.
    const fields = sheet.fields.map((f) => ({ ...f, choices: f.choices ?? [] }));
    state.apps.answers = { sheet: { ...sheet, fields }, values: Object.fromEntries(fields.map((f) => [f.id, ''])), infeasible: false, reason: '', submitted: null } as never;
  }
  const { phone, ui, query, slice } = mountPhone(state);
  return { phone, ui, query, answers: () => slice<AnswersState>('answers') };
}

describe('答题卡', () => {
  it('is on the launcher and shows an empty state without a sheet', () => {
    const { phone, ui, query } = start(null);
    expect(ui('app.answers').textContent).toContain('答题卡');
    click(ui('app.answers'));
    expect(phone.route).toEqual({ app: 'answers', path: '/' });
    expect(ui('answers.empty').textContent).toContain('当前没有需要作答的任务');
    expect(query('answers.submit')).toBeNull();
  });

  it('types, chooses, submits; values live in the state and survive leaving the app', async () => {
    const { phone, ui, answers } = start();
    click(ui('app.answers'));
    expect(ui('answers.question').textContent).toBe(SHEET!.question);
    const submit = ui('answers.submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const number = ui('answers.field.people') as HTMLInputElement;
    expect(number.type).toBe('text');
    expect(number.getAttribute('inputmode')).toBe('decimal');
    expect((ui('answers.field.day') as HTMLInputElement).placeholder).toBe('YYYY-MM-DD');
    expect((ui('answers.field.time') as HTMLInputElement).placeholder).toBe('HH:mm');

    const rev = phone.revision;
    type(ui('answers.field.place'), '人');
    type(ui('answers.field.place'), '人民广场');
    expect(phone.revision).toBe(rev + 2); // every keystroke goes through phone.update
    type(number, '3');
    type(ui('answers.field.day'), '2026-03-15');
    type(ui('answers.field.time'), '18:30');
    expect(answers().values).toEqual({ place: '人民广场', people: '3', day: '2026-03-15', time: '18:30', mood: '' });
    expect(submit.disabled).toBe(true);

    const radio = ui('answers.choice.mood.1');
    expect(radio.getAttribute('role')).toBe('radio');
    expect(radio.getAttribute('aria-checked')).toBe('false');
    click(radio);
    expect(answers().values.mood).toBe('生气');
    expect(radio.getAttribute('aria-checked')).toBe('true');
    expect(ui('answers.choice.mood.0').getAttribute('aria-checked')).toBe('false');

    // Leave and come back: the sheet shows what the state holds.
    phone.home();
    flushSync();
    click(ui('app.answers'));
    expect((ui('answers.field.place') as HTMLInputElement).value).toBe('人民广场');

    expect((ui('answers.submit') as HTMLButtonElement).disabled).toBe(false);
    click(ui('answers.submit'));
    await tick();
    expect(answers().submitted).toEqual({
      values: { place: '人民广场', people: '3', day: '2026-03-15', time: '18:30', mood: '生气' },
      infeasible: false,
      reason: '',
      at: phone.now,
    });
    expect(ui('toast').textContent).toContain('已提交');
    expect(ui('answers.submitted').textContent).toContain('人民广场');

    // Edit and submit again: the new submission replaces the old one.
    type(ui('answers.field.people'), '4');
    expect(ui('answers.submitted').textContent).toContain('重新提交');
    phone.advanceTime(60_000);
    click(ui('answers.submit'));
    expect(answers().submitted?.values.people).toBe('4');
    expect(answers().submitted?.at).toBe(phone.now);
  });

  it('the infeasible switch dims the fields, asks for a reason, and submits it', () => {
    const { ui, query, answers } = start();
    click(ui('app.answers'));
    expect(query('answers.reason')).toBeNull();
    const sw = ui('answers.infeasible');
    expect(sw.getAttribute('role')).toBe('switch');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    click(sw);
    expect(answers().infeasible).toBe(true);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect((ui('answers.field.place') as HTMLInputElement).disabled).toBe(true);
    expect((ui('answers.choice.mood.0') as HTMLButtonElement).disabled).toBe(true);
    expect((ui('answers.submit') as HTMLButtonElement).disabled).toBe(true);
    type(ui('answers.reason'), '聊天记录里没有提到见面');
    expect(answers().reason).toBe('聊天记录里没有提到见面');
    click(ui('answers.submit'));
    expect(answers().submitted).toMatchObject({ infeasible: true, reason: '聊天记录里没有提到见面' });
    expect(ui('answers.submitted').textContent).toContain('这个任务无法完成');
    click(ui('answers.infeasible'));
    expect(query('answers.reason')).toBeNull();
    expect((ui('answers.field.place') as HTMLInputElement).disabled).toBe(false);
  });
});
