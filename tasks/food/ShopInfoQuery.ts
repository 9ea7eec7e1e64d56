import { defineTask } from '../../bridge/tasks/api.ts';
import { hoursText } from '../../simulator-apps/food/logic.ts';
import { priceText } from '../../simulator-apps/shared/money.ts';
import { spreadParam } from '../_shared/params.ts';
import { openShop, shopOf, uniqueShops } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
}

/** A shop's header: 起送 price, 配送费 and its opening hour (read on the shop's page). */
export default defineTask<P>({
  goal: (p) => `饭来外卖上“${p.shopName}”的起送价和配送费各是多少元？它每天几点开始营业？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['shops'],
  params: {
    ...spreadParam('_shop', ['shopId', 'shopName'], (state, rng) => {
      const s = rng.pick(uniqueShops(state));
      return { shopId: s.id, shopName: s.name };
    }),
  },
  answer: {
    fields: [
      { id: 'minOrder', label: '起送价（元）', type: 'number' },
      { id: 'fee', label: '配送费（元，免配送费填0）', type: 'number' },
      { id: 'open', label: '开始营业时间', type: 'time' },
    ],
    expected: (p, input) => {
      const s = shopOf(input.init, p.shopId);
      return { minOrder: { number: s.minOrder / 100, tolerance: 0 }, fee: { number: s.deliveryFee / 100, tolerance: 0 }, open: s.open };
    },
  },
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    const s = shopOf(ui.state, p.shopId);
    if (!ui.find('food.shop.hours')?.text.includes(hoursText(s))) throw new Error('the shop page does not show its hours');
    return { minOrder: priceText(s.minOrder), fee: priceText(s.deliveryFee), open: s.open };
  },
});
