/**
 * Seed data for the clock: 5-7 alarms (a weekday 起床 alarm, others drawn with distinct times and
 * labels, some off), a ring log of the last two days, one paused timer or none, the stopwatch at
 * rest and 3-5 world-clock cities. Pure. No alarm is due within three hours of the seeded time
 * (09:30-12:00 on a Saturday), so an episode of another app's task never hears one ring; no timer
 * runs.
 */
import type { Rng } from '../shared/rng.ts';
import { pad2 } from '../shared/dates.ts';
import { ALARM_LABELS, RINGTONES, SEED_CITY_POOL, TIMER_LABELS } from './data.ts';
import { alarmTitle, nextOccurrence, normalizeRepeat, WORKDAYS, WEEKEND } from './logic.ts';
import type { Alarm, ClockState, Ring, SnoozeMinutes, Timer, Weekday } from './types.ts';

export interface ClockSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Seeded alarms keep this far from the seeded time. */
export const SEED_QUIET_MS = 3 * HOUR;

/** Hours a seeded alarm may ring at (mornings and evenings: away from the seeded 09:30-12:00). */
const HOURS = [5, 6, 6, 7, 7, 7, 8, 8, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23] as const;
const MINUTES = [0, 0, 5, 10, 15, 20, 30, 30, 40, 45, 50] as const;
const SNOOZES: readonly SnoozeMinutes[] = [5, 5, 10, 10, 10, 15, 20, 0];

function drawRepeat(rng: Rng): Weekday[] {
  const kind = rng.int(0, 5);
  if (kind <= 1) return [...WORKDAYS];
  if (kind === 2) return [...WEEKEND];
  if (kind === 3) return [0, 1, 2, 3, 4, 5, 6];
  if (kind === 4) return [];
  return normalizeRepeat(rng.sample([0, 1, 2, 3, 4, 5, 6], rng.int(2, 3)));
}

function createAlarms(rng: Rng, ctx: ClockSeedContext): Alarm[] {
  const count = rng.int(5, 7);
  const labels = { morning: rng.shuffle(ALARM_LABELS.morning), afternoon: rng.shuffle(ALARM_LABELS.afternoon), evening: rng.shuffle(ALARM_LABELS.evening) };
  const times = new Set<string>();
  const alarms: Alarm[] = [];
  const quiet = (a: Pick<Alarm, 'time' | 'repeat'>) => nextOccurrence(a, ctx.now, ctx.timezone) - ctx.now >= SEED_QUIET_MS;
  // The first is the weekday wake-up alarm most phones have.
  const wake = `${pad2(rng.int(6, 7))}:${pad2(rng.pick([0, 10, 15, 20, 30, 40, 45]))}`;
  times.add(wake);
  alarms.push({ id: 'al_01', time: wake, repeat: [...WORKDAYS], label: '起床', ringtone: rng.pick(RINGTONES), snoozeMinutes: 10, enabled: true, snoozedUntil: null });
  for (let tries = 0; alarms.length < count && tries < 200; tries++) {
    const time = `${pad2(rng.pick(HOURS))}:${pad2(rng.pick(MINUTES))}`;
    const repeat = drawRepeat(rng);
    if (times.has(time) || !quiet({ time, repeat })) continue;
    times.add(time);
    const hour = Number(time.slice(0, 2));
    const part = hour < 12 ? labels.morning : hour < 18 ? labels.afternoon : labels.evening;
    const label = rng.chance(0.85) ? (part.shift() ?? '') : '';
    alarms.push({
      id: `al_${pad2(alarms.length + 1)}`,
      time,
      repeat,
      label,
      ringtone: rng.pick(RINGTONES),
      snoozeMinutes: rng.pick(SNOOZES),
      enabled: repeat.length === 0 ? rng.chance(0.3) : rng.chance(0.7),
      snoozedUntil: null,
    });
  }
  return alarms;
}

/** What rang in the last two days: each enabled repeating alarm's occurrences, answered one way or another. */
function createRings(rng: Rng, alarms: readonly Alarm[], ctx: ClockSeedContext): Ring[] {
  const past: { at: number; alarm: Alarm }[] = [];
  for (const a of alarms) {
    if (!a.enabled || a.repeat.length === 0) continue;
    let at = nextOccurrence(a, ctx.now - 2 * 24 * HOUR, ctx.timezone);
    for (; at < ctx.now - HOUR; at = nextOccurrence(a, at, ctx.timezone)) past.push({ at, alarm: a });
  }
  past.sort((x, y) => x.at - y.at);
  const rings: Ring[] = [];
  const ring = (at: number, alarm: Alarm, outcome: Ring['outcome']) =>
    rings.push({ id: `rg_${String(rings.length + 1).padStart(3, '0')}`, kind: 'alarm', sourceId: alarm.id, label: alarmTitle(alarm), at, outcome, endedAt: at + rng.int(5, 90) * 1000 });
  for (const { at, alarm } of past) {
    // A snoozed ring comes back after the alarm's interval, and is then turned off.
    if (alarm.snoozeMinutes > 0 && rng.chance(0.3)) {
      ring(at, alarm, 'snoozed');
      ring(at + alarm.snoozeMinutes * MINUTE, alarm, 'dismissed');
    } else ring(at, alarm, 'dismissed');
  }
  return rings;
}

function createTimers(rng: Rng): Timer[] {
  if (rng.chance(0.4)) return [];
  const durationMs = rng.pick([3, 5, 8, 10, 15, 25]) * MINUTE;
  return [{ id: 'tm_01', label: rng.pick(TIMER_LABELS), durationMs, status: 'paused', endsAt: null, remainingMs: durationMs - rng.int(1, 4) * 30_000 }];
}

export function createClockState(rng: Rng, ctx: ClockSeedContext): ClockState {
  const alarms = createAlarms(rng.fork('alarms'), ctx);
  const rings = createRings(rng.fork('rings'), alarms, ctx);
  const timers = createTimers(rng.fork('timers'));
  const cityRng = rng.fork('cities');
  const cities = cityRng.sample([...SEED_CITY_POOL], cityRng.int(3, 5)).map((cityId, i) => ({ id: `wc_${pad2(i + 1)}`, cityId }));
  return { alarms, rings, ringing: null, timers, stopwatch: { status: 'idle', startedAt: null, elapsedMs: 0, laps: [] }, cities };
}
