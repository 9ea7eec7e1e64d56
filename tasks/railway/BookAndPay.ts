import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { bookingChanges, bookOnTrainPage, dayText, ensureBalance, me, newOrders, openTrainInList, payOnOrderPage, queryThroughUi, railwayOf, routeParam, seatOf, walletPaid, type RouteParams } from './_helpers.ts';

/** Query → train → class → me → 提交订单 → 去支付 in the wallet: the order is paid and the money left the wallet. */
export default defineTask<RouteParams>({
  goal: (p) => `帮我买一张${dayText(p.date)}${p.from}到${p.to}的${p.trainNo}次${p.cls}车票（乘车人是我本人），并用钱包余额完成支付。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'booking'],
  params: routeParam({ need: 3, classes: ['一等座', '二等座', '硬卧', '硬座'] }),
  postSample({ state, p }) {
    const seat = seatOf(railwayOf(state).trains.find((t) => t.id === p.trainId)!, p.cls)!;
    ensureBalance(state, seat.price);
  },
  checkGoals(input, p) {
    const added = newOrders(input);
    const o = added[0];
    const price = seatOf(railwayOf(input.init).trains.find((t) => t.id === p.trainId)!, p.cls)!.price;
    const leftBefore = seatOf(railwayOf(input.init).trains.find((t) => t.id === p.trainId)!, p.cls)!.left;
    const leftAfter = seatOf(railwayOf(input.final).trains.find((t) => t.id === p.trainId)!, p.cls)!.left;
    return [
      criteria.equals('exactly one new order', added.length, 1),
      criteria.equals('on the train asked for', o?.trainId ?? null, p.trainId),
      criteria.equals('in the class asked for', o?.seatClass ?? null, p.cls),
      criteria.equals('for me only', o?.tickets.map((k) => k.passengerId) ?? null, [me(input.init).id]),
      criteria.equals('the order is paid', o?.status ?? null, 'paid'),
      criteria.equals('one ticket fewer left', leftAfter, leftBefore - 1),
      ...walletPaid(input, price),
    ];
  },
  expectedChanges: (input, p) => bookingChanges(input, [p.trainId]),
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await openTrainInList(ui, p.trainId);
    await bookOnTrainPage(ui, p.cls, [me(ui.state).id]);
    await payOnOrderPage(ui);
    if (ui.find('railway.order.status')?.text !== '未出行') throw new Error(`the order is not shown as paid (${ui.find('railway.order.status')?.text})`);
  },
});
