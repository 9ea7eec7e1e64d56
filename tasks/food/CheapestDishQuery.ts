import { defineTask } from '../../bridge/tasks/api.ts';
import { priceText } from '../../simulator-apps/shared/money.ts';
import { spreadParam } from '../_shared/params.ts';
import { openShop, shopOf, uniqueShops } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
}

/** A shop's menu: the cheapest dish still on sale (a sold-out one, cheaper still, does not count). */
export default defineTask<P>({
  goal: (p) => `饭来外卖“${p.shopName}”现在还能点的菜里，最便宜的是哪道？多少钱（按基础价格）？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['menu', 'trap'],
  params: {
    ...spreadParam('_shop', ['shopId', 'shopName'], (state, rng) => {
      const s = rng.pick(uniqueShops(state, (x) => x.dishes.length >= 3));
      return { shopId: s.id, shopName: s.name };
    }),
  },
  postSample({ state, p, rng }) {
    // One cheapest dish on sale, and a cheaper one sold out.
    const shop = shopOf(state, p.shopId);
    for (const d of shop.dishes) d.soldOut = false;
    const [cheap, gone] = rng.shuffle(shop.dishes).slice(0, 2);
    const min = Math.min(...shop.dishes.map((d) => d.price));
    cheap.price = Math.max(200, min - 100);
    gone.price = Math.max(100, cheap.price - 100);
    gone.soldOut = true;
  },
  answer: {
    fields: [
      { id: 'dish', label: '菜名', type: 'text' },
      { id: 'price', label: '价格（元）', type: 'number' },
    ],
    expected: (p, input) => {
      const d = [...shopOf(input.init, p.shopId).dishes].filter((x) => !x.soldOut).sort((a, b) => a.price - b.price)[0];
      return { dish: d.name, price: { number: d.price / 100, tolerance: 0 } };
    },
  },
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    const d = [...shopOf(ui.state, p.shopId).dishes].filter((x) => !x.soldOut).sort((a, b) => a.price - b.price)[0];
    await ui.scrollTo(`food.dish.add.${d.id}`, { within: 'food.shop.scroll' });
    return { dish: d.name, price: priceText(d.price) };
  },
});
