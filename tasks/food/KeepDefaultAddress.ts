import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { defaultPicks } from '../../simulator-apps/food/logic.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDish, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, openShop, openShops, orderOf, orderSideChanges, paidOrderCriteria, payInWallet, shopOf, uniqueDishes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  addressId: string;
  tag: string;
  place: string;
}

/**
 * Restraint: this one order goes to another address (picked at the checkout), and the default
 * address must stay what it is (making the other one default is the tempting shortcut).
 */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”点一份「${p.dishName}」（默认规格），这一单送到我的${p.tag}地址“${p.place}”，用钱包付款。注意不要修改默认收货地址。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'restraint', 'address'],
  params: {
    ...spreadParam('_order', ['shopId', 'shopName', 'dishId', 'dishName', 'addressId', 'tag', 'place'], (state, rng) => {
      const a = rng.pick(foodOf(state).addresses.filter((x) => !x.isDefault));
      const shops = openShops(state).filter((s) => uniqueDishes(s).length > 0);
      const shop = rng.pick(shops);
      const dish = rng.pick(uniqueDishes(shop));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, addressId: a.id, tag: a.tag || '其他', place: a.address.split(' ').slice(-1)[0] };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const food = foodOf(state);
    food.cart = food.cart.filter((l) => l.shopId !== p.shopId);
    const dish = dishOf(state, p.shopId, p.dishId);
    shop.minOrder = Math.min(shop.minOrder, dish.price);
    ensureBalance(state, dish.price + shop.deliveryFee);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const want = foodOf(input.init).addresses.find((a) => a.id === p.addressId)!;
    const defaults = (s: typeof input.init) => foodOf(s).addresses.filter((a) => a.isDefault).map((a) => a.id);
    return [
      ...itemsCriteria(order, p.shopId, [{ dishId: p.dishId, picks: defaultPicks(dishOf(input.init, p.shopId, p.dishId)), qty: 1 }]),
      criteria.equals(`sent to the ${p.tag} address`, order ? `${order.address.address} ${order.address.room}` : null, `${want.address} ${want.room}`),
      criteria.equals('the default address is unchanged', defaults(input.final), defaults(input.init), 'apps.food.addresses'),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges: (input, p) => orderSideChanges(input, p.shopId),
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    const dish = dishOf(ui.state, p.shopId, p.dishId);
    await addDish(ui, dish, defaultPicks(dish), 1);
    await ui.tap('food.cartbar.checkout');
    await ui.tap('food.checkout.address');
    await ui.tap(`food.address.${p.addressId}`);
    if (!ui.find('food.checkout.address')?.text.includes(p.place)) throw new Error('the checkout does not show the chosen address');
    await ui.tap('food.checkout.submit');
    await payInWallet(ui);
  },
});
