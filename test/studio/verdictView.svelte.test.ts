/**
 * What the studio says about an outcome: status chips, the verdict banner, and the diff
 * display data (expected vs unexpected changes; raw changes before a verdict). Also the
 * DiffView and GoalList components rendering them.
 */
import { describe, expect, it } from 'vitest';
import { flushSync, type Component } from 'svelte';
import type { EpisodeEnd, Verdict } from '../../bridge/protocol/messages.ts';
import { diffModel, episodeStatus, formatValue, judgeBanner, verdictBanner } from '../../web/studio/verdictView.ts';
import DiffView from '../../web/studio/DiffView.svelte';
import GoalList from '../../web/studio/GoalList.svelte';
import { useMounted } from './mounted.ts';

function verdict(over: Partial<Verdict> = {}): Verdict {
  return { success: true, clean: true, progress: 1, passed: true, goals: [], issues: [], warnings: [], expectedChanges: [], unexpectedChanges: [], ...over };
}

function end(over: Partial<EpisodeEnd> = {}): EpisodeEnd {
  return { episodeId: 'e', status: 'completed', stopReason: 'complete', steps: 4, verdict: verdict(), answer: null, error: null, ...over };
}

describe('episodeStatus', () => {
  it('tells running, passed, failed, unclean and error apart', () => {
    expect(episodeStatus(undefined)).toEqual({ status: 'running', label: 'running' });
    expect(episodeStatus(end()).status).toBe('passed');
    expect(episodeStatus(end({ verdict: verdict({ success: false, passed: false }) })).status).toBe('failed');
    // Goal not met and side effects: the goal decides.
    expect(episodeStatus(end({ verdict: verdict({ success: false, clean: false, passed: false }) })).status).toBe('failed');
    expect(episodeStatus(end({ verdict: verdict({ clean: false, passed: false }) })).status).toBe('unclean');
    expect(episodeStatus(end({ status: 'run_error', verdict: undefined }))).toEqual({ status: 'error', label: 'run error' });
    expect(episodeStatus(end({ status: 'timeout' }))).toEqual({ status: 'error', label: 'timeout' });
    expect(episodeStatus(end({ verdict: undefined }))).toEqual({ status: 'error', label: 'no verdict' });
  });
});

describe('banners', () => {
  it('names the outcome, the reason and the facts of the end', () => {
    const b = verdictBanner(end({ verdict: verdict({ clean: false, passed: false }), stopReason: 'answer', answer: '3' }));
    expect(b).toMatchObject({ status: 'unclean', title: 'UNCLEAN', reason: 'side effects: unexpected changes' });
    expect(b.facts).toEqual([{ label: 'stop', value: 'answer' }, { label: 'steps', value: '4' }, { label: 'answer', value: '3' }]);
    expect(verdictBanner(end({ verdict: verdict({ success: false, passed: false }) }))).toMatchObject({ title: 'FAILED', reason: 'goal not met' });
    expect(verdictBanner(end({ status: 'run_error', error: 'page crashed', verdict: undefined }))).toMatchObject({ title: 'ERROR', facts: expect.arrayContaining([{ label: 'error', value: 'page crashed' }]) });
    expect(judgeBanner(verdict()).title).toBe('PASSED');
  });
});

describe('diffModel', () => {
  const texts = (rows: ReturnType<typeof diffModel>['expected']) => rows.map((r) => [r.path, r.before?.text ?? null, r.after?.text ?? null]);

  it('splits a verdict into unexpected and expected changes with before → after', () => {
    const m = diffModel(verdict({
      expectedChanges: [{ path: 'apps.chat.threads[t1].unread', kind: 'changed', before: 2, after: 0 }],
      unexpectedChanges: [{ path: 'apps.chat.contacts[u_003].starred', kind: 'changed', before: false, after: true }, { path: 'apps.notes.items[n1]', kind: 'added', after: { id: 'n1', text: '你好' } }],
    }), null);
    expect(m.source).toBe('verdict');
    expect(texts(m.unexpected)).toEqual([['apps.chat.contacts[u_003].starred', 'false', 'true'], ['apps.notes.items[n1]', null, '{ id: "n1", text: "你好" }']]);
    // The added record is a table of its fields (the id is in the path).
    expect(m.unexpected[1]!.record!.fields.map((f) => [f.key, f.value.text])).toEqual([['text', '你好']]);
    expect(texts(m.expected)).toEqual([['apps.chat.threads[t1].unread', '2', '0']]);
    expect(m.unclassified).toEqual([]);
  });

  it('falls back to warnings when a judge reports unexpected changes only there', () => {
    const m = diffModel(verdict({ warnings: [{ path: 'a.b', kind: 'removed', before: 1 }] }), null);
    expect(m.unexpected.map((r) => [r.path, r.kind, r.before?.text, r.after])).toEqual([['a.b', 'removed', '1', null]]);
  });

  it('lists raw changes as unclassified before any verdict', () => {
    const m = diffModel(null, [{ path: 'x', kind: 'changed', before: 'a', after: 'b' }]);
    expect(m).toMatchObject({ source: 'local', unexpected: [], expected: [] });
    expect(m.unclassified.map((r) => [r.before?.text, r.after?.text])).toEqual([['"a"', '"b"']]);
    expect(diffModel(null, null).source).toBe('none');
  });

  it('truncates long values for the row and keeps them whole for the expanded view', () => {
    const long = 'x'.repeat(300);
    const [row] = diffModel(null, [{ path: 'x', kind: 'added', after: long }]).unclassified;
    expect(row!.after!.text.length).toBe(80);
    expect(row!.after!.text.endsWith('…')).toBe(true);
    expect(row!.after!.full).toBe(JSON.stringify(long));
    expect(row!.afterFull).toBe(JSON.stringify(long));
    expect(formatValue(undefined)).toBe('—');
  });
});

