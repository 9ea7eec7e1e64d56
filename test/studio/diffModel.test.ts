/**
 * What the diff says, without a browser: an added or removed record as a table of its fields,
 * timestamps as dates and times in the phone's zone (the raw number kept), the virtual clock apart
 * from the task's changes and never counted, and issues that repeat a failed goal not listed twice.
 * The verdicts come from the real judge on a seeded state, as an episode would give them.
 */
import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { Verdict } from '../../bridge/protocol/messages.ts';
import { judge, type JudgeSpec } from '../../bridge/judge/judge.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { CalendarState } from '../../simulator-apps/calendar/types.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { clockLines, diffModel, durationText, goalIssues, isClockChange } from '../../web/studio/verdictView.ts';
import { isTimestamp, phoneZone, recordTable, valueText } from '../../web/studio/valueText.ts';

const T = 1773459660000; // 2026-03-14 03:41 UTC: 11:41 in Shanghai, 23:41 the day before in New York

/** A seeded phone where the author added one calendar event and sent a message, and the clock moved 11 minutes. */
function episode() {
  const init = createInitialState(1);
  const final = structuredClone(init) as PhoneState;
  const cal = final.apps.calendar as unknown as CalendarState;
  const event = { id: 'e_900', title: '签合同', allDay: false, startDate: '2026-03-16', startTime: '10:00', endDate: '2026-03-16', endTime: '11:00', repeat: 'none', exceptions: [], reminder: 15, calendar: 'work', place: '江南商务中心18楼', notes: '', origin: '' } as const;
  cal.events.push({ ...event, exceptions: [] });
  const chat = (final.apps.chat as unknown as ChatState).chats[0]!;
  chat.messages.push({ id: 'm_900', from: 'me', text: '好的', time: final.os.time.timestamp } as (typeof chat.messages)[number]);
  final.os.time.timestamp += 11 * 60_000;
  return { init, final, chatId: chat.id };
}

function verdictOf(spec: JudgeSpec, init: PhoneState, final: PhoneState): Verdict {
  const route = { app: 'home', path: '/' };
  return judge(spec, { init, final, initRoute: route, route, answer: null, actions: [] });
}

describe('timestamps', () => {
  it('read as the wall clock of the zone they are shown in, the raw number in the tooltip', () => {
    const shanghai = valueText('time', T, { zone: 'Asia/Shanghai' });
    expect(shanghai).toMatchObject({ kind: 'time', text: '2026-03-14 11:41', note: 'Sat' });
    expect(shanghai.title).toContain('1773459660000');
    expect(shanghai.title).toContain('Asia/Shanghai');
    expect(valueText('time', T, { zone: 'America/New_York' })).toMatchObject({ text: '2026-03-13 23:41', note: 'Fri' });
    expect(valueText('sentAt', T + 5000, { zone: 'Asia/Shanghai' }).text).toBe('2026-03-14 11:41:05');
  });

  it('are told by their name or their size; small numbers and counts stay numbers', () => {
    expect(isTimestamp('createdAt', T)).toBe(true);
    expect(isTimestamp('paid_at', T)).toBe(true);
    expect(isTimestamp('likes', T)).toBe(true); // a whole number between 2000 and 2100 in ms
    expect(isTimestamp('likes', 1234)).toBe(false);
    expect(isTimestamp('missedSeenAt', 0)).toBe(false);
    expect(isTimestamp('amount', 1.5e12 + 0.5)).toBe(false);
    expect(valueText('balance', 128_050, { zone: 'Asia/Shanghai' })).toEqual({ kind: 'number', text: '128050' });
  });

  it('the phone zone comes from the state, the simulator default otherwise', () => {
    expect(phoneZone({ os: { time: { timestamp: T, timezone: 'Europe/Paris' } } })).toBe('Europe/Paris');
    expect(phoneZone(null)).toBe('Asia/Shanghai');
  });

  it('a day key shows its weekday', () => {
    expect(valueText('startDate', '2026-03-16', { zone: 'Asia/Shanghai' })).toMatchObject({ kind: 'date', text: '2026-03-16', note: 'Mon' });
    expect(valueText('startDate', '2026-03-16', { zone: 'Asia/Shanghai', quote: true }).text).toBe('"2026-03-16"');
  });
});

