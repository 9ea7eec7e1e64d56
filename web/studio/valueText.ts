/**
 * How one state value reads in the diff: a timestamp as a date and time in the phone's time zone
 * (the raw number in the tooltip), a `YYYY-MM-DD` day with its weekday, a string cut with the whole
 * of it kept, a container summarised in a line. And an added or removed record as a small table of
 * its fields. Pure: the studio and the run viewer show the same words, tested without a browser.
 */
import type { JsonValue } from '../../bridge/protocol/state.ts';
import { childPath, parsePath, recordIds } from '../../bridge/judge/paths.ts';
import { DEFAULT_TIMEZONE, wallClock } from '../../simulator-apps/shared/time.ts';
import { isDateKey, pad2, weekdayIndex } from '../../simulator-apps/shared/dates.ts';
import { previewOf } from './jsonTree.ts';

export type ValueKind = 'time' | 'date' | 'string' | 'empty' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export interface ValueText {
  kind: ValueKind;
  /** What the diff shows. */
  text: string;
  /** A quiet addition after the text: the weekday of a date or a timestamp. */
  note?: string;
  /** The tooltip: the raw value behind a formatted one, and the zone a time is shown in. */
  title?: string;
  /** The whole text, when `text` was cut. */
  full?: string;
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Epoch milliseconds of 2000-01-01 and 2100-01-01 (UTC): a bare number in between reads as an instant. */
const YEAR_2000 = 946_684_800_000;
const YEAR_2100 = 4_102_444_800_000;

/** Keys that name an instant: `time`, `timestamp`, `at`, `createdAt`, `paidAt`, `seenAt`, `sent_at`… */
const isTimeKey = (key: string) => /^(time|timestamp|ts|at|when)$/i.test(key) || /[a-z](At|Time|Ts)$/.test(key) || /_(at|time|ts)$/i.test(key);

/** The phone's time zone, from its state's `os.time.timezone`; the simulator's default when the state says none. */
export function phoneZone(state: unknown): string {
  const tz = (state as { os?: { time?: { timezone?: unknown } } } | null)?.os?.time?.timezone;
  return typeof tz === 'string' && tz !== '' ? tz : DEFAULT_TIMEZONE;
}

/**
 * Whether a number is an instant on the clock (epoch milliseconds): a key that says so and a value of
 * the size of one (from 1973 on), or, whatever the key, a whole number between the years 2000 and 2100.
 */
export function isTimestamp(key: string | null, v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isInteger(v)) return false;
  if (key !== null && isTimeKey(key) && v >= 1e11 && v < YEAR_2100) return true;
  return v >= YEAR_2000 && v < YEAR_2100;
}

export interface Instant {
  /** `2026-03-14` */
  date: string;
  /** `09:31`, or `09:31:05` when the seconds are not zero. */
  time: string;
  /** `Sat` */
  weekday: string;
}

/** An instant as the phone's wall clock shows it in `zone`. */
export function instant(ms: number, zone: string): Instant {
  const w = wallClock(ms, zone);
  // Zones are whole minutes off UTC, so the seconds are the same everywhere.
  const seconds = Math.floor(ms / 1000) % 60;
  const time = `${pad2(w.hour)}:${pad2(w.minute)}${seconds !== 0 ? `:${pad2((seconds + 60) % 60)}` : ''}`;
  return { date: `${w.year}-${pad2(w.month)}-${pad2(w.day)}`, time, weekday: WEEKDAY[w.weekday]! };
}

export function timestampTitle(ms: number, zone: string): string {
  return `${ms} (epoch ms) · shown in the phone's time zone, ${zone}`;
}

function timeText(ms: number, zone: string): ValueText {
  const t = instant(ms, zone);
  return { kind: 'time', text: `${t.date} ${t.time}`, note: t.weekday, title: timestampTitle(ms, zone) };
}

function cut(kind: ValueKind, s: string, max: number): ValueText {
  return s.length > max ? { kind, text: s.slice(0, max - 1) + '…', full: s } : { kind, text: s };
}

export interface ValueOptions {
  /** The phone's time zone, for timestamps. */
  zone: string;
  /** Longest text before it is cut (the whole stays in `full`). */
  max?: number;
  /** Strings in JSON quotes (a changed leaf: `"a" → ""`) or bare (a field of a record's table). */
  quote?: boolean;
}

/** One value as the diff shows it; `key` is the name it has in its parent (it may say the value is a time). */
export function valueText(key: string | null, v: unknown, opts: ValueOptions): ValueText {
  const max = opts.max ?? 80;
  if (v === null) return { kind: 'null', text: 'null' };
  switch (typeof v) {
    case 'string': {
      if (v === '') return { kind: 'empty', text: '""', title: 'an empty string' };
      const shown = opts.quote ? JSON.stringify(v) : v;
      if (isDateKey(v)) return { kind: 'date', text: shown, note: WEEKDAY[weekdayIndex(v)] };
      return cut('string', shown, max);
    }
    case 'number':
      return isTimestamp(key, v) ? timeText(v, opts.zone) : { kind: 'number', text: String(v) };
    case 'boolean':
      return { kind: 'boolean', text: String(v) };
    case 'object':
      return Array.isArray(v) ? cut('array', arraySummary(v, max), max) : cut('object', previewOf(v as JsonValue, max), max);
    default:
      return { kind: 'null', text: v === undefined ? '—' : String(v) };
  }
}

/** `[]`, `["a", "b"]` when short and flat, else `[3 items]` (`[3 records]` when they carry ids). */
function arraySummary(v: unknown[], max: number): string {
  if (v.length === 0) return '[]';
  if (v.every((x) => x === null || typeof x !== 'object')) {
    const s = JSON.stringify(v);
    if (s.length <= max) return s.replace(/,/g, ', ');
  }
  const what = recordIds(v) !== null ? 'record' : 'item';
  return `[${v.length} ${what}${v.length === 1 ? '' : 's'}]`;
}

export interface FieldRow {
  key: string;
  /** The field's path in the judge's grammar, to reveal it in the state tree. */
  path: string;
  value: ValueText;
}

export interface RecordTable {
  fields: FieldRow[];
  /** Fields holding `""`, `[]` or `{}`, named in one quiet line rather than a row each. */
  empty: string[];
}

const isEmpty = (v: unknown) => v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/**
 * A record's fields, in its own order: each a row (nested values summarised, long ones cut), the
 * empty ones named together. The `id` is left out when the path already names the record by it.
 */
export function recordTable(path: string, record: Record<string, unknown>, opts: ValueOptions): RecordTable {
  const fields: FieldRow[] = [];
  const empty: string[] = [];
  const last = parsePath(path).at(-1);
  const idInPath = last?.kind === 'id' && (typeof record.id === 'string' || typeof record.id === 'number') && last.value === String(record.id);
  for (const [key, v] of Object.entries(record)) {
    if (v === undefined || (key === 'id' && idInPath)) continue;
    if (isEmpty(v)) {
      empty.push(key);
      continue;
    }
    fields.push({ key, path: childPath(path, { kind: 'key', value: key }), value: valueText(key, v, { ...opts, quote: false, max: opts.max ?? 140 }) });
  }
  return { fields, empty };
}
