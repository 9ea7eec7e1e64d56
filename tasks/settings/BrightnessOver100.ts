import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  percent: number;
}

/** Infeasible: brightness goes from 0 to 100%; nothing may change. */
export default defineTask<P>({
  goal: (p) => `把屏幕亮度调到${p.percent}%。如果做不到，请说明原因。`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['display', 'infeasible'],
  params: {
    percent: { type: 'enum', values: [120, 150, 200] },
  },
  answer: infeasibleAnswer({ id: 'brightness', label: '调整后的亮度（%）', type: 'number' }),
  async oracle(ui, p) {
    await openEntry(ui, 'display');
    const slider = ui.find('settings.display.brightness');
    if (!slider || slider.role !== 'slider') throw new Error('no brightness slider on the display screen');
    return { infeasible: `亮度滑块的范围是0%到100%，无法调到${p.percent}%` };
  },
});