describe('records', () => {
  it('an added calendar event is a table of its fields, the empty ones named together, its id left to the path', () => {
    const { init, final } = episode();
    const v = verdictOf({ checkGoals: () => [{ name: 'event added', passed: true, path: 'apps.calendar.events[e_900]' }] }, init, final);
    const m = diffModel(v, null, { zone: 'Asia/Shanghai' });
    const row = m.expected.find((r) => r.path === 'apps.calendar.events[e_900]')!;
    expect(row).toMatchObject({ kind: 'added', recordSide: 'after', before: null });
    const fields = Object.fromEntries(row.record!.fields.map((f) => [f.key, f.value.text]));
    expect(fields).toEqual({ title: '签合同', allDay: 'false', startDate: '2026-03-16', startTime: '10:00', endDate: '2026-03-16', endTime: '11:00', repeat: 'none', reminder: '15', calendar: 'work', place: '江南商务中心18楼' });
    expect(row.record!.empty).toEqual(['exceptions', 'notes', 'origin']);
    expect(row.record!.fields.find((f) => f.key === 'title')!.path).toBe('apps.calendar.events[e_900].title');
    // The whole record is one click away.
    expect(JSON.parse(row.afterFull)).toMatchObject({ id: 'e_900', title: '签合同' });
  });

  it('a record with a timestamp shows it as a date and time; nested values are summarised, long ones cut and kept whole', () => {
    const long = '很长的一段话'.repeat(40);
    const t = recordTable('apps.notes.notes[n_9]', { id: 'n_9', title: '春天', body: long, time: T, images: [{ palette: 'a' }, { palette: 'b' }], tags: ['花', '春'], author: { id: 'a_1', name: '小林' }, likes: 0 }, { zone: 'Asia/Shanghai' });
    const byKey = Object.fromEntries(t.fields.map((f) => [f.key, f.value]));
    expect(byKey.time).toMatchObject({ kind: 'time', text: '2026-03-14 11:41', note: 'Sat' });
    expect(byKey.images!.text).toBe('[2 items]');
    expect(byKey.tags!.text).toBe('["花", "春"]');
    expect(byKey.author!.text).toBe('{ id: "a_1", name: "小林" }');
    expect(byKey.body!.text.length).toBe(140);
    expect(byKey.body!.text.endsWith('…')).toBe(true);
    expect(byKey.body!.full).toBe(long);
    expect(byKey.likes).toEqual({ kind: 'number', text: '0' });
    expect(t.fields.some((f) => f.key === 'id')).toBe(false);
  });

  it('a positional record keeps its id; a removed record is a table of what it was', () => {
    expect(recordTable('apps.x.list[3]', { id: 'r1', a: 1 }, { zone: 'Asia/Shanghai' }).fields.map((f) => f.key)).toEqual(['id', 'a']);
    const m = diffModel(null, [{ path: 'apps.calendar.events[e_001]', kind: 'removed', before: { id: 'e_001', title: '周会', place: '3号会议室' } }], { zone: 'Asia/Shanghai' });
    expect(m.unclassified[0]).toMatchObject({ kind: 'removed', recordSide: 'before', after: null });
    expect(m.unclassified[0]!.record!.fields.map((f) => [f.key, f.value.text])).toEqual([['title', '周会'], ['place', '3号会议室']]);
  });

  it('a changed leaf stays before → after, in JSON, with timestamps read as times', () => {
    const [row] = diffModel(null, [{ path: 'apps.chat.chats[c_01].draft', kind: 'changed', before: 'a', after: '' }]).unclassified;
    expect(row).toMatchObject({ record: null, before: { text: '"a"' }, after: { kind: 'empty', text: '""' } });
    const [seen] = diffModel(null, [{ path: 'apps.notes.seenAt.likes', kind: 'changed', before: T - 3_600_000, after: T }], { zone: 'Asia/Shanghai' }).unclassified;
    expect([seen!.before!.text, seen!.after!.text]).toEqual(['2026-03-14 10:41', '2026-03-14 11:41']);
  });
});

