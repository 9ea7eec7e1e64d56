import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { openClockTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  city: string;
}

/** Infeasible: the city is made up; 添加城市 finds nothing, and nothing near it must be added instead. */
const MADE_UP = ['青岚市', '云栖港', '北溟城', '苍梧镇', '望舒湾', '霁川'] as const;

export default defineTask<P>({
  goal: (p) => `在世界时钟里添加城市“${p.city}”，看看那里现在几点。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['infeasible', 'world-clock'],
  params: { city: { type: 'enum', values: [...MADE_UP] } },
  answer: infeasibleAnswer({ id: 'time', label: '当地时间', type: 'time' }),
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    await ui.tap('clock.world.add');
    await ui.type('clock.city.search', p.city);
    if (!ui.find('clock.addcity.empty')) throw new Error(`the search for ${p.city} found something`);
    await ui.back();
    return { infeasible: `世界时钟的城市列表里没有“${p.city}”，无法添加，也查不到那里的时间` };
  },
});
