/**
 * The calendar's screens and their paths. Pure. The selected day lives in the path
 * (`/month/2026-03-20`, `/day/2026-03-20`) so back returns to the same day; an open picker of
 * the edit form is a query (`?pick=startDate`) so the system back closes it first.
 */
import { isDateKey } from '../shared/dates.ts';

export type PickerKind = 'startDate' | 'startTime' | 'endDate' | 'endTime';

export type CalendarScreen =
  | { screen: 'month'; date: string | null }
  | { screen: 'day'; date: string | null }
  | { screen: 'agenda' }
  | { screen: 'search' }
  | { screen: 'event'; eventId: string; date: string }
  | { screen: 'edit'; eventId: string; date: string; pick: PickerKind | null }
  | { screen: 'new'; date: string; pick: PickerKind | null }
  | { screen: 'notFound'; path: string };

export const CALENDAR_ROOT = '/';
export const PICKERS: readonly PickerKind[] = ['startDate', 'startTime', 'endDate', 'endTime'];

const ID = '(e_\\d+)';
const DATE = '(\\d{4}-\\d{2}-\\d{2})';

function pickOf(query: string): PickerKind | null {
  const p = new URLSearchParams(query).get('pick');
  return (PICKERS as readonly (string | null)[]).includes(p) ? (p as PickerKind) : null;
}

export function parseCalendarPath(path: string): CalendarScreen {
  const s = parsePath(path);
  // A path naming a day that does not exist (2026-02-30) is a stale or mistyped link.
  if ('date' in s && s.date !== null && !isDateKey(s.date)) return { screen: 'notFound', path };
  return s;
}

function parsePath(path: string): CalendarScreen {
  const [base, query = ''] = path.split('?');
  let m: RegExpMatchArray | null;
  if (base === '/' || base === '/month') return { screen: 'month', date: null };
  if ((m = base.match(new RegExp(`^/month/${DATE}$`)))) return { screen: 'month', date: m[1] };
  if (base === '/day') return { screen: 'day', date: null };
  if ((m = base.match(new RegExp(`^/day/${DATE}$`)))) return { screen: 'day', date: m[1] };
  if (base === '/agenda') return { screen: 'agenda' };
  if (base === '/search') return { screen: 'search' };
  if ((m = base.match(new RegExp(`^/event/${ID}/${DATE}$`)))) return { screen: 'event', eventId: m[1], date: m[2] };
  if ((m = base.match(new RegExp(`^/event/${ID}/${DATE}/edit$`)))) return { screen: 'edit', eventId: m[1], date: m[2], pick: pickOf(query) };
  if ((m = base.match(new RegExp(`^/new/${DATE}$`)))) return { screen: 'new', date: m[1], pick: pickOf(query) };
  return { screen: 'notFound', path };
}

export const eventPath = (eventId: string, date: string): string => `/event/${eventId}/${date}`;
export const editPath = (eventId: string, date: string): string => `/event/${eventId}/${date}/edit`;
export const newPath = (date: string): string => `/new/${date}`;

/** Which top view a screen belongs to (the segmented 月 / 日 / 日程 control). */
export function viewOf(path: string): 'month' | 'day' | 'agenda' {
  const s = parseCalendarPath(path);
  return s.screen === 'day' ? 'day' : s.screen === 'agenda' ? 'agenda' : 'month';
}

/** The back stack a deep link implies. */
export function calendarRouteStack(path: string): string[] {
  const s = parseCalendarPath(path);
  switch (s.screen) {
    case 'month':
    case 'day':
    case 'agenda':
      return [path];
    case 'search':
    case 'notFound':
      return [CALENDAR_ROOT, path];
    case 'event':
      return [`/month/${s.date}`, path];
    case 'edit': {
      const base = editPath(s.eventId, s.date);
      return [`/month/${s.date}`, eventPath(s.eventId, s.date), base, ...(s.pick ? [path] : [])];
    }
    case 'new': {
      const base = newPath(s.date);
      return [`/month/${s.date}`, base, ...(s.pick ? [path] : [])];
    }
  }
}
