import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';
import { bookingChanges, bookOnTrainPage, dayText, ensureBalance, filterTrains, me, newOrders, openTrainInList, payOnOrderPage, queryThroughUi, queryTrains, railwayOf, routeParam, seatOf, todayOf, walletPaid, type RouteParams } from './_helpers.ts';

/**
 * Trap: the cheapest 二等座 of the day must be found (筛选 有票二等座 + 价格最低); the next (or
 * previous) day has an even cheaper one, which is the wrong date.
 */
export default defineTask<RouteParams>({
  goal: (p) => `帮我买${dayText(p.date)}${p.from}到${p.to}当天二等座票价最便宜（且有票）的那趟车的二等座，乘车人是我本人，用钱包付款。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'booking', 'trap'],
  params: routeParam({
    need: 0,
    classes: ['二等座'],
    where: (t, day, s) => day.filter((x) => seatOf(x, '二等座')).length >= 3 && queryTrains(s.trains, t.from, t.to, addDays(t.date, 1)).some((x) => seatOf(x, '二等座')),
  }),
  postSample({ state, p }) {
    const s = railwayOf(state);
    const day = queryTrains(s.trains, p.from, p.to, p.date).filter((t) => seatOf(t, '二等座'));
    const low = Math.min(...day.map((t) => seatOf(t, '二等座')!.price));
    const target = seatOf(s.trains.find((t) => t.id === p.trainId)!, '二等座')!;
    target.price = low - 1500;
    target.left = Math.max(target.left, 4);
    const today = todayOf(state);
    const next = queryTrains(s.trains, p.from, p.to, addDays(p.date, 1)).filter((t) => seatOf(t, '二等座'));
    const prev = addDays(p.date, -1) > today ? queryTrains(s.trains, p.from, p.to, addDays(p.date, -1)).filter((t) => seatOf(t, '二等座')) : [];
    const other = next[0] ?? prev[0];
    if (other) {
      const decoy = seatOf(other, '二等座')!;
      decoy.price = target.price - 1000;
      decoy.left = Math.max(decoy.left, 20);
    }
    ensureBalance(state, target.price);
  },
  checkGoals(input, p) {
    const added = newOrders(input);
    const o = added[0];
    const price = seatOf(railwayOf(input.init).trains.find((t) => t.id === p.trainId)!, '二等座')!.price;
    return [
      criteria.equals('exactly one new order', added.length, 1),
      criteria.equals('on the cheapest train of that day', o ? `${o.trainNo}/${o.date}` : null, `${p.trainNo}/${p.date}`),
      criteria.equals('二等座 for me only', o ? `${o.seatClass}/${o.tickets.map((k) => k.passengerId).join()}` : null, `二等座/${me(input.init).id}`),
      criteria.equals('the order is paid', o?.status ?? null, 'paid'),
      ...walletPaid(input, price),
    ];
  },
  expectedChanges: (input, p) => bookingChanges(input, [p.trainId]),
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await filterTrains(ui, 'railway.filter.seat.二等座');
    await ui.tap('railway.sort.price');
    const top = ui.findAll('railway.train.no.*')[0];
    if (top?.text !== p.trainNo) throw new Error(`the cheapest on screen is ${top?.text}, expected ${p.trainNo}`);
    await openTrainInList(ui, p.trainId);
    await bookOnTrainPage(ui, '二等座', [me(ui.state).id]);
    await payOnOrderPage(ui);
  },
});
