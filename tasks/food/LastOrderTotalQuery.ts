import { defineTask } from '../../bridge/tasks/api.ts';
import { moneyText } from '../../simulator-apps/shared/money.ts';
import { newestOrder, openFoodTab } from './_helpers.ts';

/** 订单 → the newest order's 实付 (the list shows it; so does the detail). */
export default defineTask({
  goal: '我在饭来外卖最近一笔订单是在哪家店点的？实付了多少钱？',
  difficulty: 'L1',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['orders'],
  answer: {
    fields: [
      { id: 'shop', label: '店名', type: 'text' },
      { id: 'total', label: '实付（元）', type: 'number' },
    ],
    expected: (_p, input) => {
      const o = newestOrder(input.init);
      return { shop: o.shopName, total: { number: o.total / 100, tolerance: 0 } };
    },
  },
  async oracle(ui) {
    await openFoodTab(ui, '/orders');
    const o = newestOrder(ui.state);
    const shown = ui.find(`food.order.total.${o.id}`)?.text ?? '';
    if (shown !== `¥${moneyText(o.total)}`) throw new Error(`the newest order shows ${shown}`);
    return { shop: o.shopName, total: moneyText(o.total) };
  },
});
