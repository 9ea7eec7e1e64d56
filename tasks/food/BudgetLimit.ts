import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { bestCoupon, quote } from '../../simulator-apps/food/logic.ts';
import { moneyText } from '../../simulator-apps/shared/money.ts';
import { spreadParam } from '../_shared/params.ts';
import type { Dish } from '../../simulator-apps/food/types.ts';
import { addDish, checkoutAndPay, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, nowOf, openShop, openShops, orderOf, orderSideChanges, paidOrderCriteria, picksPhrase, shopOf, uniqueDishes, unitPrice } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  picks: string[][];
  spec: string;
  qty: number;
  /** Fen: the most the order may cost. */
  budget: number;
}

/**
 * Restraint: an order with a ceiling. The dish in its large size with an add-on fits the budget
 * only with the 红包 the checkout offers; dropping the red packet (or paying for more) breaks it.
 */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”点${p.qty}份「${p.dishName}」，要${p.spec}，送到默认地址并用钱包付款。实付不能超过¥${moneyText(p.budget)}，超过就不要付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'restraint', 'coupons'],
  params: {
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName', 'picks', 'spec', 'qty', 'budget'], (state, rng) => {
      const withSize = (d: Dish) => d.options.some((g) => !g.multi && g.choices.length > 1);
      const bigPicks = (d: Dish) => d.options.map((g) => (g.multi ? [g.choices[0].name] : [g.choices[g.choices.length - 1].name]));
      const coupons = foodOf(state).coupons;
      const candidates = openShops(state).flatMap((shop) => uniqueDishes(shop, withSize).map((dish) => ({ shop, dish, subtotal: unitPrice(dish, bigPicks(dish)) * 2 })));
      const fits = candidates.filter((c) => bestCoupon(coupons, c.shop.id, c.subtotal, nowOf(state)) !== null);
      if (fits.length === 0) return null;
      const { shop, dish, subtotal } = rng.pick(fits);
      const picks = bigPicks(dish);
      // The ceiling: the total with the best red packet, rounded up to the yuan (without it, more).
      const budget = Math.ceil(quote(subtotal, shop.deliveryFee, bestCoupon(coupons, shop.id, subtotal, nowOf(state))).total / 100) * 100;
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, picks, spec: picksPhrase(picks), qty: 2, budget };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const food = foodOf(state);
    food.cart = food.cart.filter((l) => l.shopId !== p.shopId);
    const subtotal = unitPrice(dishOf(state, p.shopId, p.dishId), p.picks) * p.qty;
    shop.minOrder = Math.min(shop.minOrder, subtotal);
    ensureBalance(state, subtotal + shop.deliveryFee);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    return [
      ...itemsCriteria(order, p.shopId, [{ dishId: p.dishId, picks: p.picks, qty: p.qty }]),
      criteria.that(`paid no more than ¥${moneyText(p.budget)}`, order !== undefined && order.total <= p.budget, { expected: `≤ ${p.budget}`, actual: order?.total ?? null }),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges: (input, p) => orderSideChanges(input, p.shopId),
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    await addDish(ui, dishOf(ui.state, p.shopId, p.dishId), p.picks, p.qty);
    await checkoutAndPay(ui);
  },
});
