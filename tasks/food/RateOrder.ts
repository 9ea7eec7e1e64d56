import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { foodOf, openOrder } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
  stars: number;
  text: string;
}

/** 评价 a delivered order: the stars and the words asked for. */
export default defineTask<P>({
  goal: (p) => `给我在饭来外卖“${p.shopName}”的那笔订单写个评价：${p.stars}星，内容写“${p.text}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['food'],
  startApp: 'food',
  tags: ['orders', 'reviews'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopName'], (state, rng) => {
      const s = foodOf(state);
      const o = rng.pick(s.orders.filter((x) => x.status === 'paid' && x.review === null && x.id !== s.orders.at(-1)!.id && s.orders.filter((y) => y.shopId === x.shopId).length === 1));
      return { orderId: o.id, shopName: o.shopName };
    }),
    stars: { type: 'enum', values: [3, 4, 5] },
    text: { type: 'enum', values: ['味道不错，送得也快', '分量有点少', '包装很好，还是热的', '偏咸了一点'] },
  },
  sampleMax: 4,
  criteria: (p) => ({ [`apps.food.orders[${p.orderId}].review.stars`]: p.stars, [`apps.food.orders[${p.orderId}].review.text`]: p.text }),
  expectedChanges: (_input, p) => [`apps.food.orders[${p.orderId}].review`],
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('food.detail.review');
    await ui.tap(`food.review.star.${p.stars}`);
    await ui.type('food.review.text', p.text);
    await ui.tap('food.review.submit');
  },
});
