import { defineTask, criteria } from '../../bridge/tasks/api.ts';
import { openOrder, orderOf, pickOrder } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  title: string;
}

/** 确认收货 on a 待收货 order (asks first). */
export default defineTask<P>({
  goal: (p) => `我已经收到优选上买的「${p.title}」了，帮我确认收货。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['orders'],
  params: {
    _order: { sampler: (state, rng) => pickOrder(state, rng, (o) => o.status === 'shipped'), fields: { orderId: 'orderId', title: 'title' } },
  },
  checkGoals(input, p) {
    return [criteria.equals('the order is 已完成', orderOf(input.final, p.orderId)?.status ?? null, 'completed', `apps.shop.orders[${p.orderId}]`)];
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('shop.order.receive');
    await ui.tap('dialog.confirm');
  },
});
