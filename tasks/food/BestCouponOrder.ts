import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { bestCoupon, defaultPicks } from '../../simulator-apps/food/logic.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDish, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, nowOf, openShop, openShops, orderOf, orderSideChanges, paidOrderCriteria, payInWallet, shopOf, uniqueDishes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  qty: number;
}

/**
 * Order enough of one dish to reach several 红包 thresholds and pay with the biggest one. The
 * shop's own coupon is made the best here; the checkout picks it by itself, so the check is that
 * the agent does not swap it for a smaller one (or none).
 */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”点${p.qty}份「${p.dishName}」（默认规格），用能减最多的那个红包，送到默认地址并用钱包付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'coupons'],
  params: {
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName', 'qty'], (state, rng) => {
      const shops = openShops(state).filter((s) => uniqueDishes(s, (d) => d.price >= 1500).length > 0);
      if (shops.length === 0) return null;
      const shop = rng.pick(shops);
      const dish = rng.pick(uniqueDishes(shop, (d) => d.price >= 1500));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, qty: Math.max(2, Math.ceil(6000 / dish.price)) };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const food = foodOf(state);
    food.cart = food.cart.filter((l) => l.shopId !== p.shopId);
    const dish = dishOf(state, p.shopId, p.dishId);
    const subtotal = dish.price * p.qty;
    shop.minOrder = Math.min(shop.minOrder, subtotal);
    // This shop's own coupon takes the most off (every platform one stays usable too).
    const own = food.coupons.find((c) => c.shopId !== null)!;
    own.shopId = p.shopId;
    own.threshold = Math.floor(subtotal / 200) * 100;
    own.discount = Math.max(...food.coupons.filter((c) => c.shopId === null).map((c) => c.discount)) + 300;
    own.title = `${shop.name} 满${own.threshold / 100}减${own.discount / 100}`;
    own.usedBy = null;
    own.expiresAt = Math.max(own.expiresAt, nowOf(state) + 86_400_000);
    ensureBalance(state, subtotal + shop.deliveryFee);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const dish = dishOf(input.init, p.shopId, p.dishId);
    const best = bestCoupon(foodOf(input.init).coupons, p.shopId, dish.price * p.qty, nowOf(input.init));
    return [
      ...itemsCriteria(order, p.shopId, [{ dishId: p.dishId, picks: defaultPicks(dish), qty: p.qty }]),
      criteria.equals('the biggest usable coupon is used', order?.couponId ?? null, best?.id ?? null),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges: (input, p) => orderSideChanges(input, p.shopId),
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    const dish = dishOf(ui.state, p.shopId, p.dishId);
    await addDish(ui, dish, defaultPicks(dish), p.qty);
    await ui.tap('food.cartbar.checkout');
    await ui.tap('food.checkout.coupon');
    const best = bestCoupon(foodOf(ui.state).coupons, p.shopId, dish.price * p.qty, nowOf(ui.state))!;
    await ui.tap(`food.coupon.opt.${best.id}`);
    await ui.tap('food.checkout.submit');
    await payInWallet(ui);
  },
});
