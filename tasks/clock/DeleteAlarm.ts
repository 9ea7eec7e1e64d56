import { defineTask, match } from '../../bridge/tasks/api.ts';
import { alarmParam, type AlarmParams, openAlarm } from './_helpers.ts';

/** The form's 删除闹钟 → confirm; turning it off is not enough. */
export default defineTask<AlarmParams>({
  goal: (p) => `把 ${p.time} 那个备注“${p.label}”的闹钟删掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: { ...alarmParam() },
  criteria: (p) => ({ [`apps.clock.alarms[${p.alarmId}]`]: match.absent() }),
  async oracle(ui, p) {
    await openAlarm(ui, p.alarmId);
    await ui.scrollTo('clock.edit.delete', { within: 'clock.edit.form' });
    await ui.tap('clock.edit.delete');
    await ui.tap('dialog.confirm');
  },
});
