/**
 * Long file: every calendar rule the model, the seed, tasks and the judge share, in one module
 * of pure functions (date keys, repeats, drafts); each part is small and they call each other.
 * The calendar's rules as pure functions over plain `CalendarState` (no Svelte, no DOM): date
 * keys, repeat expansion (`occurrencesOn`), labels, the edit form's draft and its checks, and
 * the mutators `CalendarModel` calls inside `phone.update`. A refused draft changes nothing.
 */
import { addDays, dateLabel, dayNumber, fromDayNumber, isDateKey, makeDateKey, minutesOf, pad2, parseDateKey, WEEKDAY_LONG, weekdayIndex } from '../shared/dates.ts';
import { wallClock } from '../shared/time.ts';
import { CALENDARS } from './data.ts';
import { CALENDAR_IDS, REMINDERS, REPEATS, type CalendarEvent, type CalendarId, type CalendarState, type Reminder, type Repeat } from './types.ts';
import { nextId } from '../shared/ids.ts';

// ---------------------------------------------------------------------------------------------
// Dates (`YYYY-MM-DD` keys: ../shared/dates.ts) and times of day

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeKey(v: unknown): v is string {
  return typeof v === 'string' && TIME_RE.test(v);
}

/** Today's key on the virtual clock. */
export function todayKey(now: number, timezone?: string): string {
  const w = wallClock(now, timezone);
  return makeDateKey(w.year, w.month, w.day);
}

/** `HH:mm` on the virtual clock. */
export function clockKey(now: number, timezone?: string): string {
  const w = wallClock(now, timezone);
  return `${pad2(w.hour)}:${pad2(w.minute)}`;
}

export function timeFromMinutes(min: number): string {
  return `${pad2(Math.floor(min / 60))}:${pad2(min % 60)}`;
}

/** `2026-03` */
export function monthOf(key: string): string {
  return key.slice(0, 7);
}

/** `2026-03` + n months → `2026-05`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${pad2((total % 12) + 1)}`;
}

/**
 * The 6×7 grid of a month view, Monday first: 42 date keys starting on the Monday on or before
 * the 1st.
 */
export function monthGrid(month: string): string[] {
  const first = `${month}-01`;
  const offset = (weekdayIndex(first) + 6) % 7;
  const start = dayNumber(first) - offset;
  return Array.from({ length: 42 }, (_, i) => fromDayNumber(start + i));
}

// ---------------------------------------------------------------------------------------------
// Labels

export const WEEKDAY_SHORT = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** `3月14日 星期六` */
export function dateWeekdayLabel(key: string): string {
  return `${dateLabel(key)} ${WEEKDAY_LONG[weekdayIndex(key)]}`;
}

/** `2026年3月14日` */
export function fullDateLabel(key: string): string {
  const { year } = parseDateKey(key);
  return `${year}年${dateLabel(key)}`;
}

