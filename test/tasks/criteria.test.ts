import { describe, expect, it } from 'vitest';
import { judge, type JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { evaluateCriteria, match } from '../../bridge/tasks/criteria.ts';

const state = (pinned: boolean, remark: string, extra = 0): PhoneState => ({
  os: { time: { timestamp: 1000 + extra, timezone: 'Asia/Shanghai' } },
  apps: { chat: { chats: [{ id: 'c_1', pinned, muted: false }, { id: 'c_2', pinned: false, muted: extra > 0 }], contacts: [{ id: 'u_1', remark }] } },
});

const input = (init: PhoneState, final: PhoneState, route = { app: 'chat', path: '/chats' }): JudgeInput => ({ init, final, initRoute: { app: 'home', path: '/' }, route, answer: null, actions: [] });

describe('declarative criteria', () => {
  it('one criterion per path, with expected and actual', () => {
    const got = evaluateCriteria({ 'apps.chat.chats[c_1].pinned': true, 'apps.chat.contacts[u_1].remark': match.oneOf(['老同学', '同学']) }, input(state(false, ''), state(true, '同学')));
    expect(got).toEqual([
      { name: 'apps.chat.chats[c_1].pinned', passed: true, expected: true, actual: true, path: 'apps.chat.chats[c_1].pinned' },
      { name: 'apps.chat.contacts[u_1].remark', passed: true, expected: 'one of ["老同学","同学"]', actual: '同学', path: 'apps.chat.contacts[u_1].remark' },
    ]);
  });

  it('matchers', () => {
    const final = state(true, '羽毛球搭子');
    const check = (m: unknown, path = 'apps.chat.contacts[u_1].remark') => evaluateCriteria({ [path]: m }, input(final, final))[0].passed;
    expect(check(match.contains('球'))).toBe(true);
    expect(check(match.contains('篮'))).toBe(false);
    expect(check(match.matches(/^羽/))).toBe(true);
    expect(check(match.not(''))).toBe(true);
    expect(check(match.length(5))).toBe(true);
    expect(check(match.absent(), 'apps.chat.contacts[u_9]')).toBe(true);
    expect(check(match.present(), 'apps.chat.contacts[u_9]')).toBe(false);
    expect(check(match.atLeast(1000), 'os.time.timestamp')).toBe(true);
    expect(check(match.atMost(999), 'os.time.timestamp')).toBe(false);
    expect(check(match.that('a non-empty remark', (a) => typeof a === 'string' && a.length > 0))).toBe(true);
  });

  it('route keys read the final screen and are not state changes', () => {
    const got = evaluateCriteria({ 'route.app': 'chat', 'route.path': match.matches(/^\/chat\//) }, input(state(false, ''), state(false, ''), { app: 'chat', path: '/chats' }));
    expect(got.map((c) => c.passed)).toEqual([true, false]);
    expect(got.every((c) => c.path === undefined)).toBe(true);
  });

  it('their paths are expected changes: anything else makes the run unclean', () => {
    const spec = { checkGoals: (i: JudgeInput) => evaluateCriteria({ 'apps.chat.chats[c_1].pinned': true }, i) };
    const clean = judge(spec, input(state(false, ''), state(true, '', 0)));
    expect(clean).toMatchObject({ success: true, clean: true, passed: true });
    const stray = judge(spec, input(state(false, ''), state(true, '', 5)));
    expect(stray).toMatchObject({ success: true, clean: false, passed: false });
    expect(stray.warnings.map((w) => w.path)).toEqual(['apps.chat.chats[c_2].muted']);
  });
});
