import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { dayText, ensureBalance, openOrder, orderParam, type OrderParams, payOnOrderPage, railwayOf, walletOf, walletPaid } from './_helpers.ts';
import { nextOrderId as nextWalletOrderId } from '../../simulator-apps/wallet/payments.ts';

/** The order waiting to be paid: 订单 → 待支付 → 去支付 → the wallet's cashier. */
export default defineTask<OrderParams>({
  goal: (p) => `我有一个${dayText(p.date)}${p.trainNo}次的火车票订单还没付款，请用钱包把它付掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'orders'],
  params: {
    ...orderParam((o) => o.status === 'unpaid'),
  },
  postSample({ state, p }) {
    const o = railwayOf(state).orders.find((x) => x.id === p.orderId)!;
    ensureBalance(state, o.due);
  },
  checkGoals(input, p) {
    const o = railwayOf(input.final).orders.find((x) => x.id === p.orderId);
    const due = railwayOf(input.init).orders.find((x) => x.id === p.orderId)!.due;
    return [criteria.equals('the order is paid', o?.status ?? null, 'paid', `apps.railway.orders[${p.orderId}]`), ...walletPaid(input, due)];
  },
  expectedChanges: (input) => [`apps.wallet.orders[${nextWalletOrderId(walletOf(input.init))}]`],
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'unpaid');
    await payOnOrderPage(ui);
    if (ui.find('railway.order.status')?.text !== '未出行') throw new Error('the order is not shown as paid');
  },
});
