import { describe, expect, it } from 'vitest';
import { fieldMatches, normalizeDate, normalizeTime } from '../../bridge/judge/answers.ts';
import type { JudgeInput } from '../../bridge/judge/judge.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { defineTask } from '../../bridge/tasks/api.ts';
import { agentGoal, answerCriteria, answerFromSheet, installSheet, SHEET_INSTRUCTION } from '../../bridge/tasks/grounded.ts';
import { resolveMaxSteps, type LoadedTask } from '../../bridge/tasks/registry.ts';

const base = { goal: 'g', difficulty: 'L1' as const, objective: 'query' as const, apps: ['chat'], oracle: async () => 'x' };
const trainTask = defineTask({
  ...base,
  answer: {
    fields: [
      { id: 'train', label: '车次', type: 'text' },
      { id: 'date', label: '日期', type: 'date' },
      { id: 'time', label: '出发时间', type: 'time' },
      { id: 'price', label: '票价', type: 'number' },
    ],
    expected: () => ({ train: 'G102', date: '2026-03-14', time: '14:05', price: '553.5' }),
  },
});
const impossible = defineTask({ ...base, answer: { fields: [{ id: 'birthday', label: '生日', type: 'date' }], infeasible: true } });

function phone(): PhoneState {
  return { os: { time: { timestamp: 0, timezone: 'Asia/Shanghai' } }, apps: {} };
}

function submit(state: PhoneState, values: Record<string, string>, infeasible = false, reason = ''): PhoneState {
  const s = structuredClone(state);
  (s.apps.answers as Record<string, unknown>).submitted = { values, infeasible, reason, at: 1 };
  return s;
}

const input = (final: PhoneState, answer: string | null = null, actions: Action[] = []): JudgeInput => ({ init: final, final, initRoute: { app: 'home', path: '/' }, route: { app: 'home', path: '/' }, answer, actions });

describe('typed answer fields', () => {
  it('dates and times in any common writing', () => {
    expect(normalizeDate('2026/3/14')).toBe('2026-03-14');
    expect(normalizeDate('2026年3月14日')).toBe('2026-03-14');
    expect(normalizeDate('３月１４日')).toBe('--03-14');
    expect(normalizeDate('next tuesday')).toBeNull();
    expect(normalizeTime('9:05')).toBe('09:05');
    expect(normalizeTime('下午2点5分')).toBe('14:05');
    expect(normalizeTime('晚上9点半')).toBe('21:30');
    expect(normalizeTime('25:00')).toBeNull();
    expect(fieldMatches('date', '3月14日', '2026-03-14')).toBe(true);
    expect(fieldMatches('date', '2026-03-15', '2026-03-14')).toBe(false);
    expect(fieldMatches('time', '14:05', '下午2点05分')).toBe(true);
    expect(fieldMatches('number', '553.50元', '553.5')).toBe(true);
    expect(fieldMatches('number', '553', '553.5')).toBe(false);
    expect(fieldMatches('text', ' ｇ102 ', 'G102')).toBe(true);
    expect(fieldMatches('text', '', '')).toBe(false);
  });
});

describe('grounded answers', () => {
  const state = phone();
  installSheet(state, 'rail.Find', '查一趟车', trainTask.answer!.fields as never);

  it('puts an empty sheet on the phone', () => {
    expect(state.apps.answers).toMatchObject({ sheet: { taskId: 'rail.Find', question: '查一趟车' }, values: { train: '', date: '', time: '', price: '' }, submitted: null });
  });

  it('nothing submitted: not answered', () => {
    const got = answerCriteria(trainTask, {}, input(state), 'grounded');
    expect(got[0]).toMatchObject({ name: 'answer sheet submitted', passed: false });
    expect(got.every((c) => !c.passed)).toBe(true);
  });

  it('each field is matched by its type', () => {
    const final = submit(state, { train: 'g102', date: '2026/3/14', time: '下午2点05分', price: '553.50' });
    expect(answerCriteria(trainTask, {}, input(final), 'grounded').map((c) => c.passed)).toEqual([true, true, true, true, true]);
    const wrong = submit(state, { train: 'G102', date: '2026-03-15', time: '14:05', price: '553.5' });
    const got = answerCriteria(trainTask, {}, input(wrong), 'grounded');
    expect(got.filter((c) => !c.passed).map((c) => c.name)).toEqual(['answer: 日期']);
    expect(answerFromSheet(wrong, trainTask.answer!.fields as never)).toContain('"train":"G102"');
  });

  it('an infeasible task passes only when the sheet says so with a reason', () => {
    const sheet = phone();
    installSheet(sheet, 'x.Birthday', '生日', impossible.answer!.fields as never);
    expect(answerCriteria(impossible, {}, input(submit(sheet, {}, true, '资料里没有生日')), 'grounded').every((c) => c.passed)).toBe(true);
    expect(answerCriteria(impossible, {}, input(submit(sheet, {}, true, '')), 'grounded').every((c) => c.passed)).toBe(false);
    expect(answerCriteria(impossible, {}, input(submit(sheet, { birthday: '1990-01-01' })), 'grounded').every((c) => c.passed)).toBe(false);
  });
});

describe('text answers', () => {
  it('match the ANSWER text; infeasible means ABORT with a reason', () => {
    const one = defineTask({ ...base, answer: { fields: [{ id: 'id', label: '账号', type: 'text' }], expected: () => ({ id: 'abc_12' }) } });
    expect(answerCriteria(one, {}, input(phone(), 'ABC_12。'), 'text')[0].passed).toBe(true);
    expect(answerCriteria(one, {}, input(phone(), 'abc'), 'text')[0].passed).toBe(false);
    expect(answerCriteria(impossible, {}, input(phone(), null, [{ type: 'abort', reason: '没有生日信息' }]), 'text')[0].passed).toBe(true);
    expect(answerCriteria(impossible, {}, input(phone(), '1990-01-01', [{ type: 'answer', text: '1990-01-01' }]), 'text')[0].passed).toBe(false);
  });
});

describe('what the agent is told', () => {
  it('a grounded query task says where the answer goes; other tasks are unchanged', () => {
    expect(agentGoal('我的账号是什么？', trainTask, 'grounded')).toBe(`我的账号是什么？\n${SHEET_INSTRUCTION}`);
    expect(agentGoal('我的账号是什么？', trainTask, 'text')).toBe('我的账号是什么？');
    expect(agentGoal('置顶聊天', defineTask({ ...base, objective: 'action', checkGoals: () => [] }), 'grounded')).toBe('置顶聊天');
  });
});

describe('step budgets', () => {
  it('grounded answer tasks get 15 more steps on their own budget; --max-steps is the whole budget', () => {
    const t: LoadedTask = { id: 'x.T', suite: 'x', name: 'T', file: '', def: trainTask };
    const action: LoadedTask = { id: 'x.A', suite: 'x', name: 'A', file: '', def: defineTask({ ...base, objective: 'action', checkGoals: () => [] }) };
    expect(resolveMaxSteps(t)).toBe(30);
    expect(resolveMaxSteps(t, undefined, 'text')).toBe(15);
    expect(resolveMaxSteps(t, 20)).toBe(20);
    expect(resolveMaxSteps(action)).toBe(15);
  });
});
