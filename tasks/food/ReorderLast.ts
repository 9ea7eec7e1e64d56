import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, openOrder, orderOf, orderSideChanges, paidOrderCriteria, payInWallet, shopOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopId: string;
  shopName: string;
}

/** 再来一单 on a delivered order: the same dishes with the same options, paid with the wallet. */
export default defineTask<P>({
  goal: (p) => `把我上次在饭来外卖“${p.shopName}”点的外卖原样再点一单（同样的菜、规格和份数），送到默认地址，用钱包付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'orders'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopId', 'shopName'], (state, rng) => {
      const orders = foodOf(state).orders.filter((o) => o.status === 'paid' && o.id !== foodOf(state).orders.at(-1)!.id);
      const o = rng.pick(orders.filter((x) => orders.filter((y) => y.shopId === x.shopId).length === 1));
      return { orderId: o.id, shopId: o.shopId, shopName: o.shopName };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const order = orderOf(state, p.orderId)!;
    for (const it of order.items) shop.dishes.find((d) => d.id === it.dishId)!.soldOut = false;
    shop.minOrder = Math.min(shop.minOrder, order.subtotal);
    ensureBalance(state, order.subtotal + shop.deliveryFee);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const source = orderOf(input.init, p.orderId)!;
    return [...itemsCriteria(orderOf(input.final, orderId), p.shopId, source.items.map((i) => ({ dishId: i.dishId, picks: i.picks, qty: i.qty }))), ...paidOrderCriteria(input, orderId)];
  },
  expectedChanges: (input, p) => orderSideChanges(input, p.shopId),
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('food.detail.again');
    await ui.tap('food.checkout.submit');
    await payInWallet(ui);
  },
});
