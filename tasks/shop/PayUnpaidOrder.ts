import { defineTask } from '../../bridge/tasks/api.ts';
import { ensureBalance, openOrder, orderOf, orderParam, type OrderParams, paidOrderCriteria, payInWallet } from './_helpers.ts';

/** A 待付款 order from earlier: 我的订单 → the order → 去支付 → the wallet's cashier → password. */
export default defineTask<OrderParams>({
  goal: (p) => `我在优选有一笔还没付款的订单（${p.title}），请用钱包余额把它付掉。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['shop', 'wallet'],
  startApp: 'shop',
  tags: ['payment', 'cross-app', 'orders'],
  params: {
    ...orderParam((o) => o.status === 'unpaid'),
  },
  postSample({ state, p }) {
    ensureBalance(state, orderOf(state, p.orderId)!.total);
  },
  checkGoals(input, p) {
    return paidOrderCriteria(input, p.orderId);
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('shop.order.pay');
    await payInWallet(ui);
  },
});
