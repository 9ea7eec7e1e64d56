import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDish, dishOf, foodOf, keepOpen, openShop, openShops, picksPhrase, shopOf, uniqueDishes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  picks: string[][];
  spec: string;
}

/** Only into the cart: a dish with two add-ons (a multi-choice group) and a chosen single option; no order. */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”把一份「${p.dishName}」加入购物车，要${p.spec}。先不要下单。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['food'],
  startApp: 'food',
  tags: ['options', 'cart'],
  params: {
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName', 'picks', 'spec'], (state, rng) => {
      const withAddons = (d: { options: { multi: boolean; choices: unknown[] }[] }) => d.options.some((g) => g.multi && g.choices.length >= 2);
      const shops = openShops(state).filter((s) => uniqueDishes(s, withAddons).length > 0);
      if (shops.length === 0) return null;
      const shop = rng.pick(shops);
      const dish = rng.pick(uniqueDishes(shop, withAddons));
      const picks = dish.options.map((g) => (g.multi ? rng.shuffle(g.choices).slice(0, 2).map((c) => c.name) : [rng.pick(g.choices).name]));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, picks, spec: picksPhrase(picks) };
    }),
  },
  postSample({ state, p }) {
    keepOpen(shopOf(state, p.shopId));
    foodOf(state).cart = foodOf(state).cart.filter((l) => l.shopId !== p.shopId);
  },
  checkGoals: (input, p) =>
    oneAdded('exactly one new cart line', addedRecords(foodOf(input.init).cart, foodOf(input.final).cart), (l) => [
      criteria.equals('the dish', l ? `${l.shopId}/${l.dishId}` : null, `${p.shopId}/${p.dishId}`),
      criteria.equals('its options', l ? l.picks.map((x) => [...x].sort()) : null, p.picks.map((x) => [...x].sort())),
      criteria.equals('one portion', l?.qty ?? null, 1),
      criteria.equals('no new order', foodOf(input.final).orders.length, foodOf(input.init).orders.length),
    ]),
  expectedChanges: () => ['apps.food.cart[*]'],
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    await addDish(ui, dishOf(ui.state, p.shopId, p.dishId), p.picks, 1);
  },
});