describe('components', () => {
  const mounted = useMounted();
  let target: HTMLElement;
  function render<P extends Record<string, unknown>>(C: Component<P>, props: P) {
    target = mounted(C, props);
  }

  it('DiffView puts unexpected changes under a red heading that says they make the run unclean', () => {
    const m = diffModel(verdict({ clean: false, unexpectedChanges: [{ path: 'apps.chat.contacts[u_003].starred', kind: 'changed', before: false, after: true }], expectedChanges: [{ path: 'apps.chat.threads[t1].unread', kind: 'changed', before: 2, after: 0 }] }), null);
    let revealed = '';
    render(DiffView, { model: m, onreveal: (p: string) => (revealed = p) });
    const unexpected = target.querySelector('.group.unexpected')!;
    expect(unexpected.textContent).toContain('make the run unclean');
    expect(unexpected.textContent).toContain('apps.chat.contacts[u_003].starred');
    expect(target.querySelector('.group.expected')!.textContent).toContain('apps.chat.threads[t1].unread');
    target.querySelector<HTMLButtonElement>('.group.unexpected button.path')!.click();
    expect(revealed).toBe('apps.chat.contacts[u_003].starred');
  });

  it('DiffView says the run is clean when there are only expected changes', () => {
    render(DiffView, { model: diffModel(verdict({ expectedChanges: [{ path: 'a', kind: 'changed', before: 1, after: 2 }] }), null) });
    expect(target.textContent).toContain('No unexpected changes: the run is clean.');
  });

  it('GoalList shows each goal with expected and actual, the progress, and the banner', () => {
    const v = verdict({ success: false, passed: false, progress: 0.5, goals: [{ name: 'message sent', passed: true }, { name: 'text is 你好', passed: false, expected: '你好', actual: '您好', path: 'apps.chat.threads[t1].messages' }] });
    render(GoalList, { verdict: v, banner: verdictBanner(end({ verdict: v })) });
    expect(target.textContent).toContain('FAILED');
    expect(target.textContent).toContain('1 of 2 goals met');
    const goals = [...target.querySelectorAll('ul:not(.issues) > li')];
    expect(goals.map((g) => g.classList.contains('ok'))).toEqual([true, false]);
    expect(goals[1]!.textContent).toContain('"你好"');
    expect(goals[1]!.textContent).toContain('"您好"');
    // Without a tree to reveal in, a goal's path is plain text.
    expect(goals[1]!.querySelector('code.gpath')!.textContent).toBe('apps.chat.threads[t1].messages');
  });

  it('GoalList reveals a goal\'s state path in the tree, from the path or from a name that is the path', () => {
    const path = 'apps.chat.chats[c_04].pinned';
    const v = verdict({ goals: [{ name: path, passed: true, path }, { name: 'text is 你好', passed: true, path: 'apps.chat.chats[c_04].messages[*]' }] });
    const revealed: string[] = [];
    render(GoalList, { verdict: v, onreveal: (p: string) => revealed.push(p) });
    const buttons = [...target.querySelectorAll<HTMLButtonElement>('button[title="Show in the state tree"]')];
    expect(buttons.map((b) => b.textContent)).toEqual([path, 'apps.chat.chats[c_04].messages[*]']);
    for (const b of buttons) b.click();
    expect(revealed).toEqual([path, 'apps.chat.chats[c_04].messages[*]']);
  });

  const T = 1773459660000; // 11:41 on 2026-03-14 in Shanghai
  const event = { id: 'e_900', title: '签合同', startDate: '2026-03-16', startTime: '10:00', place: '江南商务中心18楼', notes: '', createdAt: T, body: '长'.repeat(200) };
  const clocked = () => verdict({
    goals: [{ name: 'event added', passed: true, path: 'apps.calendar.events[e_900]' }],
    expectedChanges: [{ path: 'apps.calendar.events[e_900]', kind: 'added', after: event }, { path: 'os.time.timestamp', kind: 'changed', before: T - 11 * 60_000, after: T }],
  });

  it('DiffView shows an added record as a table of its fields, with its times in the phone zone', () => {
    const revealed: string[] = [];
    render(DiffView, { model: diffModel(clocked(), null, { zone: 'Asia/Shanghai' }), onreveal: (p: string) => revealed.push(p) });
    const row = target.querySelector('li[data-change="apps.calendar.events[e_900]"]')!;
    expect(row.querySelector('.what')!.textContent).toBe('new record · 7 fields');
    const cells = Object.fromEntries([...row.querySelectorAll('table.record tr')].map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!]));
    expect(Object.keys(cells)).toEqual(['title', 'startDate', 'startTime', 'place', 'createdAt', 'body']);
    expect(cells.title!.textContent).toBe('签合同');
    expect(cells.startDate!.textContent).toBe('2026-03-16Mon');
    expect(cells.createdAt!.textContent).toBe('2026-03-14 11:41Sat');
    expect(cells.createdAt!.querySelector('[title]')!.getAttribute('title')).toContain(String(T));
    expect(row.querySelector('.empties')!.textContent).toBe('empty: notes');
    // A long value is cut, and whole one click away.
    expect(cells.body!.textContent!.length).toBeLessThan(160);
    cells.body!.querySelector<HTMLButtonElement>('button.cut')!.click();
    flushSync();
    expect(row.querySelector('tr[data-field="body"] td')!.textContent).toContain('长'.repeat(200));
    // The record and each field open in the state tree.
    row.querySelector<HTMLButtonElement>('button.path')!.click();
    row.querySelector<HTMLButtonElement>('tr[data-field="title"] button.field')!.click();
    expect(revealed).toEqual(['apps.calendar.events[e_900]', 'apps.calendar.events[e_900].title']);
    // The whole record as JSON.
    row.querySelector<HTMLButtonElement>('button.more')!.click();
    flushSync();
    expect(JSON.parse(target.querySelector('li[data-change="apps.calendar.events[e_900]"] pre')!.textContent!)).toEqual(event);
  });

  it('DiffView says the clock moved in one line apart, not among the expected changes, not counted', () => {
    render(DiffView, { model: diffModel(clocked(), null, { zone: 'Asia/Shanghai' }) });
    expect(target.querySelector('.summary')!.textContent).toContain('1 expected');
    const clock = target.querySelector('.clock')!;
    expect(clock.textContent!.trim()).toBe("The phone's clock moved from 11:30 to 11:41 (+11 min).");
    expect(clock.getAttribute('title')).toContain(String(T));
    expect(target.querySelector('.group.expected')!.textContent).not.toContain('os.time');
    expect(target.querySelector('.group.expected h3 .n')!.textContent).toBe('1');
  });

  it('DiffView with only the clock moved says there is no change', () => {
    render(DiffView, { model: diffModel(null, [{ path: 'os.time.timestamp', kind: 'changed', before: T, after: T + 60_000 }]) });
    expect(target.querySelector('.summary')!.textContent).toContain('0 changes');
    expect(target.querySelector('.empty')!.textContent).toContain('Only the clock moved');
  });

  it('GoalList does not repeat a failed goal under Issues; its message goes under the goal', () => {
    const goals = [{ name: 'title is 签合同', passed: false, expected: '签合同', actual: '签合约' }, { name: 'place set', passed: true }];
    const v = verdict({ success: false, passed: false, progress: 0.5, goals, issues: [{ field: 'title is 签合同', expected: '签合同', actual: '签合约', message: 'the title differs' }] });
    render(GoalList, { verdict: v });
    expect(target.querySelector('h3')).toBeNull();
    expect(target.querySelector('.issues')).toBeNull();
    expect(target.textContent!.match(/title is 签合同/g)).toHaveLength(1);
    expect(target.querySelector('ul > li:not(.ok) .msg')!.textContent).toBe('the title differs');
  });

  it('GoalList lists the issues no goal shows', () => {
    const v = verdict({ success: false, passed: false, progress: 0, goals: [{ name: 'sent', passed: false }], issues: [{ field: 'sent' }, { field: 'answer', message: 'no answer was given' }] });
    render(GoalList, { verdict: v });
    expect(target.querySelector('h3')!.textContent).toBe('Other issues');
    expect([...target.querySelectorAll('.issues li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['answer no answer was given']);
  });
});
