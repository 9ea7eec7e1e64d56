import { defineTask } from '../../bridge/tasks/api.ts';
import { cityOf } from '../../simulator-apps/railway/logic.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';
import { STATIONS } from '../../simulator-apps/railway/data.ts';
import { BROWSE_CHANGES, dayText, queryThroughUi, railwayOf, todayOf } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  from: string;
  to: string;
  date: string;
}

/** Infeasible: no train runs between the two cities that day; the list says 暂无车次. */
export default defineTask<P>({
  goal: (p) => `帮我订一张${dayText(p.date)}从${p.from}到${p.to}的火车票，什么座位都可以。如果没有车次，请说明。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['infeasible', 'trains'],
  params: {
    ...spreadParam('_q', ['from', 'to', 'date'], (state, rng) => {
      const s = railwayOf(state);
      const linked = new Set(s.trains.map((t) => `${cityOf(t.from)}>${cityOf(t.to)}`));
      const hot = STATIONS.filter((x) => x.hot);
      const pairs: P[] = [];
      for (const a of hot) for (const b of hot) if (cityOf(a.name) !== cityOf(b.name) && !linked.has(`${a.city}>${b.city}`)) pairs.push({ from: a.name, to: b.name, date: '' });
      const pair = rng.pick(pairs);
      return { ...pair, date: addDays(todayOf(state), rng.int(1, 3)) };
    }),
  },
  answer: infeasibleAnswer({ id: 'train', label: '预订的车次', type: 'text' }),
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    const empty = ui.find('railway.trains.empty');
    if (!empty || !empty.text.includes('暂无车次')) throw new Error('the list is not empty');
    return { infeasible: `${dayText(p.date)}${p.from}到${p.to}暂无车次，无法订票` };
  },
});
