import { defineTask } from '../../bridge/tasks/api.ts';
import { foodOf, openFoodTab, openShops } from './_helpers.ts';

/** 配送最快: among the shops open now, the one with the shortest delivery time (closed ones listed below do not count). */
export default defineTask({
  goal: '饭来外卖上，现在正在营业的商家里，哪一家配送时间最短？告诉我店名和它的配送时间（分钟）。',
  difficulty: 'L2',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['sort', 'trap'],
  postSample({ state, rng }) {
    // One open shop is clearly the fastest, and a closed one is faster still (the trap of not
    // looking at 休息中).
    const open = openShops(state);
    const min = Math.min(...open.map((s) => s.deliveryMinutes));
    const fastest = rng.pick(open);
    fastest.deliveryMinutes = Math.max(10, min - rng.int(2, 4));
    const closed = foodOf(state).shops.filter((s) => !open.includes(s));
    if (closed.length > 0) rng.pick(closed).deliveryMinutes = fastest.deliveryMinutes - 3;
  },
  answer: {
    fields: [
      { id: 'shop', label: '店名', type: 'text' },
      { id: 'minutes', label: '配送时间（分钟）', type: 'number' },
    ],
    expected: (_p, input) => {
      const s = [...openShops(input.init)].sort((a, b) => a.deliveryMinutes - b.deliveryMinutes)[0];
      return { shop: s.name, minutes: { number: s.deliveryMinutes, tolerance: 0 } };
    },
  },
  async oracle(ui) {
    await openFoodTab(ui, '/');
    await ui.tap('food.sort.fastest');
    const s = [...openShops(ui.state)].sort((a, b) => a.deliveryMinutes - b.deliveryMinutes)[0];
    const card = ui.find(`food.shop.${s.id}`);
    if (!card?.text.includes(`${s.deliveryMinutes}分钟`)) throw new Error(`the first open shop's card does not show ${s.deliveryMinutes}分钟`);
    return { shop: s.name, minutes: String(s.deliveryMinutes) };
  },
});