/** `2026年3月` */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${y}年${m}月`;
}

export const REPEAT_LABELS: Record<Repeat, string> = { none: '不重复', daily: '每天', weekly: '每周', monthly: '每月', yearly: '每年' };

/** `每周（星期一）`, `每月（15日）`, `每年（3月14日）` for a series starting on `startDate`. */
export function repeatDescription(repeat: Repeat, startDate: string): string {
  const { month, day } = parseDateKey(startDate);
  switch (repeat) {
    case 'none':
    case 'daily':
      return REPEAT_LABELS[repeat];
    case 'weekly':
      return `每周（${WEEKDAY_LONG[weekdayIndex(startDate)]}）`;
    case 'monthly':
      return `每月（${day}日）`;
    case 'yearly':
      return `每年（${month}月${day}日）`;
  }
}

export function reminderLabel(r: Reminder, allDay = false): string {
  if (r === null) return '无';
  if (r === 0) return allDay ? '当天' : '准时';
  if (r === 1440) return '1天前';
  if (r === 60) return '1小时前';
  return `${r}分钟前`;
}

export function calendarInfo(id: CalendarId): { id: CalendarId; name: string; color: string } {
  return CALENDARS.find((c) => c.id === id) ?? CALENDARS[0];
}

// ---------------------------------------------------------------------------------------------
// Repeat expansion

/** One day's showing of an event (a repeating event has one per repeat). */
export interface Occurrence {
  eventId: string;
  event: CalendarEvent;
  /** The occurrence's first day: what the detail page and `exceptions` name it by. */
  date: string;
  /** Its last day (multi-day events). */
  endDate: string;
  allDay: boolean;
  startTime: string;
  endTime: string;
}

/** Whether a repeating (or single) event has an occurrence starting on `key` (exceptions aside). */
export function startsOn(e: Pick<CalendarEvent, 'repeat' | 'startDate'>, key: string): boolean {
  if (key < e.startDate) return false;
  if (key === e.startDate) return true;
  // Keys are parsed only where the rule needs them: a month view asks this for every event on every day.
  switch (e.repeat) {
    case 'none':
      return false;
    case 'daily':
      return true;
    case 'weekly':
      return (dayNumber(key) - dayNumber(e.startDate)) % 7 === 0;
    case 'monthly':
      return parseDateKey(e.startDate).day === parseDateKey(key).day;
    case 'yearly': {
      const a = parseDateKey(e.startDate);
      const b = parseDateKey(key);
      return a.day === b.day && a.month === b.month;
    }
  }
}

export function hasOccurrence(e: CalendarEvent, date: string): boolean {
  return startsOn(e, date) && !e.exceptions.includes(date);
}

function occurrenceAt(e: CalendarEvent, date: string): Occurrence {
  const span = dayNumber(e.endDate) - dayNumber(e.startDate);
  return { eventId: e.id, event: e, date, endDate: addDays(date, span), allDay: e.allDay, startTime: e.startTime, endTime: e.endTime };
}

export function compareOccurrences(a: Occurrence, b: Occurrence): number {
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.startTime !== b.startTime) return a.startTime < b.startTime ? -1 : 1;
  if (a.endTime !== b.endTime) return a.endTime < b.endTime ? -1 : 1;
  return a.eventId < b.eventId ? -1 : 1;
}

/**
 * Every occurrence that shows on the day `dateKey` (repeating events expanded, exceptions left
 * out, multi-day events on each of their days): all-day first, then by start time.
 */
export function occurrencesOn(state: Pick<CalendarState, 'events'>, dateKey: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const e of state.events) {
    const occurrence = occurrenceShowingOn(e, eventSpan(e), dateKey);
    if (occurrence) out.push(occurrence);
  }
  return out.sort(compareOccurrences);
}

/**
 * `occurrencesOn` for each of `days` (a month grid), in one pass over the events. Each event is
 * read once into a plain copy (what the occurrences carry): a grid asks every event about 42
 * days, and reading the state's fields for each of those is most of a month view's first render.
 */
export function occurrencesOnDays(state: Pick<CalendarState, 'events'>, days: readonly string[]): Map<string, Occurrence[]> {
  const out = new Map<string, Occurrence[]>(days.map((d) => [d, []]));
  for (const e of state.events) {
    const event: CalendarEvent = { ...e, exceptions: [...e.exceptions] };
    const span = eventSpan(event);
    for (const [day, list] of out) {
      const occurrence = occurrenceShowingOn(event, span, day);
      if (occurrence) list.push(occurrence);
    }
  }
  for (const list of out.values()) list.sort(compareOccurrences);
  return out;
}

/** Days from an event's first to its last (0 for a one-day event). */
function eventSpan(e: Pick<CalendarEvent, 'startDate' | 'endDate'>): number {
  return e.endDate === e.startDate ? 0 : dayNumber(e.endDate) - dayNumber(e.startDate);
}

/** The occurrence of `e` that shows on `dateKey` (starting then or up to `span` days before). */
function occurrenceShowingOn(e: CalendarEvent, span: number, dateKey: string): Occurrence | undefined {
  for (let k = 0; k <= span; k++) {
    const start = k === 0 ? dateKey : addDays(dateKey, -k);
    if (hasOccurrence(e, start)) return occurrenceAt(e, start);
  }
  return undefined;
}

/** The occurrence of `eventId` that starts on `date`, if there is one. */
export function occurrenceOf(state: Pick<CalendarState, 'events'>, eventId: string, date: string): Occurrence | undefined {
  const e = state.events.find((x) => x.id === eventId);
  return e && hasOccurrence(e, date) ? occurrenceAt(e, date) : undefined;
}

/** Occurrences starting in `[from, to]` (inclusive), in time order. */
export function occurrencesBetween(state: Pick<CalendarState, 'events'>, from: string, to: string): Occurrence[] {
  const out: Occurrence[] = [];
  const last = dayNumber(to);
  for (const e of state.events) {
    if (e.repeat === 'none') {
      if (e.startDate >= from && e.startDate <= to && !e.exceptions.includes(e.startDate)) out.push(occurrenceAt(e, e.startDate));
      continue;
    }
    for (let n = Math.max(dayNumber(from), dayNumber(e.startDate)); n <= last; n++) {
      const key = fromDayNumber(n);
      if (hasOccurrence(e, key)) out.push(occurrenceAt(e, key));
    }
  }
  return out.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : compareOccurrences(a, b)));
}

/** The first occurrence of an event on or after `from` (within ~2 years), or undefined. */
export function nextOccurrence(state: Pick<CalendarState, 'events'>, eventId: string, from: string): Occurrence | undefined {
  const e = state.events.find((x) => x.id === eventId);
  if (!e) return undefined;
  if (e.repeat === 'none') return e.startDate >= from ? occurrenceAt(e, e.startDate) : undefined;
  const start = Math.max(dayNumber(from), dayNumber(e.startDate));
  for (let n = start; n < start + 800; n++) {
    const key = fromDayNumber(n);
    if (hasOccurrence(e, key)) return occurrenceAt(e, key);
  }
  return undefined;
}

/** The date the detail page of an event opens on from a list: the next occurrence, else its first day. */
export function defaultOccurrenceDate(state: Pick<CalendarState, 'events'>, eventId: string, today: string): string {
  const next = nextOccurrence(state, eventId, today);
  if (next) return next.date;
  const e = state.events.find((x) => x.id === eventId);
  return e?.startDate ?? today;
}

/** `10:00 - 11:00`, `全天`, or for a multi-day occurrence `3月14日 10:00 - 3月15日 12:00`. */
export function occurrenceTimeLabel(o: Pick<Occurrence, 'allDay' | 'date' | 'endDate' | 'startTime' | 'endTime'>): string {
  if (o.allDay) return o.date === o.endDate ? '全天' : `${dateLabel(o.date)} - ${dateLabel(o.endDate)} 全天`;
  if (o.date === o.endDate) return `${o.startTime} - ${o.endTime}`;
  return `${dateLabel(o.date)} ${o.startTime} - ${dateLabel(o.endDate)} ${o.endTime}`;
}

// ---------------------------------------------------------------------------------------------
// Search

/** Events whose title or place contains the text (case-insensitive), ordered by id. */
export function searchEvents(state: Pick<CalendarState, 'events'>, text: string): CalendarEvent[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  return state.events.filter((e) => e.title.toLowerCase().includes(q) || e.place.toLowerCase().includes(q));
}

// ---------------------------------------------------------------------------------------------
// Drafts (the edit form)

/** What the form edits: an event's fields without its id, its series' exceptions and origin. */
export type EventDraft = Omit<CalendarEvent, 'id' | 'exceptions' | 'origin'>;

/** A new event's form on `date`: the next full hour when it is today, else 09:00; one hour long. */
export function newDraft(date: string, now: number, timezone?: string): EventDraft {
  let start = 9 * 60;
  if (date === todayKey(now, timezone)) start = Math.min(23 * 60, (Math.floor(minutesOf(clockKey(now, timezone)) / 60) + 1) * 60);
  const end = Math.min(start + 60, 23 * 60 + 59);
  return { title: '', allDay: false, startDate: date, startTime: timeFromMinutes(start), endDate: date, endTime: timeFromMinutes(end), repeat: 'none', reminder: 15, calendar: 'personal', place: '', notes: '' };
}

/** The form for one occurrence of an event (its dates are the occurrence's). */
export function draftOf(e: CalendarEvent, date: string): EventDraft {
  const span = dayNumber(e.endDate) - dayNumber(e.startDate);
  return {
    title: e.title,
    allDay: e.allDay,
    startDate: date,
    startTime: e.allDay ? '09:00' : e.startTime,
    endDate: addDays(date, span),
    endTime: e.allDay ? '10:00' : e.endTime,
    repeat: e.repeat,
    reminder: e.reminder,
    calendar: e.calendar,
    place: e.place,
    notes: e.notes,
  };
}

export const DRAFT_ERRORS = {
  title: '请输入日程标题',
  date: '日期无效',
  order: '结束时间必须晚于开始时间',
} as const;

/** Why a draft cannot be saved, or null. */
export function draftError(d: EventDraft): string | null {
  if (d.title.trim() === '') return DRAFT_ERRORS.title;
  if (!isDateKey(d.startDate) || !isDateKey(d.endDate)) return DRAFT_ERRORS.date;
  if (!d.allDay && (!isTimeKey(d.startTime) || !isTimeKey(d.endTime))) return DRAFT_ERRORS.date;
  if (d.endDate < d.startDate) return DRAFT_ERRORS.order;
  if (!d.allDay && d.endDate === d.startDate && d.endTime <= d.startTime) return DRAFT_ERRORS.order;
  return null;
}

/** Moves the start and keeps the event's length (what pickers do when the start changes). */
export function moveStart(d: EventDraft, startDate: string, startTime: string): EventDraft {
  const oldStart = dayNumber(d.startDate) * 1440 + (d.allDay ? 0 : minutesOf(d.startTime));
  const oldEnd = dayNumber(d.endDate) * 1440 + (d.allDay ? 0 : minutesOf(d.endTime));
  const length = Math.max(0, oldEnd - oldStart);
  const newStart = dayNumber(startDate) * 1440 + (d.allDay ? 0 : minutesOf(startTime));
  const newEnd = newStart + length;
  const endDate = fromDayNumber(Math.floor(newEnd / 1440));
  return { ...d, startDate, startTime, endDate, endTime: d.allDay ? d.endTime : timeFromMinutes(newEnd % 1440) };
}

function fieldsOf(d: EventDraft): Omit<CalendarEvent, 'id' | 'exceptions' | 'origin'> {
  return {
    title: d.title.trim(),
    allDay: d.allDay,
    startDate: d.startDate,
    startTime: d.allDay ? '' : d.startTime,
    endDate: d.endDate,
    endTime: d.allDay ? '' : d.endTime,
    repeat: d.repeat,
    reminder: d.reminder,
    calendar: d.calendar,
    place: d.place.trim(),
    notes: d.notes.trim(),
  };
}

// ---------------------------------------------------------------------------------------------
// Mutators (in place; called inside phone.update)

export function nextEventId(s: Pick<CalendarState, 'events'>): string {
  return nextId(s.events.map((e) => e.id), 'e_', 3);
}

export function addEvent(s: CalendarState, d: EventDraft, origin = ''): CalendarEvent {
  const e: CalendarEvent = { id: nextEventId(s), ...fieldsOf(d), exceptions: [], origin };
  s.events.push(e);
  return e;
}

function setIfChanged<K extends keyof CalendarEvent>(e: CalendarEvent, key: K, value: CalendarEvent[K]): void {
  if (JSON.stringify(e[key]) !== JSON.stringify(value)) e[key] = value;
}

/**
 * Saves a form over the whole event (every occurrence). The form shows the occurrence on `date`;
 * moving that occurrence moves the whole series (and its exceptions) by the same number of days.
 */
export function updateEvent(s: CalendarState, id: string, date: string, d: EventDraft): boolean {
  const e = s.events.find((x) => x.id === id);
  if (!e) return false;
  const shift = dayNumber(d.startDate) - dayNumber(date);
  const f = fieldsOf(d);
  for (const key of ['title', 'allDay', 'startTime', 'endTime', 'repeat', 'reminder', 'calendar', 'place', 'notes'] as const) setIfChanged(e, key, f[key]);
  const span = dayNumber(d.endDate) - dayNumber(d.startDate);
  const startDate = addDays(e.startDate, shift);
  setIfChanged(e, 'startDate', startDate);
  setIfChanged(e, 'endDate', addDays(startDate, span));
  const exceptions = f.repeat === 'none' ? [] : e.exceptions.map((x) => addDays(x, shift)).sort();
  setIfChanged(e, 'exceptions', exceptions);
  return true;
}

/**
 * Saves a form over one occurrence of a repeating event: the series skips `date` (an exception)
 * and a single event with the form's fields takes its place (`origin` = the series id).
 */
export function updateOccurrence(s: CalendarState, id: string, date: string, d: EventDraft): CalendarEvent | null {
  const e = s.events.find((x) => x.id === id);
  if (!e || !hasOccurrence(e, date)) return null;
  e.exceptions = [...e.exceptions, date].sort();
  return addEvent(s, { ...d, repeat: 'none' }, id);
}

export function deleteEvent(s: CalendarState, id: string): boolean {
  const i = s.events.findIndex((x) => x.id === id);
  if (i < 0) return false;
  s.events.splice(i, 1);
  return true;
}

/** Deletes one occurrence: a repeating event skips `date`; a single event is removed. */
export function deleteOccurrence(s: CalendarState, id: string, date: string): boolean {
  const e = s.events.find((x) => x.id === id);
  if (!e || !hasOccurrence(e, date)) return false;
  if (e.repeat === 'none') return deleteEvent(s, id);
  e.exceptions = [...e.exceptions, date].sort();
  return true;
}

// ---------------------------------------------------------------------------------------------
// Validation

export function isRepeat(v: unknown): v is Repeat {
  return (REPEATS as readonly unknown[]).includes(v);
}

export function isReminder(v: unknown): v is Reminder {
  return (REMINDERS as readonly unknown[]).includes(v);
}

export function isCalendarId(v: unknown): v is CalendarId {
  return (CALENDAR_IDS as readonly unknown[]).includes(v);
}

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateCalendarState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'apps.calendar must be an object';
  const s = v as Partial<CalendarState>;
  if (!Array.isArray(s.events)) return 'apps.calendar.events must be an array';
  const ids = new Set<string>();
  for (const [i, e] of s.events.entries()) {
    const at = `apps.calendar.events[${i}]`;
    if (typeof e !== 'object' || e === null) return `${at} must be an object`;
    if (typeof e.id !== 'string' || !/^e_\d+$/.test(e.id)) return `${at}.id must look like e_001`;
    if (ids.has(e.id)) return `${at}.id ${e.id} is used twice`;
    ids.add(e.id);
    if (typeof e.title !== 'string') return `${at}.title must be a string`;
    if (typeof e.allDay !== 'boolean') return `${at}.allDay must be a boolean`;
    if (!isDateKey(e.startDate)) return `${at}.startDate must be a real date YYYY-MM-DD`;
    if (!isDateKey(e.endDate)) return `${at}.endDate must be a real date YYYY-MM-DD`;
    if (e.endDate < e.startDate) return `${at}.endDate must not be before startDate`;
    if (e.allDay ? e.startTime !== '' || e.endTime !== '' : !isTimeKey(e.startTime) || !isTimeKey(e.endTime)) return `${at}.startTime/endTime must be HH:mm (or '' for an all-day event)`;
    if (!e.allDay && e.startDate === e.endDate && e.endTime <= e.startTime) return `${at}.endTime must be after startTime`;
    if (!isRepeat(e.repeat)) return `${at}.repeat must be one of ${REPEATS.join(', ')}`;
    if (!Array.isArray(e.exceptions) || !e.exceptions.every(isDateKey)) return `${at}.exceptions must be an array of YYYY-MM-DD dates`;
    if (!isReminder(e.reminder)) return `${at}.reminder must be null or one of 0, 5, 15, 30, 60, 1440 (minutes)`;
    if (!isCalendarId(e.calendar)) return `${at}.calendar must be one of ${CALENDAR_IDS.join(', ')}`;
    if (typeof e.place !== 'string' || typeof e.notes !== 'string' || typeof e.origin !== 'string') return `${at}.place, notes and origin must be strings`;
  }
  return null;
}
