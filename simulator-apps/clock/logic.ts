/**
 * Long file: every pure rule of the clock, the one module of it Node (tasks, the judge) imports
 * besides types, seed, data and routes (simulator-apps/ISOMORPHIC.list).
 * The clock's rules, pure: alarm times and repeats, when an alarm rings next, what the virtual
 * clock passing does (alarms and timers ring, snoozes come back, an unanswered ring rings out),
 * answering a ring, timers, the stopwatch and the world clock. The model (./model.ts) runs them
 * inside `phone.update`; the OS runs `clockTimePassed` whenever the virtual clock moves
 * (catalog.ts `timePassed`); tasks and tests call them on JSON drafts.
 */
import { pad2 } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import { RINGTONES, WORLD_CITIES, type WorldCity } from './data.ts';
import { SNOOZE_MINUTES, type Alarm, type ClockState, type Ring, type Stopwatch, type Timer, type Weekday } from './types.ts';

export const CLOCK_APP_ID = 'clock';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** An unanswered ring stops by itself after this long (recorded as `missed`). */
export const RING_OUT_MS = 10 * MINUTE;
/** The ring log keeps this many, newest last. */
export const RING_LOG_MAX = 40;
/** The longest timer: 99:59:59. */
export const TIMER_MAX_MS = (99 * 3600 + 59 * 60 + 59) * 1000;

export const WEEKDAY_SHORT = ['日', '一', '二', '三', '四', '五', '六'] as const;
/** The order the edit form lists the days in (周一 first). */
export const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
export const WORKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5];
export const WEEKEND: readonly Weekday[] = [0, 6];
export const EVERY_DAY: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

// ---------------------------------------------------------------------------------------------
// Times and repeats

/** `7`, `5` → `07:05`; null when out of range (24 时, 60 分, not whole numbers). */
export function makeTime(hour: number, minute: number): string | null {
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  return `${pad2(hour)}:${pad2(minute)}`;
}

export function isTime(v: unknown): v is string {
  return typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
}

