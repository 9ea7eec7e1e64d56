/**
 * Calendar days as `YYYY-MM-DD` keys, for every app that keeps dates (日历, 铁路出行, 电话's
 * birthdays): parsing, day arithmetic, weekdays and labels. Pure and timezone-free: a key names
 * a day, not an instant (./time.ts turns the virtual clock's timestamps into days).
 */

export const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function makeDateKey(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar date (`2026-02-30` is not one). */
export function isDateKey(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = v.match(DATE_RE);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function parseDateKey(key: string): { year: number; month: number; day: number } {
  const [y, m, d] = key.split('-').map(Number);
  return { year: y, month: m, day: d };
}

/** Days since 1970-01-01. */
export function dayNumber(key: string): number {
  const { year, month, day } = parseDateKey(key);
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

export function fromDayNumber(n: number): string {
  const d = new Date(n * 86_400_000);
  return makeDateKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(key: string, days: number): string {
  return fromDayNumber(dayNumber(key) + days);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** 0 = Sunday … 6 = Saturday, for a day number (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayIndex(key: string): number {
  return weekdayOfDayNumber(dayNumber(key));
}

export const WEEKDAY_LONG = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;
const WEEKDAY_NAME = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** `周六`, as tickets and order lists name a day. */
export function weekdayName(key: string): string {
  return WEEKDAY_NAME[weekdayIndex(key)];
}

/** `3月14日` */
export function dateLabel(key: string): string {
  const { month, day } = parseDateKey(key);
  return `${month}月${day}日`;
}

/** `09:30` → 570. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}
