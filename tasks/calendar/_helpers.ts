/**
 * Shared pieces of the calendar suite: typed access to the slice, samplers over occurrences, the
 * checks an edit makes, and oracle navigation (taps on `data-ui` keys only). Files starting with
 * `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { addDays, dateLabel, WEEKDAY_LONG, weekdayIndex as weekdayOf } from '../../simulator-apps/shared/dates.ts';
import {
  monthLabel,
  monthOf,
  nextEventId,
  occurrencesBetween,
  occurrencesOn,
  reminderLabel,
  todayKey,
  type Occurrence,
} from '../../simulator-apps/calendar/logic.ts';
import type { CalendarEvent, CalendarState, Reminder } from '../../simulator-apps/calendar/types.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { addDays, dateLabel, nextEventId, occurrencesBetween, occurrencesOn, reminderLabel, WEEKDAY_LONG, weekdayOf };

export function calOf(state: PhoneState): CalendarState {
  return state.apps.calendar as unknown as CalendarState;
}

export function eventById(state: PhoneState, id: string): CalendarEvent | undefined {
  return calOf(state).events.find((e) => e.id === id);
}

export function todayOf(state: PhoneState): string {
  return todayKey(state.os.time.timestamp, state.os.time.timezone);
}

/** Events in `final` that were not in `init`. */
export function addedEvents(input: JudgeInput): CalendarEvent[] {
  const before = new Set(calOf(input.init).events.map((e) => e.id));
  return calOf(input.final).events.filter((e) => !before.has(e.id));
}

/** The paths a task that creates events may change: the new events themselves. */
export function addedPaths(input: JudgeInput): string[] {
  return addedEvents(input).map((e) => `apps.calendar.events[${e.id}]`);
}

/** Occurrences from tomorrow to `days` ahead, timed and single, whose title no other event on that day shares. */
export function futureOccurrences(state: PhoneState, days: number, where: (o: Occurrence) => boolean = () => true): Occurrence[] {
  const today = todayOf(state);
  return occurrencesBetween(calOf(state), addDays(today, 1), addDays(today, days)).filter(where);
}

/** `3月16日（星期一）` */
export function dayText(date: string): string {
  return `${dateLabel(date)}（${WEEKDAY_LONG[weekdayOf(date)]}）`;
}

/**
 * The `key` parameter (`_event`): one occurrence from tomorrow to `days` ahead that satisfies
 * `where`, spread into eventId, title and date.
 */
export function occurrenceParam(days: number, where: (o: Occurrence, state: PhoneState) => boolean, key = '_event'): Record<string, ParamSpec> {
  return {
    [key]: {
      sampler: (state, rng) => {
        const occ = futureOccurrences(state, days, (o) => where(o, state));
        if (!occ.length) return null;
        const o = rng.pick(occ);
        return { eventId: o.eventId, title: o.event.title, date: o.date };
      },
      fields: { eventId: 'eventId', title: 'title', date: 'date' },
    },
  };
}

/** A day from `min` to `max` days after today. */
export function daysAheadParam(min: number, max: number): ParamSpec {
  return { sampler: (state, rng) => addDays(todayOf(state), rng.int(min, max)) };
}

const hhmm = (h: number, m: string): string => `${String(h).padStart(2, '0')}:${m}`;

/**
 * The `_time` parameter: a start hour from `fromHour` to `toHour` at one of `minutes`, and an end
 * one hour later, or (with `lengths`) one of those many hours later; spread into start and end.
 */
export function timeSlotParam(fromHour: number, toHour: number, minutes: readonly string[], lengths?: readonly number[]): Record<string, ParamSpec> {
  return spreadParam('_time', ['start', 'end'], (_state, rng) => {
    const h = rng.int(fromHour, toHour);
    const m = rng.pick(minutes);
    const len = lengths ? rng.pick(lengths) : 1;
    return { start: hhmm(h, m), end: hhmm(h + len, m) };
  });
}

/** A task that creates one event: exactly one new event, its title, then `more` about it (undefined when there is none). */
export function newEventCriteria(input: JudgeInput, title: string, more: (e: CalendarEvent | undefined) => Criterion[]): Criterion[] {
  return oneAdded('exactly one new event', addedEvents(input), (e) => [criteria.equals('its title', e?.title ?? null, title), ...more(e)]);
}

/** A new event tomorrow, as a meeting agreed in a chat: exactly one, its title, time and place. */
export function tomorrowsMeetingCriteria(input: JudgeInput, want: { title: string; start: string; end: string; place: string }, timeName = 'its time'): Criterion[] {
  const tomorrow = addDays(todayOf(input.init), 1);
  return newEventCriteria(input, want.title, (e) => [
    criteria.equals(timeName, e ? `${e.startDate} ${e.startTime}-${e.endTime} ${e.endDate}` : null, `${tomorrow} ${want.start}-${want.end} ${tomorrow}`),
    criteria.equals('its place', e?.place ?? null, want.place),
  ]);
}

export const REMINDER_CHOICES: readonly Exclude<Reminder, null>[] = [0, 5, 15, 30, 60, 1440];

export function pickFrom<T>(rng: Rng, items: readonly T[]): T | null {
  return items.length ? rng.pick(items) : null;
}

