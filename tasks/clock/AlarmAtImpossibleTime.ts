import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { openClockTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  hour: number;
  minute: string;
}

/** Infeasible: 25-29 时 is not a time; the form refuses it with a toast and saves nothing. */
export default defineTask<P>({
  goal: (p) => `设一个每天 ${p.hour}:${p.minute} 响的闹钟。如果设不了，请说明原因。`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['infeasible', 'alarm'],
  params: {
    hour: { type: 'int', min: 24, max: 29 },
    minute: { type: 'enum', values: ['00', '15', '30', '45'] },
  },
  answer: infeasibleAnswer({ id: 'alarm', label: '闹钟时间', type: 'text' }),
  async oracle(ui, p) {
    await openClockTab(ui, 'alarms');
    await ui.tap('clock.alarm.add');
    await ui.type('clock.edit.hour', String(p.hour), { clear: true });
    await ui.type('clock.edit.minute', p.minute, { clear: true });
    await ui.tap('clock.edit.save');
    if (!ui.find({ textIncludes: '请输入有效的时间' })) throw new Error('the form did not refuse the time');
    await ui.back();
    return { infeasible: `一天只有 0-23 点，${p.hour}:${p.minute} 不是有效的时间，闹钟设置不了` };
  },
});
