import { defineTask, criteria } from '../../bridge/tasks/api.ts';
import { confirmOnOrder, orderOf, orderParam, type OrderParams } from './_helpers.ts';

/** 确认收货 on a 待收货 order (asks first). */
export default defineTask<OrderParams>({
  goal: (p) => `我已经收到优选上买的「${p.title}」了，帮我确认收货。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['orders'],
  params: {
    ...orderParam((o) => o.status === 'shipped'),
  },
  checkGoals(input, p) {
    return [criteria.equals('the order is 已完成', orderOf(input.final, p.orderId)?.status ?? null, 'completed', `apps.shop.orders[${p.orderId}]`)];
  },
  async oracle(ui, p) {
    await confirmOnOrder(ui, p.orderId, 'shop.order.receive');
  },
});
