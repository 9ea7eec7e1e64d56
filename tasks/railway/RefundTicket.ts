import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { refundQuote } from '../../simulator-apps/railway/logic.ts';
import { confirmDialog, dayText, openOrder, orderParam, type OrderParams, railwayOf, todayOf, walletRefunded } from './_helpers.ts';

/** 退票: the fee is kept, the rest returns to the wallet, the seats go back on sale. */
export default defineTask<OrderParams>({
  goal: (p) => `我${dayText(p.date)}的${p.trainNo}次行程取消了，请把这个订单的车票全部退掉，退款退回钱包。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'refund'],
  params: {
    ...orderParam((o, state) => o.status === 'paid' && !!o.trainId && o.date > todayOf(state)),
  },
  checkGoals(input, p) {
    const o = railwayOf(input.final).orders.find((x) => x.id === p.orderId);
    const before = railwayOf(input.init).orders.find((x) => x.id === p.orderId)!;
    const q = refundQuote(before, o?.refund?.at ?? input.init.os.time.timestamp);
    const amount = q.ok ? q.amount : -1;
    return [
      criteria.equals('the order is refunded', o?.status ?? null, 'refunded', `apps.railway.orders[${p.orderId}]`),
      criteria.equals('the refund keeps the right fee (fen)', o?.refund?.fee ?? null, q.ok ? q.fee : null),
      ...walletRefunded(input, amount),
    ];
  },
  expectedChanges: (input, p) => [`apps.railway.trains[${railwayOf(input.init).orders.find((o) => o.id === p.orderId)!.trainId}].seats[*].left`],
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'upcoming');
    await ui.tap('railway.order.refund');
    await confirmDialog(ui);
    if (ui.find('railway.order.status')?.text !== '已退票') throw new Error('the order is not shown as refunded');
  },
});
