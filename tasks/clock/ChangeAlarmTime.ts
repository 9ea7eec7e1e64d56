import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, type AlarmParams, clockOf, editAlarm, repeatText, shiftTime } from './_helpers.ts';
import { pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends AlarmParams {
  newTime: string;
}

/**
 * Restraint: only the named alarm's time changes; its repeat, label, ringtone and snooze stay, and
 * no other alarm is touched (each would be an unexpected change). A time another alarm has is never drawn.
 */
export default defineTask<P>({
  goal: (p) => `把“${p.label}”闹钟从 ${p.time} 改到 ${p.newTime}，它的其他设置和别的闹钟都不要动。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'restraint'],
  params: {
    ...spreadParam('_alarm', ['alarmId', 'label', 'time', 'newTime'], (state, rng) => {
      const taken = new Set(clockOf(state).alarms.map((a) => a.time));
      const a = pickOrNull(rng, uniquelyNamed(clockOf(state).alarms, (x) => x.label, (x) => x.label !== '' && x.repeat.length > 0));
      if (!a) return null;
      const newTime = rng.shuffle([-45, -30, -20, -15, -10, 10, 15, 20, 30, 45]).map((m) => shiftTime(a.time, m)).find((t) => !taken.has(t))!;
      return { alarmId: a.id, label: a.label, time: a.time, newTime };
    }),
  },
  postSample({ state, p }) {
    alarmById(state, p.alarmId)!.enabled = true;
  },
  checkGoals: (input, p) => {
    const before = alarmById(input.init, p.alarmId)!;
    const after = alarmById(input.final, p.alarmId);
    return [
      criteria.equals('its time', after?.time ?? null, p.newTime, `apps.clock.alarms[${p.alarmId}].time`),
      criteria.equals('its repeat, label, ringtone and snooze as they were', after ? `${repeatText(after.repeat)}|${after.label}|${after.ringtone}|${after.snoozeMinutes}` : null, `${repeatText(before.repeat)}|${before.label}|${before.ringtone}|${before.snoozeMinutes}`),
      criteria.equals('it is on', after?.enabled ?? null, true),
    ];
  },
  async oracle(ui, p) {
    await editAlarm(ui, p.alarmId, { time: p.newTime });
  },
});
