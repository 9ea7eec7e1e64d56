import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { foodOf, openOrder, orderOf, setStage, walletOf } from './_helpers.ts';
import { nextBillId } from '../wallet/_helpers.ts';
import { FOOD_MERCHANT } from '../../simulator-apps/food/logic.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
}

/** The shop has accepted but not started cooking: 取消订单 → the order is cancelled and its total comes back to the wallet. */
export default defineTask<P>({
  goal: (p) => `我不想要在饭来外卖“${p.shopName}”点的那单了，趁商家还没开始做，把它取消掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['orders', 'clock', 'refund', 'cross-app'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopName'], (state) => {
      const live = foodOf(state).orders.at(-1)!;
      return { orderId: live.id, shopName: live.shopName };
    }),
  },
  postSample({ state, p }) {
    setStage(state, orderOf(state, p.orderId)!, 'accepted');
  },
  checkGoals(input, p) {
    const order = orderOf(input.final, p.orderId);
    const before = walletOf(input.init);
    const after = walletOf(input.final);
    const billId = nextBillId(before);
    const bill = after.bills.find((b) => b.id === billId);
    return [
      criteria.equals('the order is cancelled', order?.status ?? null, 'cancelled', `apps.food.orders[${p.orderId}]`),
      criteria.equals('a refund bill from 饭来外卖 for the total', bill ? `${bill.direction}/${bill.counterparty}/${bill.amount}` : null, `in/${FOOD_MERCHANT}/${order?.total ?? -1}`, `apps.wallet.bills[${billId}]`),
      criteria.equals('the balance is back up by the total', after.balance, before.balance + (order?.total ?? 0), 'apps.wallet.balance'),
    ];
  },
  expectedChanges: () => ['apps.food.coupons[*].usedBy'],
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('food.detail.cancel');
    await ui.tap('dialog.confirm');
    if (ui.find('food.detail.stage')?.text !== '已取消') throw new Error('the order did not show 已取消');
  },
});
