/**
 * Seed data for the calendar: weekly and monthly series that started months ago, yearly
 * birthdays and anniversaries, and one-off events from the first day of the previous month to the
 * last day of the month after next (relative to the seed's `now`). Pure: importable from Node.
 * The seed changes dates, times, places and which optional series exist; never the structure.
 */
import type { Rng } from '../shared/rng.ts';
import { ONE_OFFS, SERIES, YEARLY } from './data.ts';
import { addDays, dayNumber, daysInMonth, fromDayNumber, makeDateKey, weekdayIndex } from '../shared/dates.ts';
import { addMonths, monthOf, timeFromMinutes, todayKey } from './logic.ts';
import type { CalendarEvent, CalendarState } from './types.ts';

export interface CalendarSeedContext {
  now: number;
  timezone: string;
}

type Draft = Omit<CalendarEvent, 'id'>;

/** The seeded window: `[first day of last month, last day of the month after next]`. */
export function seedWindow(now: number, timezone?: string): { from: string; to: string; today: string } {
  const today = todayKey(now, timezone);
  const month = monthOf(today);
  const from = `${addMonths(month, -1)}-01`;
  const last = addMonths(month, 2);
  const [y, m] = last.split('-').map(Number);
  return { from, to: makeDateKey(y, m, daysInMonth(y, m)), today };
}

export function createCalendarState(rng: Rng, ctx: CalendarSeedContext): CalendarState {
  const win = seedWindow(ctx.now, ctx.timezone);
  const drafts: Draft[] = [...createSeries(rng.fork('series'), win), ...createYearly(rng.fork('yearly'), win), ...createOneOffs(rng.fork('oneoffs'), win)];
  drafts.sort((a, b) => (a.startDate !== b.startDate ? (a.startDate < b.startDate ? -1 : 1) : a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.title < b.title ? -1 : 1));
  return { events: drafts.map((d, i) => ({ id: `e_${String(i + 1).padStart(3, '0')}`, ...d })) };
}

const base = (d: Partial<Draft> & Pick<Draft, 'title' | 'calendar' | 'startDate'>): Draft => ({
  allDay: false,
  startTime: '',
  endDate: d.startDate,
  endTime: '',
  repeat: 'none',
  exceptions: [],
  reminder: 15,
  place: '',
  notes: '',
  origin: '',
  ...d,
});

function createSeries(rng: Rng, win: { from: string; to: string }): Draft[] {
  const out: Draft[] = [];
  for (const t of SERIES) {
    if (t.optional && rng.chance(0.35)) continue;
    const startBefore = dayNumber(win.from) - rng.int(20, 160);
    let startDate: string;
    if (t.repeat === 'weekly') {
      let n = startBefore;
      while (((weekdayIndex(fromDayNumber(n)) + 6) % 7) + 1 !== t.weekday) n++;
      startDate = fromDayNumber(n);
    } else {
      const first = fromDayNumber(startBefore);
      const [y, m] = first.split('-').map(Number);
      startDate = makeDateKey(y, m, rng.int(t.day![0], t.day![1]));
    }
    out.push(
      base({
        title: t.title,
        calendar: t.calendar,
        startDate,
        allDay: t.time === null,
        startTime: t.time?.[0] ?? '',
        endTime: t.time?.[1] ?? '',
        repeat: t.repeat,
        reminder: t.reminder,
        place: t.place,
        notes: t.notes,
      }),
    );
  }
  return out;
}

function createYearly(rng: Rng, win: { from: string; to: string }): Draft[] {
  const picks = rng.sample(YEARLY, rng.int(5, 6));
  const span = dayNumber(win.to) - dayNumber(win.from);
  return picks.map((t, i) => {
    let month: number;
    let day: number;
    if (i < 3) {
      // The first few fall inside the window, so they show in the months a user looks at.
      const key = fromDayNumber(dayNumber(win.from) + rng.int(0, span));
      [month, day] = [Number(key.slice(5, 7)), Number(key.slice(8, 10))];
    } else {
      month = rng.int(1, 12);
      day = rng.int(1, 28);
    }
    if (month === 2 && day === 29) day = 28;
    const startDate = makeDateKey(rng.int(2017, 2023), month, day);
    return base({ title: t.title, calendar: t.calendar, startDate, allDay: true, repeat: 'yearly', reminder: 1440, notes: t.notes });
  });
}

function createOneOffs(rng: Rng, win: { from: string; to: string }): Draft[] {
  const out: Draft[] = [];
  const first = dayNumber(win.from);
  const last = dayNumber(win.to);
  for (const t of ONE_OFFS) {
    const count = rng.int(t.count[0], t.count[1]);
    const used = new Set<string>();
    for (let k = 0; k < count; k++) {
      let date = '';
      for (let tries = 0; tries < 40; tries++) {
        const key = fromDayNumber(rng.int(first, last));
        const wd = weekdayIndex(key);
        const weekend = wd === 0 || wd === 6;
        if ((t.weekend ?? false) !== weekend || used.has(key)) continue;
        date = key;
        break;
      }
      if (date === '') continue;
      used.add(date);
      const place = rng.pick(t.places);
      const notes = rng.pick(t.notes);
      const reminder = rng.pick([15, 15, 30, 60, 5, null] as const);
      if (t.hours === null) {
        const days = t.days ? rng.int(t.days[0], t.days[1]) : 1;
        out.push(base({ title: t.title, calendar: t.calendar, startDate: date, endDate: addDays(date, days - 1), allDay: true, reminder: rng.pick([1440, null] as const), place, notes }));
        continue;
      }
      const start = rng.pick(t.hours) * 60 + rng.pick([0, 0, 0, 30, 30, 15]);
      const end = Math.min(start + rng.pick(t.len), 23 * 60 + 30);
      out.push(base({ title: t.title, calendar: t.calendar, startDate: date, startTime: timeFromMinutes(start), endTime: timeFromMinutes(end), reminder, place, notes }));
    }
  }
  return out;
}
