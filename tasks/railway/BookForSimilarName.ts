import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { TRAP_PASSENGERS } from '../../simulator-apps/railway/data.ts';
import { bookingChanges, bookOnTrainPage, dayText, newOrders, openTrainInList, queryThroughUi, railwayOf, routeParam, type RouteParams } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAndTwin } from '../_shared/records.ts';

interface P extends RouteParams {
  passengerId: string;
  name: string;
  lookAlike: string;
}

/**
 * Trap: two passengers' names differ by one character (王子涵 / 王梓涵). The order must carry
 * exactly the one named, alone; submitting is enough (it stays 待支付).
 */
export default defineTask<P>({
  goal: (p) => `给乘车人“${p.name}”订一张${dayText(p.date)}${p.from}到${p.to}的${p.trainNo}次${p.cls}，只给他一个人订，提交订单就行，先不用付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['trap', 'booking'],
  params: {
    ...routeParam({ need: 3, classes: ['一等座', '二等座', '硬座'] }),
    ...spreadParam('_who', ['passengerId', 'name', 'lookAlike'], (state, rng) => {
      const ps = railwayOf(state).passengers;
      const pair = TRAP_PASSENGERS.find((pr) => pr.every((n) => ps.some((x) => x.name === n)));
      if (!pair) return null;
      const [name, twin] = oneAndTwin(rng, pair);
      const p = ps.find((x) => x.name === name)!;
      return { passengerId: p.id, name: p.name, lookAlike: twin };
    }),
  },
  checkGoals(input, p) {
    const added = newOrders(input);
    const o = added[0];
    return [
      criteria.equals('exactly one new order', added.length, 1),
      criteria.equals('on the train and class asked for', o ? `${o.trainId}/${o.seatClass}` : null, `${p.trainId}/${p.cls}`),
      criteria.equals(`only for ${p.name}`, o?.tickets.map((k) => k.name) ?? null, [p.name]),
      criteria.equals('submitted, waiting to be paid', o?.status ?? null, 'unpaid'),
    ];
  },
  expectedChanges: (input, p) => bookingChanges(input, [p.trainId]),
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await openTrainInList(ui, p.trainId);
    await bookOnTrainPage(ui, p.cls, [p.passengerId]);
  },
});
