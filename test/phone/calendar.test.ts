import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createCalendarState, seedWindow } from '../../simulator-apps/calendar/seed.ts';
import { addDays, isDateKey, weekdayIndex } from '../../simulator-apps/shared/dates.ts';
import {
  addEvent,
  deleteEvent,
  deleteOccurrence,
  draftError,
  draftOf,
  monthGrid,
  moveStart,
  newDraft,
  nextEventId,
  nextOccurrence,
  occurrencesBetween,
  occurrencesOn,
  occurrencesOnDays,
  searchEvents,
  updateEvent,
  updateOccurrence,
  validateCalendarState,
  type EventDraft,
} from '../../simulator-apps/calendar/logic.ts';
import { calendarRouteStack, parseCalendarPath } from '../../simulator-apps/calendar/routes.ts';
import type { CalendarEvent, CalendarState } from '../../simulator-apps/calendar/types.ts';

const NOW = Date.UTC(2026, 2, 14, 2, 0); // 2026-03-14 10:00 in Shanghai, a Saturday
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): CalendarState => createCalendarState(new Rng(seed), ctx);

const ev = (over: Partial<CalendarEvent>): CalendarEvent => ({
  id: 'e_001',
  title: '周会',
  allDay: false,
  startDate: '2026-01-05',
  startTime: '10:00',
  endDate: '2026-01-05',
  endTime: '11:00',
  repeat: 'none',
  exceptions: [],
  reminder: 15,
  calendar: 'work',
  place: '',
  notes: '',
  origin: '',
  ...over,
});

const draft = (over: Partial<EventDraft> = {}): EventDraft => ({ ...newDraft('2026-03-20', NOW), title: '看牙', ...over });

describe('calendar seed', () => {
  it('is valid, compact, and has series, yearly all-day events and look-alike titles in the window', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = fresh(seed);
      expect(validateCalendarState(s)).toBeNull();
      expect(s.events.length).toBeGreaterThanOrEqual(50);
      expect(s.events.length).toBeLessThanOrEqual(90);
      expect(JSON.stringify(s).length).toBeLessThan(40_000);
      const titles = s.events.map((e) => e.title);
      expect(titles).toEqual(expect.arrayContaining(['周会', '产品周会', '还信用卡', '健身', '项目评审会', '项目评审会预演', '牙医初诊']));
      expect(s.events.find((e) => e.title === '周会')!.repeat).toBe('weekly');
      expect(s.events.find((e) => e.title === '还信用卡')!.repeat).toBe('monthly');
      expect(s.events.filter((e) => e.repeat === 'yearly' && e.allDay).length).toBeGreaterThanOrEqual(5);
      const win = seedWindow(NOW, 'Asia/Shanghai');
      expect(win).toEqual({ from: '2026-02-01', to: '2026-05-31', today: '2026-03-14' });
      const singles = s.events.filter((e) => e.repeat === 'none');
      expect(singles.every((e) => e.startDate >= win.from && e.endDate <= win.to)).toBe(true);
      expect(occurrencesBetween(s, win.from, win.to).length).toBeGreaterThan(100);
    }
  });
});

