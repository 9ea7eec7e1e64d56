import { defineTask, type OracleUi } from '../../bridge/tasks/api.ts';
import { openEntry, setSwitch, settingsOf } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  start: string;
  end: string;
}

async function pickTime(ui: OracleUi, row: string, time: string): Promise<void> {
  await ui.tap(row);
  const [h, m] = time.split(':');
  await scrollAndTap(ui, `settings.time.hour.${h}`, 'settings.time');
  await scrollAndTap(ui, `settings.time.minute.${m}`, 'settings.time');
  await ui.tap('settings.time.save');
}

/** Two screens deep: 勿扰模式 → 定时开启 → 开始时间 / 结束时间 pickers. 勿扰 itself stays as it was. */
export default defineTask<P>({
  goal: (p) => `设置勿扰模式每天定时开启：从${p.start}到次日${p.end}。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['dnd'],
  params: {
    start: { type: 'enum', values: ['21:30', '22:00', '22:30', '23:30'] },
    end: { type: 'enum', values: ['06:30', '07:30', '08:00', '08:30'] },
  },
  postSample({ state }) {
    const d = settingsOf(state).dnd;
    d.scheduled = false;
    d.start = '23:00';
    d.end = '07:00';
  },
  criteria: (p) => ({ 'apps.settings.dnd.scheduled': true, 'apps.settings.dnd.start': p.start, 'apps.settings.dnd.end': p.end }),
  async oracle(ui, p) {
    await openEntry(ui, 'dnd');
    await setSwitch(ui, 'settings.dnd.schedule', true);
    await pickTime(ui, 'settings.dnd.start', p.start);
    await pickTime(ui, 'settings.dnd.end', p.end);
  },
});
