/**
 * The calendar app's slice of the phone state: `state.apps.calendar`. Plain JSON only. Dates and
 * times are wall-clock strings in the phone's timezone (`YYYY-MM-DD`, `HH:mm`), so a rule never
 * depends on where the judge runs. Documented field by field in ./README.md.
 */
export const REPEATS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type Repeat = (typeof REPEATS)[number];

/** Minutes before the start; null is 无 (no reminder). For an all-day event `1440` is the day before. */
export const REMINDERS = [null, 0, 5, 15, 30, 60, 1440] as const;
export type Reminder = (typeof REMINDERS)[number];

export const CALENDAR_IDS = ['work', 'personal', 'family'] as const;
export type CalendarId = (typeof CALENDAR_IDS)[number];

export interface CalendarEvent {
  /** `e_001` …; a new event takes max+1. */
  id: string;
  title: string;
  allDay: boolean;
  /** `YYYY-MM-DD`: the first day (of the first occurrence, for a repeating event). */
  startDate: string;
  /** `HH:mm`; '' for an all-day event. */
  startTime: string;
  /** `YYYY-MM-DD`: the last day (inclusive), never before `startDate`. */
  endDate: string;
  /** `HH:mm`; '' for an all-day event. */
  endTime: string;
  repeat: Repeat;
  /** Occurrence start dates (`YYYY-MM-DD`) removed from a repeating series, sorted. */
  exceptions: string[];
  reminder: Reminder;
  calendar: CalendarId;
  /** '' when unset. */
  place: string;
  /** '' when unset. */
  notes: string;
  /** For one occurrence changed on its own: the id of the series it came from; '' otherwise. */
  origin: string;
}

export interface CalendarState {
  /** Ordered by id. */
  events: CalendarEvent[];
}