describe('dates', () => {
  it('knows real dates, weekdays and the Monday-first month grid', () => {
    expect(isDateKey('2026-02-28')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('2026-02-30')).toBe(false);
    expect(isDateKey('2028-02-29')).toBe(true);
    expect(weekdayIndex('2026-03-14')).toBe(6);
    const grid = monthGrid('2026-03');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-02-23'); // the Monday before Sunday 1 March
    expect(grid).toContain('2026-03-31');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('repeat expansion', () => {
  it('expands weekly, monthly and yearly series and skips exceptions', () => {
    const s: CalendarState = {
      events: [
        ev({ id: 'e_001', repeat: 'weekly', exceptions: ['2026-03-16'] }),
        ev({ id: 'e_002', title: '还信用卡', allDay: true, startTime: '', endTime: '', startDate: '2025-10-31', endDate: '2025-10-31', repeat: 'monthly' }),
        ev({ id: 'e_003', title: '妈妈生日', allDay: true, startTime: '', endTime: '', startDate: '2019-03-09', endDate: '2019-03-09', repeat: 'yearly' }),
      ],
    };
    expect(occurrencesOn(s, '2026-03-09').map((o) => o.eventId)).toEqual(['e_003', 'e_001']); // all-day first
    expect(occurrencesOn(s, '2026-03-16')).toEqual([]); // the exception
    expect(occurrencesOn(s, '2026-03-23').map((o) => o.eventId)).toEqual(['e_001']);
    expect(occurrencesOn(s, '2025-12-29')).toEqual([]); // a Monday before the series starts
    expect(occurrencesOn(s, '2026-01-04')).toEqual([]);
    expect(occurrencesOn(s, '2026-03-31').map((o) => o.eventId)).toEqual(['e_002']);
    expect(occurrencesOn(s, '2026-04-30')).toEqual([]); // no 31st in April
    expect(occurrencesOn(s, '2018-03-09')).toEqual([]); // before the first birthday
    expect(nextOccurrence(s, 'e_001', '2026-03-14')!.date).toBe('2026-03-23');
  });

  it('shows a multi-day event on each of its days', () => {
    const s: CalendarState = { events: [ev({ title: '出差', allDay: true, startTime: '', endTime: '', startDate: '2026-04-01', endDate: '2026-04-03' })] };
    for (const d of ['2026-04-01', '2026-04-02', '2026-04-03']) expect(occurrencesOn(s, d).map((o) => o.date)).toEqual(['2026-04-01']);
    expect(occurrencesOn(s, '2026-04-04')).toEqual([]);
  });

  it('gives a month grid, day by day, what occurrencesOn gives each day (seeded states, a multi-day event across months)', () => {
    const trip = ev({ id: 'e_900', title: '出差', allDay: true, startTime: '', endTime: '', startDate: '2026-03-30', endDate: '2026-04-02' });
    for (const seed of [1, 2, 3]) {
      const s = fresh(seed);
      s.events.push(trip);
      for (const month of ['2026-03', '2026-04']) {
        const grid = monthGrid(month);
        const byDay = occurrencesOnDays(s, grid);
        expect([...byDay.keys()]).toEqual(grid);
        for (const d of grid) expect(byDay.get(d)).toEqual(occurrencesOn(s, d));
      }
    }
    expect(occurrencesOnDays({ events: [trip] }, monthGrid('2026-04')).get('2026-04-02')!.map((o) => o.date)).toEqual(['2026-03-30']);
  });
});

describe('drafts', () => {
  it('refuses an empty title, an end before the start and impossible dates', () => {
    expect(draftError(draft())).toBeNull();
    expect(draftError(draft({ title: '  ' }))).toBe('请输入日程标题');
    expect(draftError(draft({ startTime: '15:00', endTime: '14:00' }))).toBe('结束时间必须晚于开始时间');
    expect(draftError(draft({ startTime: '15:00', endTime: '15:00' }))).toBe('结束时间必须晚于开始时间');
    expect(draftError(draft({ endDate: '2026-03-19' }))).toBe('结束时间必须晚于开始时间');
    expect(draftError(draft({ allDay: true, startTime: '15:00', endTime: '14:00' }))).toBeNull();
    expect(draftError(draft({ startDate: '2026-02-30' }))).toBe('日期无效');
  });

  it('starts a new form at the next full hour today, else 09:00, and keeps the length when the start moves', () => {
    expect(newDraft('2026-03-14', NOW, 'Asia/Shanghai')).toMatchObject({ startTime: '11:00', endTime: '12:00', reminder: 15, calendar: 'personal' });
    expect(newDraft('2026-03-20', NOW, 'Asia/Shanghai')).toMatchObject({ startTime: '09:00', endTime: '10:00' });
    expect(moveStart(draft({ startTime: '09:00', endTime: '10:30' }), '2026-03-21', '23:00')).toMatchObject({ startDate: '2026-03-21', startTime: '23:00', endDate: '2026-03-22', endTime: '00:30' });
  });
});

describe('mutators', () => {
  it('adds an event with the next id, trimmed texts and no times when all-day', () => {
    const s = fresh();
    const id = nextEventId(s);
    const e = addEvent(s, draft({ title: ' 看牙 ', place: ' 悦齿口腔 ', allDay: true }));
    expect(e).toMatchObject({ id, title: '看牙', place: '悦齿口腔', allDay: true, startTime: '', endTime: '', exceptions: [], origin: '' });
    expect(validateCalendarState(s)).toBeNull();
  });

  it('deletes one occurrence of a series as an exception, and a whole event', () => {
    const s: CalendarState = { events: [ev({ repeat: 'weekly' }), ev({ id: 'e_002', title: '理发', startDate: '2026-03-20', endDate: '2026-03-20' })] };
    expect(deleteOccurrence(s, 'e_001', '2026-03-17')).toBe(false); // a Tuesday: no occurrence
    expect(deleteOccurrence(s, 'e_001', '2026-03-16')).toBe(true);
    expect(s.events[0].exceptions).toEqual(['2026-03-16']);
    expect(occurrencesOn(s, '2026-03-23')).toHaveLength(1);
    expect(deleteOccurrence(s, 'e_002', '2026-03-20')).toBe(true); // a single event goes
    expect(s.events.map((e) => e.id)).toEqual(['e_001']);
    expect(deleteEvent(s, 'e_001')).toBe(true);
    expect(deleteEvent(s, 'e_009')).toBe(false);
    expect(s.events).toEqual([]);
  });

  it('changes one occurrence: an exception in the series and a single event that points back to it', () => {
    const s: CalendarState = { events: [ev({ repeat: 'weekly', place: '3号会议室' })] };
    const d = { ...draftOf(s.events[0], '2026-03-16'), startTime: '14:00', endTime: '15:00', place: '5号会议室' };
    const e = updateOccurrence(s, 'e_001', '2026-03-16', d)!;
    expect(e).toMatchObject({ id: 'e_002', origin: 'e_001', repeat: 'none', startDate: '2026-03-16', startTime: '14:00', place: '5号会议室' });
    expect(s.events[0]).toMatchObject({ exceptions: ['2026-03-16'], startTime: '10:00', place: '3号会议室' });
    expect(occurrencesOn(s, '2026-03-16').map((o) => `${o.eventId} ${o.startTime}`)).toEqual(['e_002 14:00']);
    expect(occurrencesOn(s, '2026-03-23').map((o) => `${o.eventId} ${o.startTime}`)).toEqual(['e_001 10:00']);
    expect(updateOccurrence(s, 'e_001', '2026-03-16', d)).toBeNull(); // already moved out
  });

  it('changes every occurrence, moving the series with the occurrence that was edited', () => {
    const s: CalendarState = { events: [ev({ repeat: 'weekly', exceptions: ['2026-03-16'] })] };
    updateEvent(s, 'e_001', '2026-03-09', { ...draftOf(s.events[0], '2026-03-09'), startDate: '2026-03-10', endDate: '2026-03-10', startTime: '09:30', endTime: '10:30' });
    expect(s.events[0]).toMatchObject({ startDate: '2026-01-06', startTime: '09:30', exceptions: ['2026-03-17'] });
    expect(occurrencesOn(s, '2026-03-24').map((o) => o.startTime)).toEqual(['09:30']);
    expect(occurrencesOn(s, '2026-03-17')).toEqual([]);
  });

  it('searches titles and places', () => {
    const s: CalendarState = { events: [ev({}), ev({ id: 'e_002', title: '产品周会', place: '7楼' }), ev({ id: 'e_003', title: '理发', place: '剪艺工作室' })] };
    expect(searchEvents(s, '周会').map((e) => e.id)).toEqual(['e_001', 'e_002']);
    expect(searchEvents(s, '剪艺').map((e) => e.id)).toEqual(['e_003']);
    expect(searchEvents(s, ' ')).toEqual([]);
  });
});

describe('validation', () => {
  it('names the bad field', () => {
    const bad = (over: Partial<CalendarEvent>) => validateCalendarState({ events: [ev(over)] });
    expect(validateCalendarState(null)).toMatch(/apps\.calendar must be an object/);
    expect(validateCalendarState({})).toMatch(/apps\.calendar\.events/);
    expect(bad({ startDate: '2026-02-30' })).toMatch(/events\[0\]\.startDate/);
    expect(bad({ endTime: '09:00' })).toMatch(/events\[0\]\.endTime/);
    expect(bad({ repeat: 'hourly' as never })).toMatch(/events\[0\]\.repeat/);
    expect(bad({ reminder: 10 as never })).toMatch(/events\[0\]\.reminder/);
    expect(bad({ calendar: 'school' as never })).toMatch(/events\[0\]\.calendar/);
    expect(bad({ allDay: true })).toMatch(/startTime\/endTime/);
    expect(validateCalendarState({ events: [ev({}), ev({})] })).toMatch(/used twice/);
  });
});

describe('routes', () => {
  it('parses paths and gives deep links a back stack', () => {
    expect(parseCalendarPath('/')).toEqual({ screen: 'month', date: null });
    expect(parseCalendarPath('/new/2026-03-20?pick=startTime')).toEqual({ screen: 'new', date: '2026-03-20', pick: 'startTime' });
    expect(parseCalendarPath('/event/e_003/2026-03-16/edit')).toEqual({ screen: 'edit', eventId: 'e_003', date: '2026-03-16', pick: null });
    expect(calendarRouteStack('/event/e_003/2026-03-16/edit?pick=endDate')).toEqual([
      '/month/2026-03-16',
      '/event/e_003/2026-03-16',
      '/event/e_003/2026-03-16/edit',
      '/event/e_003/2026-03-16/edit?pick=endDate',
    ]);
    expect(calendarRouteStack('/search')).toEqual(['/', '/search']);
    expect(parseCalendarPath('/nope').screen).toBe('notFound');
  });
});

describe('stray change', () => {
  it('plans a reminder change on an event the task does not mention', async () => {
    const { strays: calendarStray } = await import('../../tasks/calendar/_stray.ts');
    const state = createInitialState(2);
    const plan = calendarStray[0].plan(state, {})!;
    expect(plan.path).toMatch(/^apps\.calendar\.events\[e_\d+\]\.reminder$/);
    const id = plan.path.match(/\[(e_\d+)\]/)![1];
    const copy = JSON.parse(JSON.stringify(state));
    plan.apply(copy);
    const before = cal(state).events.find((e) => e.id === id)!;
    const after = cal(copy).events.find((e: CalendarEvent) => e.id === id)!;
    expect(after.reminder).not.toBe(before.reminder);
    const other = calendarStray[0].plan(state, { eventId: id, title: before.title })!;
    expect(other.path).not.toBe(plan.path);
  });
});

const cal = (s: { apps: Record<string, unknown> }): CalendarState => s.apps.calendar as unknown as CalendarState;

describe('routes with impossible days', () => {
  it('treats a path naming 30 February as not found', () => {
    expect(parseCalendarPath('/month/2026-02-30').screen).toBe('notFound');
    expect(parseCalendarPath('/new/2027-02-30').screen).toBe('notFound');
  });
});
