import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { ensureBalance, formatYuan, openWalletHome, payAtCashier, paymentCriteria, walletOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  merchant: string;
  title: string;
  amount: number;
}

/** An order another app left for the wallet to pay: 待支付订单 → the order → 立即支付 → password. */
export default defineTask<P>({
  goal: (p) => `钱包里有一笔“${p.merchant}”的待支付订单（${p.title}），请用余额把它付掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['payment', 'orders'],
  params: {
    ...spreadParam('_order', ['orderId', 'merchant', 'title', 'amount'], (state, rng) => {
      const o = rng.pick(walletOf(state).orders.filter((x) => x.status === 'unpaid'));
      return { orderId: o.id, merchant: o.merchant, title: o.title, amount: o.amount };
    }),
  },
  postSample({ state, p }) {
    ensureBalance(state, p.amount);
  },
  checkGoals(input, p) {
    const order = walletOf(input.final).orders.find((o) => o.id === p.orderId);
    const others = walletOf(input.final).orders.filter((o) => o.id !== p.orderId && o.status === 'paid').length;
    const othersBefore = walletOf(input.init).orders.filter((o) => o.id !== p.orderId && o.status === 'paid').length;
    return [
      criteria.equals('the order is paid', order?.status ?? null, 'paid', `apps.wallet.orders[${p.orderId}]`),
      criteria.equals('no other order was paid', others, othersBefore),
      ...paymentCriteria(input, { counterparty: p.merchant, amount: p.amount, category: '购物', note: p.title }),
    ];
  },
  async oracle(ui, p) {
    await openWalletHome(ui);
    await ui.tap('wallet.orders');
    await scrollAndTap(ui, `wallet.order.${p.orderId}`, 'wallet.orders.list');
    if (!ui.find({ key: 'wallet.order.amount', text: `¥${formatYuan(p.amount)}` })) throw new Error('the order amount is not shown');
    await payAtCashier(ui);
    await ui.tap('wallet.done');
  },
});
