import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, minuteOfDay, switchAlarm } from './_helpers.ts';

interface P extends Record<string, unknown> {
  before: string;
}

/**
 * Restraint: every enabled alarm set earlier than `before` goes off (whatever its repeat); those
 * at or after it, and those already off, stay as they are. The set-up keeps at least two on each side.
 */
export default defineTask<P>({
  goal: (p) => `最近不用早起了：把所有 ${p.before} 之前响的闹钟都关掉，${p.before} 及以后的闹钟不要动。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'restraint'],
  params: { before: { type: 'enum', values: ['07:00', '07:30', '08:00'] } },
  postSample({ state, p }) {
    const alarms = clockOf(state).alarms;
    const cut = minuteOfDay(p.before);
    const early = alarms.filter((a) => minuteOfDay(a.time) < cut);
    const late = alarms.filter((a) => minuteOfDay(a.time) >= cut);
    // Two enabled on each side, the earliest early ones and the latest late ones.
    for (const a of early.slice(0, 2)) a.enabled = true;
    for (const a of late.slice(-2)) a.enabled = true;
    if (early.length < 2) alarms.push({ id: `al_${String(alarms.length + 10)}`, time: '05:50', repeat: [1, 2, 3, 4, 5], label: '晨读', ringtone: '溪流', snoozeMinutes: 5, enabled: true, snoozedUntil: null });
    if (late.length < 2) alarms.push({ id: `al_${String(alarms.length + 20)}`, time: '21:30', repeat: [0, 1, 2, 3, 4, 5, 6], label: '泡脚', ringtone: '竹林', snoozeMinutes: 10, enabled: true, snoozedUntil: null });
  },
  checkGoals: (input, p) => {
    const cut = minuteOfDay(p.before);
    return clockOf(input.init).alarms.map((a) => {
      const want = minuteOfDay(a.time) < cut ? false : a.enabled;
      return criteria.equals(`${a.time} is ${want ? 'on' : 'off'}`, clockOf(input.final).alarms.find((x) => x.id === a.id)?.enabled ?? null, want, `apps.clock.alarms[${a.id}].enabled`);
    });
  },
  async oracle(ui, p) {
    const cut = minuteOfDay(p.before);
    for (const a of clockOf(ui.state).alarms) if (a.enabled && minuteOfDay(a.time) < cut) await switchAlarm(ui, a.id, false);
  },
});
