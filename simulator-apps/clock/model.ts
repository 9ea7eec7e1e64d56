/**
 * The clock's actions: each applies a pure rule from ./logic.ts through `phone.update`. A refused
 * action (an invalid time, nothing ringing) never calls `update`, so the state stays as it was;
 * it returns the reason for the screen's toast instead.
 *
 * Transient UI memory (the alarm form not saved yet) lives here, outside the state tree, per phone
 * and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import type { ClockState } from './types.ts';

interface Memory {
  drafts: DraftMemory<rules.AlarmDraft>;
}

const memoryOf = perEpoch<Memory>('clock', () => ({ drafts: new DraftMemory() }));

export class ClockModel extends AppModel<ClockState> {
  constructor(phone: Phone) {
    super(phone, rules.CLOCK_APP_ID);
  }

  get state(): ClockState {
    return this.data as unknown as ClockState;
  }

  get drafts(): DraftMemory<rules.AlarmDraft> {
    return memoryOf(this.phone).drafts;
  }

  /** Saves the form as a new alarm (id null) or over an existing one; returns the reason when refused. */
  saveAlarm(id: string | null, draft: rules.AlarmDraft): { ok: true; alarmId: string } | { ok: false; reason: string } {
    const problem = rules.draftProblem(draft);
    if (problem) return { ok: false, reason: problem };
    const alarm = this.mutate((s) => (id === null ? rules.addAlarm(s, draft) : rules.updateAlarm(s, id, draft)));
    this.drafts.drop(id ?? 'new');
    return { ok: true, alarmId: alarm.id };
  }

  setEnabled(id: string, on: boolean): void {
    this.mutate((s) => rules.setAlarmEnabled(s, id, on));
  }

  deleteAlarm(id: string): void {
    this.mutate((s) => rules.deleteAlarm(s, id));
    this.drafts.drop(id);
  }

  cancelSnooze(id: string): void {
    this.mutate((s) => rules.cancelSnooze(s, id));
  }

  snooze(): void {
    this.mutate((s) => rules.snoozeRinging(s, this.phone.now));
  }

  dismiss(): void {
    this.mutate((s) => rules.dismissRinging(s, this.phone.now));
  }

  startTimer(durationMs: number, label: string): string | null {
    if (!Number.isInteger(durationMs) || durationMs < 1000 || durationMs > rules.TIMER_MAX_MS) return '请设置计时时长';
    this.mutate((s) => rules.startTimer(s, durationMs, label, this.phone.now));
    return null;
  }

  pauseTimer(id: string): void {
    this.mutate((s) => rules.pauseTimer(s, id, this.phone.now));
  }

  resumeTimer(id: string): void {
    this.mutate((s) => rules.resumeTimer(s, id, this.phone.now));
  }

  deleteTimer(id: string): void {
    this.mutate((s) => rules.deleteTimer(s, id));
  }

  stopwatch(action: 'start' | 'pause' | 'lap' | 'reset'): void {
    const now = this.phone.now;
    this.mutate((s) => {
      if (action === 'start') rules.startStopwatch(s.stopwatch, now);
      else if (action === 'pause') rules.pauseStopwatch(s.stopwatch, now);
      else if (action === 'lap') rules.lapStopwatch(s.stopwatch, now);
      else rules.resetStopwatch(s.stopwatch);
    });
  }

  addCity(cityId: string): void {
    this.mutate((s) => rules.addCity(s, cityId));
  }

  removeCity(id: string): void {
    this.mutate((s) => rules.removeCity(s, id));
  }
}