/** `06:45` → 405. */
export function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Weekdays as a sorted set. */
export function normalizeRepeat(days: readonly number[]): Weekday[] {
  return [...new Set(days)].filter((d): d is Weekday => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
}

const sameDays = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/** `只响一次`, `每天`, `工作日`, `周末`, else `周一 周三 周五` (周一 first). */
export function repeatText(repeat: readonly Weekday[]): string {
  const days = normalizeRepeat(repeat);
  if (days.length === 0) return '只响一次';
  if (sameDays(days, EVERY_DAY)) return '每天';
  if (sameDays(days, WORKDAYS)) return '工作日';
  if (sameDays(days, WEEKEND)) return '周末';
  return WEEK_ORDER.filter((d) => days.includes(d)).map((d) => `周${WEEKDAY_SHORT[d]}`).join(' ');
}

export function alarmTitle(a: Pick<Alarm, 'label'>): string {
  return a.label || '闹钟';
}

export function timerTitle(t: Pick<Timer, 'label'>): string {
  return t.label || '计时器';
}

/** The zone's offset from UTC at `t`, in ms (whole minutes). */
export function zoneOffset(t: number, zone: string): number {
  const w = wallClock(t, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - (t - (((t % MINUTE) + MINUTE) % MINUTE));
}

/** 1970-01-01 was a Thursday. */
const weekdayOfLocalDay = (day: number): Weekday => ((((day + 4) % 7) + 7) % 7) as Weekday;

/**
 * When the alarm next rings after `after` (strictly), ignoring `enabled` and any snooze: the first
 * day from `after`'s on which its time comes and its repeat allows, in `zone`.
 */
export function nextOccurrence(a: Pick<Alarm, 'time' | 'repeat'>, after: number, zone: string): number {
  const off = zoneOffset(after, zone);
  const localAfter = after + off;
  const firstDay = Math.floor(localAfter / DAY);
  const minutes = minuteOfDay(a.time);
  for (let d = 0; d <= 8; d++) {
    const day = firstDay + d;
    const local = day * DAY + minutes * MINUTE;
    if (local <= localAfter) continue;
    if (a.repeat.length > 0 && !a.repeat.includes(weekdayOfLocalDay(day))) continue;
    // Across a daylight-saving change the offset of that day is the one to use.
    return local - zoneOffset(local - off, zone);
  }
  throw new Error(`alarm ${a.time} with repeat [${a.repeat.join(',')}] never rings`);
}

/** When an enabled alarm rings next (its snooze first), or null when it is off. */
export function nextRingAt(a: Alarm, now: number, zone: string): number | null {
  if (!a.enabled) return null;
  const next = nextOccurrence(a, now, zone);
  return a.snoozedUntil !== null && a.snoozedUntil > now && a.snoozedUntil < next ? a.snoozedUntil : next;
}

/** `7小时25分钟后响铃`, as the list says after a change; `不到1分钟后响铃` within the minute. */
export function untilText(ms: number): string {
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 1) return '不到1分钟后响铃';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  return `${days ? `${days}天` : ''}${hours ? `${hours}小时` : ''}${mins ? `${mins}分钟` : ''}后响铃`;
}

/** The alarm that rings first from `now`, and when. */
export function nextAlarm(s: ClockState, now: number, zone: string): { alarm: Alarm; at: number } | null {
  let best: { alarm: Alarm; at: number } | null = null;
  for (const a of s.alarms) {
    const at = nextRingAt(a, now, zone);
    if (at !== null && (best === null || at < best.at)) best = { alarm: a, at };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Alarms

export interface AlarmDraft {
  time: string;
  repeat: Weekday[];
  label: string;
  ringtone: string;
  snoozeMinutes: Alarm['snoozeMinutes'];
}

export const LABEL_MAX = 20;

export function newAlarmDraft(now: number, zone: string): AlarmDraft {
  // A new alarm starts at the next whole hour, as most clocks suggest.
  const w = wallClock(now, zone);
  return { time: `${pad2((w.hour + 1) % 24)}:00`, repeat: [], label: '', ringtone: RINGTONES[0], snoozeMinutes: 10 };
}

export function draftOf(a: Alarm): AlarmDraft {
  return { time: a.time, repeat: [...a.repeat], label: a.label, ringtone: a.ringtone, snoozeMinutes: a.snoozeMinutes };
}

/** Why a draft cannot be saved, or null. */
export function draftProblem(d: AlarmDraft): string | null {
  if (!isTime(d.time)) return '请设置有效的时间（00:00-23:59）';
  if (d.label.length > LABEL_MAX) return `备注最多${LABEL_MAX}个字`;
  if (!(RINGTONES as readonly string[]).includes(d.ringtone)) return '请选择铃声';
  if (!(SNOOZE_MINUTES as readonly number[]).includes(d.snoozeMinutes)) return '请选择稍后提醒间隔';
  return null;
}

function requireDraft(d: AlarmDraft): AlarmDraft {
  const problem = draftProblem(d);
  if (problem) throw new Error(problem);
  return { ...d, label: d.label.trim(), repeat: normalizeRepeat(d.repeat) };
}

/** Adds an enabled alarm; returns it. */
export function addAlarm(s: ClockState, draft: AlarmDraft): Alarm {
  const d = requireDraft(draft);
  const alarm: Alarm = { id: nextId(s.alarms.map((a) => a.id), 'al_', 2), ...d, enabled: true, snoozedUntil: null };
  s.alarms.push(alarm);
  return alarm;
}

export function findAlarm(s: ClockState, id: string): Alarm | undefined {
  return s.alarms.find((a) => a.id === id);
}

/** Saves an edit; saving turns the alarm on (as clocks do) and drops a pending snooze when the time changed. */
export function updateAlarm(s: ClockState, id: string, draft: AlarmDraft): Alarm {
  const a = findAlarm(s, id);
  if (!a) throw new Error(`no alarm ${id}`);
  const d = requireDraft(draft);
  const changedTime = a.time !== d.time || !sameDays(a.repeat, d.repeat);
  if (a.time !== d.time) a.time = d.time;
  if (!sameDays(a.repeat, d.repeat)) a.repeat = d.repeat;
  if (a.label !== d.label) a.label = d.label;
  if (a.ringtone !== d.ringtone) a.ringtone = d.ringtone;
  if (a.snoozeMinutes !== d.snoozeMinutes) a.snoozeMinutes = d.snoozeMinutes;
  if (!a.enabled) a.enabled = true;
  if (changedTime && a.snoozedUntil !== null) a.snoozedUntil = null;
  return a;
}

export function setAlarmEnabled(s: ClockState, id: string, on: boolean): void {
  const a = findAlarm(s, id);
  if (!a) throw new Error(`no alarm ${id}`);
  a.enabled = on;
  if (!on && a.snoozedUntil !== null) a.snoozedUntil = null;
}

export function deleteAlarm(s: ClockState, id: string): void {
  const i = s.alarms.findIndex((a) => a.id === id);
  if (i < 0) throw new Error(`no alarm ${id}`);
  s.alarms.splice(i, 1);
}

// ---------------------------------------------------------------------------------------------
// Ringing: the virtual clock passing, and answering a ring

export function ringingRing(s: ClockState): Ring | undefined {
  return s.ringing === null ? undefined : s.rings.find((r) => r.id === s.ringing);
}

/** What the OS shows when something starts to ring: a notification, and the app brought to the front. */
export interface RingEffect {
  title: string;
  text: string;
  path: string;
  fullScreen: boolean;
}

interface Due {
  at: number;
  kind: Ring['kind'];
  sourceId: string;
  label: string;
}

function endRinging(s: ClockState, outcome: Ring['outcome'], at: number): void {
  const r = ringingRing(s);
  s.ringing = null;
  if (!r) return;
  r.outcome = outcome;
  r.endedAt = at;
}

/**
 * The virtual clock moved from `from` to `to`: enabled alarms whose time came (and snoozes that
 * ran out) ring, running timers that reached zero ring, and a ring left unanswered for
 * RING_OUT_MS stops as `missed`. Changes `s` only when something happens (so an idle step leaves
 * the slice untouched): returns null then, else what to show for a ring that is ringing now.
 */
export function clockTimePassed(s: ClockState, from: number, to: number, zone: string): { effect: RingEffect | null } | null {
  if (!(to > from)) return null;
  const dues: Due[] = [];
  let changed = false;
  // A long wait rings each alarm once, at its last occurrence (a phone left a week rings once).
  const since = Math.max(from, to - 8 * DAY);
  for (const a of s.alarms) {
    if (!a.enabled) continue;
    if (a.snoozedUntil !== null && a.snoozedUntil <= to) {
      const at = a.snoozedUntil;
      a.snoozedUntil = null;
      changed = true;
      if (at > from) dues.push({ at, kind: 'alarm', sourceId: a.id, label: alarmTitle(a) });
    }
    let at = nextOccurrence(a, since, zone);
    if (at > to) continue;
    for (let next = nextOccurrence(a, at, zone); next <= to; next = nextOccurrence(a, at, zone)) at = next;
    dues.push({ at, kind: 'alarm', sourceId: a.id, label: alarmTitle(a) });
    if (a.repeat.length === 0) a.enabled = false;
  }
  for (const t of s.timers) {
    if (t.status !== 'running' || t.endsAt === null || t.endsAt > to) continue;
    dues.push({ at: Math.max(t.endsAt, from), kind: 'timer', sourceId: t.id, label: timerTitle(t) });
    t.status = 'done';
    t.endsAt = null;
    t.remainingMs = 0;
  }
  dues.sort((a, b) => a.at - b.at || a.sourceId.localeCompare(b.sourceId));
  for (const due of dues) {
    // A new ring takes over: the one before it is recorded as missed.
    const current = ringingRing(s);
    if (current) endRinging(s, 'missed', Math.min(due.at, current.at + RING_OUT_MS));
    const ring: Ring = { id: nextId(s.rings.map((r) => r.id), 'rg_', 3), kind: due.kind, sourceId: due.sourceId, label: due.label, at: due.at, outcome: 'ringing', endedAt: null };
    s.rings.push(ring);
    s.ringing = ring.id;
  }
  if (s.rings.length > RING_LOG_MAX) s.rings.splice(0, s.rings.length - RING_LOG_MAX);
  const ringing = ringingRing(s);
  if (ringing && ringing.at + RING_OUT_MS <= to) {
    endRinging(s, 'missed', ringing.at + RING_OUT_MS);
    return { effect: null };
  }
  if (dues.length === 0) return changed ? { effect: null } : null;
  const last = dues[dues.length - 1]!;
  const alarm = last.kind === 'alarm';
  return { effect: { title: alarm ? '闹钟' : '计时器', text: alarm ? `${last.label} · 正在响铃` : `${last.label} · 时间到`, path: '', fullScreen: true } };
}

/** 稍后提醒: the ringing alarm comes back after its snooze interval. */
export function snoozeRinging(s: ClockState, now: number): Alarm {
  const r = ringingRing(s);
  if (!r || r.kind !== 'alarm') throw new Error('no alarm is ringing');
  const a = findAlarm(s, r.sourceId);
  if (!a) throw new Error(`the ringing alarm ${r.sourceId} is gone`);
  if (a.snoozeMinutes === 0) throw new Error('this alarm has 稍后提醒 off');
  endRinging(s, 'snoozed', now);
  a.snoozedUntil = now + a.snoozeMinutes * MINUTE;
  if (!a.enabled) a.enabled = true;
  return a;
}

/** 关闭 / 停止: the ring stops. */
export function dismissRinging(s: ClockState, now: number): void {
  if (!ringingRing(s)) throw new Error('nothing is ringing');
  endRinging(s, 'dismissed', now);
}

/** Cancels a pending snooze (the list's 取消稍后提醒). */
export function cancelSnooze(s: ClockState, id: string): void {
  const a = findAlarm(s, id);
  if (!a) throw new Error(`no alarm ${id}`);
  a.snoozedUntil = null;
}

// ---------------------------------------------------------------------------------------------
// Timers

/** `1:05:09`, `05:09` (whole seconds, rounded up while counting down). */
export function durationText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(sec)}` : `${pad2(m)}:${pad2(sec)}`;
}

/** `5分钟`, `1小时30分钟`, `45秒` */
export function durationWords(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return `${h ? `${h}小时` : ''}${m ? `${m}分钟` : ''}${sec ? `${sec}秒` : ''}` || '0秒';
}

export function timerRemaining(t: Timer, now: number): number {
  return t.status === 'running' && t.endsAt !== null ? Math.max(0, t.endsAt - now) : t.remainingMs;
}

export function startTimer(s: ClockState, durationMs: number, label: string, now: number): Timer {
  if (!Number.isInteger(durationMs) || durationMs < 1000 || durationMs > TIMER_MAX_MS) throw new Error('计时时长须在 1 秒到 99 小时 59 分 59 秒之间');
  const t: Timer = { id: nextId(s.timers.map((x) => x.id), 'tm_', 2), label: label.trim().slice(0, LABEL_MAX), durationMs, status: 'running', endsAt: now + durationMs, remainingMs: durationMs };
  s.timers.push(t);
  return t;
}

function requireTimer(s: ClockState, id: string): Timer {
  const t = s.timers.find((x) => x.id === id);
  if (!t) throw new Error(`no timer ${id}`);
  return t;
}

export function pauseTimer(s: ClockState, id: string, now: number): void {
  const t = requireTimer(s, id);
  if (t.status !== 'running') return;
  t.remainingMs = timerRemaining(t, now);
  t.endsAt = null;
  t.status = 'paused';
}

export function resumeTimer(s: ClockState, id: string, now: number): void {
  const t = requireTimer(s, id);
  if (t.status === 'running') return;
  if (t.status === 'done') t.remainingMs = t.durationMs;
  t.endsAt = now + t.remainingMs;
  t.status = 'running';
}

export function deleteTimer(s: ClockState, id: string): void {
  requireTimer(s, id);
  s.timers = s.timers.filter((t) => t.id !== id);
}

// ---------------------------------------------------------------------------------------------
// Stopwatch

export function stopwatchElapsed(w: Stopwatch, now: number): number {
  return w.elapsedMs + (w.status === 'running' && w.startedAt !== null ? Math.max(0, now - w.startedAt) : 0);
}

/** `01:02.35` (minutes, seconds, hundredths); hours first past an hour. */
export function stopwatchText(ms: number): string {
  const cs = Math.floor(ms / 10);
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const sec = Math.floor((cs % 6000) / 100);
  const body = `${pad2(m)}:${pad2(sec)}.${pad2(cs % 100)}`;
  return h > 0 ? `${h}:${body}` : body;
}

export function startStopwatch(w: Stopwatch, now: number): void {
  if (w.status === 'running') return;
  w.status = 'running';
  w.startedAt = now;
}

export function pauseStopwatch(w: Stopwatch, now: number): void {
  if (w.status !== 'running') return;
  w.elapsedMs = stopwatchElapsed(w, now);
  w.startedAt = null;
  w.status = 'paused';
}

export function lapStopwatch(w: Stopwatch, now: number): void {
  if (w.status !== 'running') return;
  w.laps.push(stopwatchElapsed(w, now));
}

export function resetStopwatch(w: Stopwatch): void {
  w.status = 'idle';
  w.startedAt = null;
  w.elapsedMs = 0;
  w.laps = [];
}

// ---------------------------------------------------------------------------------------------
// World clock

export function cityById(id: string): WorldCity | undefined {
  return WORLD_CITIES.find((c) => c.id === id);
}

/** Cities whose name or country contains the query (all when it is blank). */
export function searchCities(query: string): WorldCity[] {
  const q = query.trim();
  return q === '' ? [...WORLD_CITIES] : WORLD_CITIES.filter((c) => c.name.includes(q) || c.country.includes(q));
}

/** Adds a city (once); returns its entry. */
export function addCity(s: ClockState, cityId: string): { id: string; cityId: string } {
  if (!cityById(cityId)) throw new Error(`no city ${cityId}`);
  const have = s.cities.find((c) => c.cityId === cityId);
  if (have) return have;
  const entry = { id: nextId(s.cities.map((c) => c.id), 'wc_', 2), cityId };
  s.cities.push(entry);
  return entry;
}

export function removeCity(s: ClockState, id: string): void {
  const i = s.cities.findIndex((c) => c.id === id);
  if (i < 0) throw new Error(`no world clock entry ${id}`);
  s.cities.splice(i, 1);
}

/** How far the city is ahead of the phone's zone, in minutes (negative: behind). */
export function cityDifferenceMinutes(zone: string, phoneZone: string, now: number): number {
  return Math.round((zoneOffset(now, zone) - zoneOffset(now, phoneZone)) / MINUTE);
}

/** `比本地快1小时`, `比本地慢12小时30分钟`, `与本地时间相同`. */
export function differenceText(minutes: number): string {
  if (minutes === 0) return '与本地时间相同';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `比本地${minutes > 0 ? '快' : '慢'}${h ? `${h}小时` : ''}${m ? `${m}分钟` : ''}`;
}

/** `今天`, `明天`, `昨天` for the city's date against the phone's. */
export function cityDayText(zone: string, phoneZone: string, now: number): string {
  const d = wallClock(now, zone).dayNumber - wallClock(now, phoneZone).dayNumber;
  return d === 0 ? '今天' : d > 0 ? '明天' : '昨天';
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumOrNull = (v: unknown): boolean => v === null || isNum(v);

/** Why a slice cannot be shown (naming the field), or null. */
export function validateClockState(slice: unknown): string | null {
  if (!isObj(slice)) return 'apps.clock must be an object';
  const s = slice as Partial<Record<keyof ClockState, unknown>>;
  if (!Array.isArray(s.alarms)) return 'apps.clock.alarms must be an array';
  for (const [i, a] of (s.alarms as unknown[]).entries()) {
    const at = `apps.clock.alarms[${i}]`;
    if (!isObj(a) || typeof a.id !== 'string') return `${at}.id must be a string`;
    if (!isTime(a.time)) return `${at}.time must be HH:mm (00:00-23:59)`;
    if (!Array.isArray(a.repeat) || !a.repeat.every((d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6)) return `${at}.repeat must be weekdays 0-6`;
    if (typeof a.label !== 'string' || typeof a.ringtone !== 'string') return `${at}.label and .ringtone must be strings`;
    if (!(SNOOZE_MINUTES as readonly unknown[]).includes(a.snoozeMinutes)) return `${at}.snoozeMinutes must be one of ${SNOOZE_MINUTES.join(', ')}`;
    if (typeof a.enabled !== 'boolean') return `${at}.enabled must be a boolean`;
    if (!isNumOrNull(a.snoozedUntil)) return `${at}.snoozedUntil must be a number or null`;
  }
  if (!Array.isArray(s.rings)) return 'apps.clock.rings must be an array';
  for (const [i, r] of (s.rings as unknown[]).entries()) {
    if (!isObj(r) || typeof r.id !== 'string' || typeof r.sourceId !== 'string' || !isNum(r.at)) return `apps.clock.rings[${i}] must have id, sourceId and at`;
    if (!['ringing', 'snoozed', 'dismissed', 'missed'].includes(r.outcome as string)) return `apps.clock.rings[${i}].outcome is not a ring outcome`;
  }
  if (s.ringing !== null && typeof s.ringing !== 'string') return 'apps.clock.ringing must be a ring id or null';
  if (!Array.isArray(s.timers)) return 'apps.clock.timers must be an array';
  for (const [i, t] of (s.timers as unknown[]).entries()) {
    if (!isObj(t) || typeof t.id !== 'string' || !isNum(t.durationMs) || !isNum(t.remainingMs)) return `apps.clock.timers[${i}] must have id, durationMs and remainingMs`;
    if (!['running', 'paused', 'done'].includes(t.status as string)) return `apps.clock.timers[${i}].status must be running, paused or done`;
    if (!isNumOrNull(t.endsAt)) return `apps.clock.timers[${i}].endsAt must be a number or null`;
  }
  const w = s.stopwatch;
  if (!isObj(w) || !['idle', 'running', 'paused'].includes(w.status as string) || !isNum(w.elapsedMs) || !isNumOrNull(w.startedAt) || !Array.isArray(w.laps)) return 'apps.clock.stopwatch must be { status, startedAt, elapsedMs, laps }';
  if (!Array.isArray(s.cities)) return 'apps.clock.cities must be an array';
  for (const [i, c] of (s.cities as unknown[]).entries()) {
    if (!isObj(c) || typeof c.id !== 'string' || typeof c.cityId !== 'string' || !cityById(c.cityId)) return `apps.clock.cities[${i}].cityId must be a known city`;
  }
  return null;
}
