/**
 * The clock app's slice of the phone state: `state.apps.clock`. Plain JSON only. Alarm times are
 * wall-clock `HH:mm` in the phone's timezone (`os.time.timezone`); everything that happens at an
 * instant (a ring, a snooze, a timer's end, the stopwatch) is a virtual-clock timestamp in ms.
 * Documented field by field in ./README.md.
 */

/** 0 = 周日 … 6 = 周六 (as `Date.getDay`). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The snooze intervals the edit form offers, in minutes; 0 is 关闭 (no 稍后提醒 button). */
export const SNOOZE_MINUTES = [0, 5, 10, 15, 20, 30] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];

export interface Alarm {
  /** `al_01` …; a new alarm takes max+1. */
  id: string;
  /** `HH:mm`, 00:00-23:59. */
  time: string;
  /** The weekdays it rings on, ascending; [] rings once (只响一次) and then turns itself off. */
  repeat: Weekday[];
  /** '' shows as 闹钟. */
  label: string;
  /** One of RINGTONES (./data.ts). */
  ringtone: string;
  snoozeMinutes: SnoozeMinutes;
  enabled: boolean;
  /** When a snoozed ring comes back (virtual ms), or null. */
  snoozedUntil: number | null;
}

export type RingKind = 'alarm' | 'timer';
/** `ringing` until answered; `missed` when it rang out unanswered (or another ring took over). */
export type RingOutcome = 'ringing' | 'snoozed' | 'dismissed' | 'missed';

/** One ring of an alarm or a timer: the ring log tasks judge. */
export interface Ring {
  /** `rg_001` …, in the order they rang. */
  id: string;
  kind: RingKind;
  /** The alarm's or the timer's id. */
  sourceId: string;
  /** What the alert showed (the alarm's label, or 闹钟 / 计时器). */
  label: string;
  /** When it began to ring (virtual ms). */
  at: number;
  outcome: RingOutcome;
  /** When it was answered or rang out; null while ringing. */
  endedAt: number | null;
}

export type TimerStatus = 'running' | 'paused' | 'done';

export interface Timer {
  /** `tm_01` …; a new timer takes max+1. */
  id: string;
  /** '' shows as 计时器. */
  label: string;
  /** The length it was set to, in ms (1 s … 99 h 59 min 59 s). */
  durationMs: number;
  status: TimerStatus;
  /** While running: when it ends (virtual ms); null otherwise. */
  endsAt: number | null;
  /** While paused: what is left, in ms; while running it is endsAt - now; 0 once done. */
  remainingMs: number;
}

export interface Stopwatch {
  status: 'idle' | 'running' | 'paused';
  /** While running: when it was last started or resumed; null otherwise. */
  startedAt: number | null;
  /** Time counted before `startedAt` (all of it while paused), in ms. */
  elapsedMs: number;
  /** Each lap's total time at the moment 计次 was pressed, in ms, oldest first. */
  laps: number[];
}

/** A city on the world clock: an entry of WORLD_CITIES (./data.ts), by its id. */
export interface WorldClockEntry {
  /** `wc_01` …; a new entry takes max+1. */
  id: string;
  /** A WORLD_CITIES id (`london`). */
  cityId: string;
}

export interface ClockState {
  /** Ordered by id. */
  alarms: Alarm[];
  /** Newest last; at most RING_LOG_MAX kept. */
  rings: Ring[];
  /** The id of the ring that is ringing now (shown full screen), or null. */
  ringing: string | null;
  /** Ordered by id. */
  timers: Timer[];
  stopwatch: Stopwatch;
  /** In the order the world clock lists them. */
  cities: WorldClockEntry[];
}
