/**
 * Wall-clock helpers for the virtual clock. Pure and deterministic: a timestamp and a
 * timezone always give the same text (Intl is only used to find the wall-clock fields,
 * with a fixed locale; every label is built here).
 */
import { pad2, WEEKDAY_LONG, weekdayOfDayNumber } from './dates.ts';

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** Days since 1970-01-01 in this timezone: equal for two timestamps on the same calendar day. */
  dayNumber: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      f = formatter(DEFAULT_TIMEZONE);
    }
    formatters.set(timezone, f);
  }
  return f;
}

/** The wall-clock fields as Intl gives them: every other answer here must agree with this one. */
function intlFields(timestamp: number, timezone: string): [number, number, number, number, number] {
  const parts = formatter(timezone).formatToParts(new Date(timestamp));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour') % 24, get('minute')];
}

const DAY_MS = 86_400_000;
const exactFormatters = new Map<string, Intl.DateTimeFormat>();

/** The timezone's offset from UTC at `t` (a whole second), in ms, to the second. */
function offsetAt(t: number, timezone: string): number {
  let f = exactFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: formatter(timezone).resolvedOptions().timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short' });
    exactFormatters.set(timezone, f);
  }
  const parts = f.formatToParts(new Date(t));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const bc = parts.find((p) => p.type === 'era')?.value === 'BC';
  const local = new Date(0);
  local.setUTCFullYear(bc ? 1 - get('year') : get('year'), get('month') - 1, get('day'));
  local.setUTCHours(get('hour') % 24, get('minute'), get('second'), 0);
  return local.getTime() - t;
}

/**
 * Per timezone, per UTC day: the offset that holds all that day, or null on a day it changes (a
 * daylight-saving switch). Intl is slow (a judge reading a month of bills asks thousands of
 * times); a day's offset is asked of it three times, once.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAY_OFFSETS_KEPT = 50_000;

function dayOffset(timestamp: number, timezone: string): number | null {
  let days = dayOffsets.get(timezone);
  if (!days) dayOffsets.set(timezone, (days = new Map()));
  const day = Math.floor(timestamp / DAY_MS);
  let off = days.get(day);
  if (off === undefined) {
    const start = day * DAY_MS;
    const [a, b, c] = [offsetAt(start, timezone), offsetAt(start + DAY_MS / 2, timezone), offsetAt(start + DAY_MS - 1000, timezone)];
    off = a === b && b === c ? a : null;
    if (days.size >= DAY_OFFSETS_KEPT) days.clear();
    days.set(day, off);
  }
  return off;
}

export function wallClock(timestamp: number, timezone: string = DEFAULT_TIMEZONE): WallClock {
  let year: number, month: number, day: number, hour: number, minute: number;
  const off = Number.isFinite(timestamp) ? dayOffset(timestamp, timezone) : null;
  if (off === null) [year, month, day, hour, minute] = intlFields(timestamp, timezone);
  else {
    const d = new Date(timestamp + off);
    [year, month, day, hour, minute] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
  }
  const dayNumber = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  const weekday = weekdayOfDayNumber(dayNumber);
  return { year, month, day, hour, minute, weekday, dayNumber };
}

/** `09:05` */
export function formatClock(timestamp: number, timezone?: string): string {
  const w = wallClock(timestamp, timezone);
  return `${pad2(w.hour)}:${pad2(w.minute)}`;
}

/** `3月14日 星期六` */
export function formatDateZh(timestamp: number, timezone?: string): string {
  const w = wallClock(timestamp, timezone);
  return `${w.month}月${w.day}日 ${WEEKDAY_LONG[w.weekday]}`;
}

/**
 * The time column of a chat list: `09:30` today, `昨天` yesterday, the weekday within a
 * week, `3/2` earlier this year, `2025/12/28` before.
 */
export function formatListTime(timestamp: number, now: number, timezone?: string): string {
  const t = wallClock(timestamp, timezone);
  const n = wallClock(now, timezone);
  const days = n.dayNumber - t.dayNumber;
  if (days <= 0) return `${pad2(t.hour)}:${pad2(t.minute)}`;
  if (days === 1) return '昨天';
  if (days < 7) return WEEKDAY_LONG[t.weekday];
  if (t.year === n.year) return `${t.month}/${t.day}`;
  return `${t.year}/${t.month}/${t.day}`;
}

/** The separator above a group of messages: `09:30`, `昨天 18:20`, `星期二 14:03`, `3月5日 10:20`, `2025年12月28日 10:20`. */
export function formatMessageTime(timestamp: number, now: number, timezone?: string): string {
  const t = wallClock(timestamp, timezone);
  const n = wallClock(now, timezone);
  const days = n.dayNumber - t.dayNumber;
  const hm = `${pad2(t.hour)}:${pad2(t.minute)}`;
  if (days <= 0) return hm;
  if (days === 1) return `昨天 ${hm}`;
  if (days < 7) return `${WEEKDAY_LONG[t.weekday]} ${hm}`;
  if (t.year === n.year) return `${t.month}月${t.day}日 ${hm}`;
  return `${t.year}年${t.month}月${t.day}日 ${hm}`;
}
