import { defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, alarmParam, type AlarmParams, switchAlarm } from './_helpers.ts';

/** The switch on the 闹钟 list; the alarm stays (not deleted), only `enabled` changes. */
export default defineTask<AlarmParams>({
  goal: (p) => `把备注为“${p.label}”的闹钟关掉（不要删除）。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: { ...alarmParam() },
  postSample({ state, p }) {
    alarmById(state, p.alarmId)!.enabled = true;
  },
  criteria: (p) => ({ [`apps.clock.alarms[${p.alarmId}].enabled`]: false }),
  async oracle(ui, p) {
    await switchAlarm(ui, p.alarmId, false);
  },
});
