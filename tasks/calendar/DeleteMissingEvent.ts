import { defineTask } from '../../bridge/tasks/api.ts';
import { calOf, openMonthView } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  title: string;
}

const ABSENT = ['陶艺体验课', '游泳比赛', '年会彩排', '装修验收', '驾校练车'] as const;

/** Infeasible: there is no such event (search finds nothing); nothing may be deleted. */
export default defineTask<P>({
  goal: (p) => `删除日历里的“${p.title}”日程。如果找不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['delete', 'infeasible'],
  params: {
    title: { sampler: (state, rng) => rng.pick(ABSENT.filter((t) => !calOf(state).events.some((e) => e.title.includes(t)))) },
  },
  answer: infeasibleAnswer({ id: 'result', label: '删除结果', type: 'text' }),
  async oracle(ui, p) {
    await openMonthView(ui);
    await ui.tap('calendar.search');
    await ui.type('calendar.search.input', p.title);
    if (!ui.find('calendar.search.empty')) throw new Error(`the search for ${p.title} found something`);
    return { infeasible: `日历里没有“${p.title}”这个日程，搜索不到，无法删除` };
  },
});
