import { defineTask } from '../../bridge/tasks/api.ts';
import { confirmDialog, dayText, openOrder, railwayOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  trainNo: string;
  date: string;
  trainId: string;
  seatIndex: number;
  left: number;
}

/** 取消订单 on the unpaid order: cancelled, and its seats go back on sale. */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}${p.trainNo}次那个待支付的火车票订单我不要了，帮我取消掉。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['orders'],
  params: {
    ...spreadParam('_order', ['orderId', 'trainNo', 'date', 'trainId', 'seatIndex', 'left'], (state, rng) => {
      const s = railwayOf(state);
      const os = s.orders.filter((o) => o.status === 'unpaid' && o.trainId);
      const o = os.length ? rng.pick(os) : null;
      if (!o) return null;
      const t = s.trains.find((x) => x.id === o.trainId)!;
      const seatIndex = t.seats.findIndex((x) => x.cls === o.seatClass);
      return { orderId: o.id, trainNo: o.trainNo, date: o.date, trainId: t.id, seatIndex, left: t.seats[seatIndex].left + o.tickets.length };
    }),
  },
  criteria: (p) => ({
    [`apps.railway.orders[${p.orderId}].status`]: 'cancelled',
    [`apps.railway.trains[${p.trainId}].seats[${p.seatIndex}].left`]: p.left,
  }),
  expectedChanges: (_input, p) => [`apps.railway.orders[${p.orderId}].payDeadline`],
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'unpaid');
    await ui.tap('railway.order.cancel');
    await confirmDialog(ui);
    if (ui.find('railway.order.status')?.text !== '已取消') throw new Error('the order is not shown as cancelled');
  },
});
