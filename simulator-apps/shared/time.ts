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

export function wallClock(timestamp: number, timezone: string = DEFAULT_TIMEZONE): WallClock {
  const parts = formatter(timezone).formatToParts(new Date(timestamp));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = get('year');
  const month = get('month');
  const day = get('day');
  const hour = get('hour') % 24;
  const minute = get('minute');
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
