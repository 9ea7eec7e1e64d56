import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { ClockModel } from '../../simulator-apps/clock/model.ts';
import type { ClockState } from '../../simulator-apps/clock/types.ts';
import { Phone } from '../../simulator-apps/os/phone.svelte.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const clockOf = (p: Phone): ClockState => JSON.parse(p.getStateJson()).apps.clock;

/** Seed 1 with one more alarm, due 5 s after the phone's time. */
function phoneWithAlarmDue(): { phone: Phone; alarmId: string } {
  const state: PhoneState = createInitialState(1);
  const clock = state.apps.clock as unknown as ClockState;
  const now = state.os.time.timestamp;
  // The seeded time is a whole minute: the alarm at the next minute is due a minute later.
  const next = new Date(now + 8 * 3_600_000 + 60_000);
  const time = `${String(next.getUTCHours()).padStart(2, '0')}:${String(next.getUTCMinutes()).padStart(2, '0')}`;
  clock.alarms.push({ id: 'al_99', time, repeat: [], label: '拿快递', ringtone: '晨光', snoozeMinutes: 5, enabled: true, snoozedUntil: null });
  state.os.time.timestamp = now + 55_000;
  return { phone: new Phone(state), alarmId: 'al_99' };
}

describe('alarms ring as the virtual clock moves', () => {
  it('an idle step leaves the clock slice as it was; the step that passes the alarm rings it, brings 时钟 to the front and notifies', () => {
    const { phone, alarmId } = phoneWithAlarmDue();
    phone.openApp('chat');
    const before = JSON.stringify(clockOf(phone));
    phone.advanceTime(2000);
    expect(JSON.stringify(clockOf(phone))).toBe(before);
    expect(phone.route.app).toBe('chat');
    phone.advanceTime(4000);
    const clock = clockOf(phone);
    expect(clock.ringing).toBe(clock.rings.at(-1)!.id);
    expect(clock.rings.at(-1)).toMatchObject({ sourceId: alarmId, label: '拿快递', outcome: 'ringing' });
    expect(phone.route.app).toBe('clock');
    expect(phone.notice).toMatchObject({ app: 'clock', title: '闹钟', text: '拿快递 · 正在响铃' });
  });

  it('稍后提醒 through the model records the snooze and rings again five minutes later', () => {
    const { phone, alarmId } = phoneWithAlarmDue();
    const model = new ClockModel(phone);
    phone.advanceTime(6000);
    model.snooze();
    let clock = clockOf(phone);
    expect(clock.ringing).toBeNull();
    expect(clock.rings.at(-1)!.outcome).toBe('snoozed');
    phone.advanceTime(5 * 60_000);
    clock = clockOf(phone);
    expect(clock.rings.filter((r) => r.sourceId === alarmId).map((r) => r.outcome)).toEqual(['snoozed', 'ringing']);
    model.dismiss();
    expect(clockOf(phone).rings.at(-1)!.outcome).toBe('dismissed');
  });
});
