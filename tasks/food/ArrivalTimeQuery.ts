import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { clockOf, foodOf, openOrder, setStage } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
  stage: 'cooking' | 'delivering';
}

/** 订单详情 of the order on its way: the stage the clock is at and the expected arrival. */
export default defineTask<P>({
  goal: (p) => `我在饭来外卖“${p.shopName}”点的外卖现在到哪一步了？预计几点送达？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['orders', 'tracking', 'clock'],
  params: {
    // The seed's order on its way now: the only order at its shop.
    ...spreadParam('_order', ['orderId', 'shopName'], (state) => {
      const live = foodOf(state).orders.at(-1)!;
      return foodOf(state).orders.filter((o) => o.shopId === live.shopId).length === 1 ? { orderId: live.id, shopName: live.shopName } : null;
    }),
    stage: { type: 'enum', values: ['cooking', 'delivering'] },
  },
  sampleMax: 2,
  postSample({ state, p, rng }) {
    setStage(state, foodOf(state).orders.find((o) => o.id === p.orderId)!, p.stage, rng.int(12, 30));
  },
  answer: {
    fields: [
      { id: 'stage', label: '当前状态', hint: '如：商家已接单', type: 'text' },
      { id: 'arrive', label: '预计送达时间', type: 'time' },
    ],
    expected: (p, input) => {
      const o = foodOf(input.init).orders.find((x) => x.id === p.orderId)!;
      return { stage: p.stage === 'cooking' ? '商家制作中' : '骑手配送中', arrive: clockOf(input.init, o.times!.arrive) };
    },
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    const stage = ui.find('food.detail.stage')?.text ?? '';
    const arrive = (ui.find('food.detail.eta')?.text ?? '').match(/\d{2}:\d{2}/)?.[0] ?? '';
    if (!arrive) throw new Error('the order detail shows no arrival time');
    return { stage, arrive };
  },
});
