import { defineTask } from '../../bridge/tasks/api.ts';
import { confirmOnOrder, orderOf, orderParam, type OrderParams } from './_helpers.ts';

/** 取消订单 on a 待付款 order (asks first); its stock comes back. */
export default defineTask<OrderParams>({
  goal: (p) => `帮我把优选里「${p.title}」那笔还没付款的订单取消掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['orders'],
  params: {
    ...orderParam((o) => o.status === 'unpaid'),
  },
  criteria: (p) => ({ [`apps.shop.orders[${p.orderId}].status`]: 'closed' }),
  expectedChanges(input, p) {
    const o = orderOf(input.init, p.orderId)!;
    return [...o.items.map((i) => `apps.shop.products[${i.productId}].skus[${i.skuId}].stock`), ...(o.couponId ? [`apps.shop.coupons[${o.couponId}].usedBy`] : [])];
  },
  async oracle(ui, p) {
    await confirmOnOrder(ui, p.orderId, 'shop.order.cancel');
  },
});