// --- oracle navigation ------------------------------------------------------------------------

const TOP_VIEWS = /^\/($|month|day|agenda)/;

/** From anywhere, to the calendar's month view. */
export async function openMonthView(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'calendar') {
    if (ui.find('app.calendar')) await ui.tap('app.calendar');
    else await ui.openApp('calendar');
  }
  for (let i = 0; i < 8 && !TOP_VIEWS.test(ui.route.path); i++) await ui.back();
  if (ui.route.app !== 'calendar') await ui.openApp('calendar');
  if (!ui.find({ key: 'calendar.view.month', role: 'tab' })?.selected) await ui.tap('calendar.view.month');
}

/** From anywhere, to the calendar's month view, then the day of `date`. */
export async function selectDay(ui: OracleUi, date: string): Promise<void> {
  await openMonthView(ui);
  await tapDayInMonth(ui, date);
}

/** On the month view: to the month of `date` with the arrows, then tap the day. */
export async function tapDayInMonth(ui: OracleUi, date: string): Promise<void> {
  const want = monthLabel(monthOf(date));
  for (let i = 0; i < 24; i++) {
    const title = ui.find('calendar.month.title')?.text ?? '';
    if (title === want) break;
    await ui.tap(compareMonths(title, want) < 0 ? 'calendar.month.next' : 'calendar.month.prev');
  }
  if (ui.find('calendar.month.title')?.text !== want) throw new Error(`could not reach ${want} on the month view`);
  await ui.tap(`calendar.day.${date}`);
}

function compareMonths(a: string, b: string): number {
  const num = (t: string): number => {
    const m = t.match(/(\d+)年(\d+)月/);
    return m ? Number(m[1]) * 12 + Number(m[2]) : 0;
  };
  return num(a) - num(b);
}

/** From anywhere, the detail page of the occurrence of `eventId` on `date`, through the month view. */
export async function openOccurrence(ui: OracleUi, eventId: string, date: string): Promise<void> {
  await openMonthView(ui);
  await openOccurrenceInMonth(ui, eventId, date);
}

/** On the month view: the day of `date`, then the occurrence of `eventId` in its list. */
export async function openOccurrenceInMonth(ui: OracleUi, eventId: string, date: string): Promise<void> {
  await tapDayInMonth(ui, date);
  await scrollAndTap(ui, `calendar.event.${eventId}`, 'calendar.day.list');
}

/** From anywhere, the edit form of the occurrence of `eventId` on `date` (详情 → 编辑). */
export async function editOccurrence(ui: OracleUi, eventId: string, date: string): Promise<void> {
  await openOccurrence(ui, eventId, date);
  await ui.tap('calendar.detail.edit');
}

/** The day's 新建日程 form with the title, then the place and the times when given; not saved yet. */
export async function startNewEvent(ui: OracleUi, date: string, e: { title: string; place?: string; start?: string; end?: string }): Promise<void> {
  await selectDay(ui, date);
  await ui.tap('calendar.add');
  await ui.type('calendar.edit.title', e.title);
  if (e.place !== undefined) await ui.type('calendar.edit.place', e.place);
  if (e.start !== undefined) await pickTime(ui, 'startTime', e.start);
  if (e.end !== undefined) await pickTime(ui, 'endTime', e.end);
}

/** On the edit form: a date field through its picker. */
export async function pickDate(ui: OracleUi, field: 'startDate' | 'endDate', date: string): Promise<void> {
  await ui.tap(`calendar.edit.${field}`);
  const want = monthLabel(monthOf(date));
  for (let i = 0; i < 24; i++) {
    const title = ui.find('calendar.picker.month')?.text ?? '';
    if (title === want) break;
    await ui.tap(compareMonths(title, want) < 0 ? 'calendar.picker.next' : 'calendar.picker.prev');
  }
  await ui.tap(`calendar.picker.day.${date}`);
}

/** On the edit form: a time field through its picker (five-minute steps). */
export async function pickTime(ui: OracleUi, field: 'startTime' | 'endTime', time: string): Promise<void> {
  await ui.tap(`calendar.edit.${field}`);
  await ui.tap(`calendar.picker.hour.${time.slice(0, 2)}`);
  await ui.tap(`calendar.picker.minute.${time.slice(3, 5)}`);
  await ui.tap('calendar.picker.ok');
}

export async function chooseReminder(ui: OracleUi, reminder: Reminder): Promise<void> {
  await ui.tap('calendar.edit.reminder');
  await ui.tap(`calendar.reminder.${reminder === null ? 'none' : reminder}`);
}

export async function chooseRepeat(ui: OracleUi, repeat: CalendarEvent['repeat']): Promise<void> {
  await ui.tap('calendar.edit.repeat');
  await ui.tap(`calendar.repeat.${repeat}`);
}

/** Search by text and open the result for `eventId`. */
export async function searchAndOpen(ui: OracleUi, text: string, eventId: string): Promise<void> {
  await openMonthView(ui);
  await ui.tap('calendar.search');
  await ui.type('calendar.search.input', text, { clear: true });
  await scrollAndTap(ui, `calendar.result.${eventId}`, 'calendar.search.results');
}
