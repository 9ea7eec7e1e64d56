import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { bookingChanges, bookOnTrainPage, dayText, ensureBalance, filterTrains, me, newOrders, openTrainInList, payOnOrderPage, queryThroughUi, queryTrains, railwayOf, routeParam, seatOf, walletPaid, type RouteParams } from './_helpers.ts';
import type { RailwayState } from '../../simulator-apps/railway/types.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

/** The earliest train of the day still selling 二等座 (the first in the list is sold out: the trap). */
function firstAvailable(state: PhoneState, p: { from: string; to: string; date: string }) {
  const s: RailwayState = railwayOf(state);
  return queryTrains(s.trains, p.from, p.to, p.date).find((t) => (seatOf(t, '二等座')?.left ?? 0) > 0);
}

export default defineTask<RouteParams>({
  goal: (p) => `帮我买${dayText(p.date)}${p.from}到${p.to}当天发车最早、并且还有二等座余票的那趟车的二等座（乘车人是我本人），并用钱包付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'booking', 'trap'],
  // `trainId`: the first train of the day with 二等座; the task sells it out.
  params: routeParam({ need: 0, classes: ['二等座'], where: (t, day) => day.filter((x) => seatOf(x, '二等座')).length >= 3 && day.find((x) => seatOf(x, '二等座'))?.id === t.id }),
  postSample({ state, p }) {
    const day = queryTrains(railwayOf(state).trains, p.from, p.to, p.date).filter((t) => seatOf(t, '二等座'));
    seatOf(day[0], '二等座')!.left = 0;
    const next = seatOf(day[1], '二等座')!;
    next.left = Math.max(next.left, 3);
    ensureBalance(state, next.price);
  },
  checkGoals(input, p) {
    const want = firstAvailable(input.init, p)!;
    const added = newOrders(input);
    const o = added[0];
    return [
      criteria.equals('exactly one new order', added.length, 1),
      criteria.equals('on the earliest train with 二等座 left', o?.trainNo ?? null, want.no),
      criteria.equals('二等座 for me only', o ? `${o.seatClass}/${o.tickets.map((k) => k.passengerId).join()}` : null, `二等座/${me(input.init).id}`),
      criteria.equals('the order is paid', o?.status ?? null, 'paid'),
      ...walletPaid(input, seatOf(want, '二等座')!.price),
    ];
  },
  expectedChanges: (input, p) => bookingChanges(input, [firstAvailable(input.init, p)!.id]),
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    const first = ui.find(`railway.train.seat.${p.trainId}.二等座`);
    if (!first?.text.endsWith('无')) throw new Error(`the first train's 二等座 is not sold out (${first?.text})`);
    await filterTrains(ui, 'railway.filter.seat.二等座');
    const want = firstAvailable(ui.state, p)!;
    const top = ui.findAll('railway.train.no.*')[0];
    if (top?.text !== want.no) throw new Error(`the filtered list starts with ${top?.text}, expected ${want.no}`);
    await openTrainInList(ui, want.id);
    await bookOnTrainPage(ui, '二等座', [me(ui.state).id]);
    await payOnOrderPage(ui);
  },
});
