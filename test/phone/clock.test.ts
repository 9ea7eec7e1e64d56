import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createClockState, SEED_QUIET_MS } from '../../simulator-apps/clock/seed.ts';
import {
  addAlarm,
  addCity,
  clockTimePassed,
  cityDifferenceMinutes,
  differenceText,
  dismissRinging,
  draftProblem,
  lapStopwatch,
  makeTime,
  nextAlarm,
  nextOccurrence,
  pauseStopwatch,
  pauseTimer,
  repeatText,
  resumeTimer,
  RING_OUT_MS,
  snoozeRinging,
  startStopwatch,
  startTimer,
  stopwatchElapsed,
  updateAlarm,
  validateClockState,
} from '../../simulator-apps/clock/logic.ts';
import type { ClockState } from '../../simulator-apps/clock/types.ts';

const TZ = 'Asia/Shanghai';
const MIN = 60_000;
/** 2026-03-14 10:00 in Shanghai, a Saturday. */
const SAT_10 = Date.UTC(2026, 2, 14, 2, 0);
const clockOf = (seed: number): ClockState => createInitialState(seed).apps.clock as unknown as ClockState;
const empty = (): ClockState => ({ alarms: [], rings: [], ringing: null, timers: [], stopwatch: { status: 'idle', startedAt: null, elapsedMs: 0, laps: [] }, cities: [] });
const draft = (time: string, repeat: number[] = [], label = '') => ({ time, repeat: repeat as never, label, ringtone: '晨光', snoozeMinutes: 10 as const });

