import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { foodOf, openOrder, orderOf, setStage } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
}

/** Infeasible: the kitchen is cooking the order already; the detail offers no 取消订单. */
export default defineTask<P>({
  goal: (p) => `帮我把饭来外卖“${p.shopName}”那单取消掉，钱退回钱包。如果取消不了，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['infeasible', 'clock', 'orders'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopName'], (state) => {
      const live = foodOf(state).orders.at(-1)!;
      return { orderId: live.id, shopName: live.shopName };
    }),
  },
  postSample({ state, p }) {
    setStage(state, orderOf(state, p.orderId)!, 'cooking');
  },
  answer: infeasibleAnswer({ id: 'refund', label: '退款金额（元）', type: 'number' }),
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    if (ui.find('food.detail.cancel') || ui.find('food.detail.stage')?.text !== '商家制作中') throw new Error('the order can still be cancelled');
    return { infeasible: '商家已经开始制作，订单无法取消' };
  },
});
