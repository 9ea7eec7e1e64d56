import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDish, checkoutAndPay, defaultAddress, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, openShop, openShops, orderOf, orderSideChanges, paidOrderCriteria, picksPhrase, randomPicks, shopOf, uniqueDishes, unitPrice, hasChoices } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  picks: string[][];
  spec: string;
  qty: number;
}

/** Order a dish with its options (size, spice, add-ons) from a named shop to the default address, and pay with the wallet. */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”点${p.qty}份「${p.dishName}」，要${p.spec}，送到默认地址，用钱包余额付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'options'],
  params: {
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName', 'picks', 'spec', 'qty'], (state, rng) => {
      const shops = openShops(state).filter((s) => uniqueDishes(s, hasChoices).length > 0);
      if (shops.length === 0) return null;
      const shop = rng.pick(shops);
      const dish = rng.pick(uniqueDishes(shop, hasChoices));
      let picks = randomPicks(rng, dish);
      if (picks.flat().length === 0) picks = dish.options.map((g) => (g.multi ? [g.choices[0].name] : [g.choices[0].name]));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, picks, spec: picksPhrase(picks), qty: rng.int(1, 2) };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const food = foodOf(state);
    food.cart = food.cart.filter((l) => l.shopId !== p.shopId);
    const dish = dishOf(state, p.shopId, p.dishId);
    // The order must reach the shop's 起送 price: the minimum drops to what this order costs.
    shop.minOrder = Math.min(shop.minOrder, unitPrice(dish, p.picks) * p.qty);
    ensureBalance(state, unitPrice(dish, p.picks) * p.qty + shop.deliveryFee + 1000);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const home = defaultAddress(foodOf(input.init).addresses)!;
    return [
      ...itemsCriteria(order, p.shopId, [{ dishId: p.dishId, picks: p.picks, qty: p.qty }]),
      criteria.equals('sent to the default address', order ? `${order.address.address} ${order.address.room}` : null, `${home.address} ${home.room}`),
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