describe('clock seed', () => {
  it('is deterministic, valid, under 50 KB, and rings nothing within three hours at seeds 1-20', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const state = createInitialState(seed);
      const clock = state.apps.clock as unknown as ClockState;
      if (seed <= 2) expect(JSON.stringify(clock)).toBe(JSON.stringify(clockOf(seed)));
      expect(validateClockState(clock)).toBeNull();
      expect(JSON.stringify(clock).length).toBeLessThan(50_000);
      const next = nextAlarm(clock, state.os.time.timestamp, TZ);
      expect(next === null || next.at - state.os.time.timestamp >= SEED_QUIET_MS).toBe(true);
      expect(clock.timers.every((t) => t.status !== 'running')).toBe(true);
      expect(new Set(clock.alarms.map((a) => a.time)).size).toBe(clock.alarms.length);
      const labels = clock.alarms.map((a) => a.label).filter(Boolean);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('differs between seeds', () => {
    const a = createClockState(new Rng(1), { now: SAT_10, timezone: TZ });
    const b = createClockState(new Rng(2), { now: SAT_10, timezone: TZ });
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });

  it('refuses a slice it cannot show, naming the field', () => {
    const s = clockOf(1);
    expect(validateClockState({ ...s, alarms: [{ ...s.alarms[0], time: '25:00' }] })).toBe('apps.clock.alarms[0].time must be HH:mm (00:00-23:59)');
    expect(validateClockState({ ...s, cities: [{ id: 'wc_01', cityId: 'atlantis' }] })).toBe('apps.clock.cities[0].cityId must be a known city');
  });
});

describe('alarm rules', () => {
  it('names repeats and refuses times that do not exist', () => {
    expect(repeatText([1, 2, 3, 4, 5])).toBe('工作日');
    expect(repeatText([0, 6])).toBe('周末');
    expect(repeatText([])).toBe('只响一次');
    expect(repeatText([0, 1, 3])).toBe('周一 周三 周日');
    expect(makeTime(25, 0)).toBeNull();
    expect(makeTime(6, 45)).toBe('06:45');
    expect(draftProblem(draft('25:00'))).toBe('请设置有效的时间（00:00-23:59）');
  });

  it('finds the next ring on an allowed weekday', () => {
    // Saturday 10:00: a weekday 06:45 alarm rings on Monday.
    expect(nextOccurrence({ time: '06:45', repeat: [1, 2, 3, 4, 5] }, SAT_10, TZ)).toBe(Date.UTC(2026, 2, 15, 22, 45));
    expect(nextOccurrence({ time: '10:01', repeat: [] }, SAT_10, TZ)).toBe(SAT_10 + MIN);
  });

  it('saving an edit turns the alarm on and drops a snooze when the time changes', () => {
    const s = empty();
    const a = addAlarm(s, draft('07:00', [1, 2, 3, 4, 5], '起床'));
    a.enabled = false;
    a.snoozedUntil = SAT_10 + MIN;
    updateAlarm(s, a.id, draft('07:30', [1, 2, 3, 4, 5], '起床'));
    expect(s.alarms[0]).toMatchObject({ time: '07:30', enabled: true, snoozedUntil: null });
  });
});

describe('the virtual clock passing', () => {
  it('rings an alarm whose time came, once; a one-time alarm turns itself off; a quiet step changes nothing', () => {
    const s = empty();
    addAlarm(s, draft('10:01', [], '喝水'));
    const before = JSON.stringify(s);
    expect(clockTimePassed(s, SAT_10, SAT_10 + 30_000, TZ)).toBeNull();
    expect(JSON.stringify(s)).toBe(before);
    const changed = clockTimePassed(s, SAT_10 + 30_000, SAT_10 + 62_000, TZ);
    expect(changed?.effect).toMatchObject({ title: '闹钟', text: '喝水 · 正在响铃', fullScreen: true });
    expect(s.rings).toEqual([{ id: 'rg_001', kind: 'alarm', sourceId: 'al_01', label: '喝水', at: SAT_10 + MIN, outcome: 'ringing', endedAt: null }]);
    expect(s.ringing).toBe('rg_001');
    expect(s.alarms[0].enabled).toBe(false);
  });

  it('snoozes and rings again after the interval; dismissing ends it', () => {
    const s = empty();
    addAlarm(s, draft('10:01', [0, 6], '早读'));
    clockTimePassed(s, SAT_10, SAT_10 + MIN, TZ);
    snoozeRinging(s, SAT_10 + MIN + 4000);
    expect(s.ringing).toBeNull();
    expect(s.rings[0]).toMatchObject({ outcome: 'snoozed', endedAt: SAT_10 + MIN + 4000 });
    expect(s.alarms[0].snoozedUntil).toBe(SAT_10 + 11 * MIN + 4000);
    expect(clockTimePassed(s, SAT_10 + 2 * MIN, SAT_10 + 11 * MIN + 4000, TZ)?.effect?.text).toBe('早读 · 正在响铃');
    expect(s.rings[1]).toMatchObject({ sourceId: 'al_01', outcome: 'ringing' });
    dismissRinging(s, SAT_10 + 12 * MIN);
    expect(s.rings[1]).toMatchObject({ outcome: 'dismissed', endedAt: SAT_10 + 12 * MIN });
    expect(s.alarms[0].snoozedUntil).toBeNull();
  });

  it('a ring left unanswered rings out as missed', () => {
    const s = empty();
    addAlarm(s, draft('10:01', [6]));
    clockTimePassed(s, SAT_10, SAT_10 + MIN, TZ);
    expect(clockTimePassed(s, SAT_10 + MIN, SAT_10 + MIN + RING_OUT_MS, TZ)).toEqual({ effect: null });
    expect(s.ringing).toBeNull();
    expect(s.rings[0]).toMatchObject({ outcome: 'missed', endedAt: SAT_10 + MIN + RING_OUT_MS });
  });

  it('rings a timer that reaches zero, and not a paused one', () => {
    const s = empty();
    const t = startTimer(s, 3 * MIN, '泡茶', SAT_10);
    const u = startTimer(s, 2 * MIN, '', SAT_10);
    pauseTimer(s, u.id, SAT_10 + MIN);
    expect(clockTimePassed(s, SAT_10 + MIN, SAT_10 + 3 * MIN, TZ)?.effect?.text).toBe('泡茶 · 时间到');
    expect(s.timers.find((x) => x.id === t.id)).toMatchObject({ status: 'done', remainingMs: 0, endsAt: null });
    expect(s.timers.find((x) => x.id === u.id)).toMatchObject({ status: 'paused', remainingMs: MIN });
    resumeTimer(s, u.id, SAT_10 + 5 * MIN);
    expect(s.timers.find((x) => x.id === u.id)!.endsAt).toBe(SAT_10 + 6 * MIN);
  });
});

describe('stopwatch and world clock', () => {
  it('counts only while running and keeps laps', () => {
    const w = empty().stopwatch;
    startStopwatch(w, 1000);
    lapStopwatch(w, 4000);
    pauseStopwatch(w, 6000);
    expect(stopwatchElapsed(w, 99_000)).toBe(5000);
    expect(w.laps).toEqual([3000]);
  });

  it('tells the time difference from the phone', () => {
    expect(differenceText(cityDifferenceMinutes('Asia/Tokyo', TZ, SAT_10))).toBe('比本地快1小时');
    // New York is on daylight time from 8 March 2026: 12 hours behind Beijing.
    expect(differenceText(cityDifferenceMinutes('America/New_York', TZ, SAT_10))).toBe('比本地慢12小时');
    expect(differenceText(cityDifferenceMinutes('Asia/Kathmandu', TZ, SAT_10))).toBe('比本地慢2小时15分钟');
    const s = empty();
    addCity(s, 'london');
    addCity(s, 'london');
    expect(s.cities).toEqual([{ id: 'wc_01', cityId: 'london' }]);
  });
});
