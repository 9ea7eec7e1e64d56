import { defineTask } from '../../bridge/tasks/api.ts';
import { openOrder, orderParam, railwayOf, yuanAnswer } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  trainNo: string;
}

/** A refunded order keeps its 退票费 and 退款金额. */
export default defineTask<P>({
  goal: (p) => `我退掉的${p.trainNo}次车票，扣了多少退票费？实际退回了多少钱？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['query', 'orders', 'refund'],
  params: {
    ...orderParam((o) => o.status === 'refunded' && !!o.refund, ['orderId', 'trainNo']),
  },
  answer: {
    fields: [
      { id: 'fee', label: '退票费（元）', type: 'number' },
      { id: 'refund', label: '退款金额（元）', type: 'number' },
    ],
    expected: (p, input) => {
      const o = railwayOf(input.init).orders.find((x) => x.id === p.orderId)!;
      return { fee: yuanAnswer(o.refund!.fee), refund: yuanAnswer(o.refund!.amount) };
    },
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'refunded');
    const fee = ui.find('railway.order.fee')?.text.replace('¥', '') ?? '';
    const refund = ui.find('railway.order.refundAmount')?.text.replace('¥', '') ?? '';
    if (!fee || !refund) throw new Error('the refund is not shown on the order');
    return { fee, refund };
  },
});
