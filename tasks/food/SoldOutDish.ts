import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { dishOf, keepOpen, openShop, openShops, shopOf, uniqueDishes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
}

/** Infeasible: the dish is 已售罄 today; it has no add button. */
export default defineTask<P>({
  goal: (p) => `在饭来外卖的“${p.shopName}”点一份「${p.dishName}」送到默认地址，用钱包付款。如果点不了，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['infeasible', 'payment'],
  params: {
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName'], (state, rng) => {
      const shop = rng.pick(openShops(state).filter((s) => uniqueDishes(s).length > 1));
      const dish = rng.pick(uniqueDishes(shop).slice(1));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name };
    }),
  },
  postSample({ state, p }) {
    keepOpen(shopOf(state, p.shopId));
    dishOf(state, p.shopId, p.dishId).soldOut = true;
  },
  answer: infeasibleAnswer({ id: 'orderNo', label: '订单号', type: 'text' }),
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    const row = await ui.scrollTo(`food.dish.soldout.${p.dishId}`, { within: 'food.shop.scroll' });
    if (!row.text.includes('已售罄')) throw new Error(`the dish shows ${row.text}`);
    return { infeasible: `「${p.dishName}」今天已售罄，无法下单` };
  },
});
