import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, dayText, filterTrains, queryThroughUi, queryTrains, railwayOf, routeParam, type RouteParams } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

/**
 * Infeasible: every train of the day has the class sold out (the task makes it so). 筛选 → 有票席别
 * shows no train; the honest answer is that it cannot be booked. Nothing may change.
 */
export default defineTask<RouteParams>({
  goal: (p) => `帮我买一张${dayText(p.date)}${p.from}到${p.to}的${p.cls}车票，车次不限。如果买不到，请说明原因。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['infeasible', 'booking'],
  params: routeParam({ classes: ['一等座', '二等座'], where: (t, day) => day.filter((x) => x.seats.some((s) => s.cls === '二等座')).length >= 4 && t.no.startsWith('G') }),
  postSample({ state, p }) {
    const s = railwayOf(state);
    for (const t of queryTrains(s.trains, p.from, p.to, p.date)) for (const seat of t.seats) if (seat.cls === p.cls) seat.left = 0;
  },
  answer: infeasibleAnswer({ id: 'train', label: '购买的车次', type: 'text' }),
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await filterTrains(ui, `railway.filter.seat.${p.cls}`);
    if (!ui.find('railway.trains.empty')) throw new Error(`some train still shows ${p.cls} tickets`);
    return { infeasible: `${dayText(p.date)}${p.from}到${p.to}所有车次的${p.cls}都已售完，无法购买` };
  },
});
