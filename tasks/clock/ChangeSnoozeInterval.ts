import { defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, editAlarm } from './_helpers.ts';
import { clockOf } from './_helpers.ts';
import { pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  alarmId: string;
  label: string;
  minutes: 5 | 10 | 15 | 20 | 30;
}

/** The form's 稍后提醒 chips → 保存 (saving also turns the alarm on: the set-up has it on). */
export default defineTask<P>({
  goal: (p) => `把“${p.label}”闹钟的稍后提醒间隔改成 ${p.minutes} 分钟。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: {
    ...spreadParam('_alarm', ['alarmId', 'label', 'minutes'], (state, rng) => {
      const a = pickOrNull(rng, uniquelyNamed(clockOf(state).alarms, (x) => x.label, (x) => x.label !== ''));
      return a && { alarmId: a.id, label: a.label, minutes: rng.pick([5, 10, 15, 20, 30].filter((m) => m !== a.snoozeMinutes)) };
    }),
  },
  postSample({ state, p }) {
    alarmById(state, p.alarmId)!.enabled = true;
  },
  criteria: (p) => ({ [`apps.clock.alarms[${p.alarmId}].snoozeMinutes`]: p.minutes }),
  async oracle(ui, p) {
    await editAlarm(ui, p.alarmId, { snoozeMinutes: p.minutes });
  },
});