describe('the virtual clock', () => {
  it('is not an expected change of the task nor counted: it is one line apart, in the phone zone', () => {
    const { init, final, chatId } = episode();
    const v = verdictOf({ checkGoals: () => [{ name: 'event added', passed: true, path: 'apps.calendar.events[e_900]' }], expectedChanges: () => ['apps.chat.chats[*].messages[*]'] }, init, final);
    // The judge expects the clock (it never makes a run unclean)…
    expect(v.clean).toBe(true);
    expect(v.expectedChanges.map((c) => c.path)).toContain('os.time.timestamp');
    // …and the diff keeps it out of the task's changes.
    const m = diffModel(v, null, { zone: 'Asia/Shanghai' });
    expect(m.expected.map((r) => r.path)).toEqual(['apps.calendar.events[e_900]', `apps.chat.chats[${chatId}].messages[m_900]`]);
    expect(m.clock).toHaveLength(1);
    const from = init.os.time.timestamp;
    const line = m.clock[0]!;
    expect(line.path).toBe('os.time.timestamp');
    expect(line.text).toMatch(/^The phone's clock moved from \d\d:\d\d to \d\d:\d\d \(\+11 min\)\.$/);
    expect(line.title).toMatch(/^2026-03-14 Sat \d\d:\d\d → 2026-03-14 Sat \d\d:\d\d in Asia\/Shanghai/);
    expect(line.title).toContain(String(from));
    expect(line.title).toContain('Asia/Shanghai');
    // The added message's time reads in the same zone as the clock line.
    const message = m.expected[1]!.record!.fields.find((f) => f.key === 'time')!;
    expect(line.text).toContain(`from ${message.value.text.slice(11)} to`);
  });

  it('before a verdict the raw changes leave it out too', () => {
    const m = diffModel(null, [{ path: 'os.time.timestamp', kind: 'changed', before: T, after: T + 40_000 }, { path: 'apps.a.b', kind: 'changed', before: 1, after: 2 }]);
    expect(m.unclassified.map((r) => r.path)).toEqual(['apps.a.b']);
    expect(m.clock[0]!.text).toBe("The phone's clock moved from 11:41 to 11:41:40 (+40 s).");
  });

  it('an unexpected clock change would stay listed as unexpected (it made the run unclean)', () => {
    const change = { path: 'os.time.timestamp', kind: 'changed' as const, before: T, after: T + 1 };
    const v: Verdict = { success: true, clean: false, progress: 1, passed: false, goals: [], issues: [], warnings: [], expectedChanges: [], unexpectedChanges: [change] };
    expect(diffModel(v, null)).toMatchObject({ unexpected: [{ path: 'os.time.timestamp' }], clock: [] });
  });

  it('names a date change, a time zone change, and durations', () => {
    expect(clockLines([{ path: 'os.time.timestamp', kind: 'changed', before: T + 12 * 3_600_000, after: T + 14 * 3_600_000 }], 'Asia/Shanghai')[0]!.text).toBe("The phone's clock moved from 2026-03-14 23:41 to 2026-03-15 01:41 (+2 h).");
    expect(clockLines([{ path: 'os.time.timezone', kind: 'changed', before: 'Asia/Shanghai', after: 'Europe/Paris' }], 'Europe/Paris')[0]!.text).toBe("The phone's time zone changed from Asia/Shanghai to Europe/Paris.");
    expect([durationText(65 * 60_000), durationText(-5 * 60_000), durationText(3 * 86_400_000)]).toEqual(['+1 h 5 min', '−5 min', '+3 days']);
    expect(isClockChange({ path: 'os.time' })).toBe(true);
    expect(isClockChange({ path: 'os.battery.level' })).toBe(false);
  });
});

describe('issues beside goals', () => {
  it("a failed goal's issue is not listed again: its message goes under the goal, other issues stay", () => {
    const { init, final } = episode();
    const v = verdictOf({
      checkGoals: () => [
        { name: 'event added', passed: true },
        { name: 'title is 签合同', passed: false, expected: '签合同', actual: '签合约', message: 'the title differs' },
        { name: 'place set', passed: false, expected: '江南商务中心18楼', actual: '' },
      ],
    }, init, final);
    expect(v.issues).toHaveLength(2);
    const { notes, others } = goalIssues(v);
    expect(notes).toEqual([undefined, 'the title differs', undefined]);
    expect(others).toEqual([]);
    // An issue that is no goal's (a judge's note, an answer check) stays listed.
    const extra = { ...v, issues: [...v.issues, { field: 'answer', message: 'no answer was given' }] };
    expect(goalIssues(extra).others).toEqual([{ field: 'answer', message: 'no answer was given' }]);
    // A same-named issue with other values is another issue.
    const other = { ...v, issues: [{ field: 'place set', expected: 'x', actual: 'y' }] };
    expect(goalIssues(other).others).toHaveLength(1);
  });
});
