import { defineTask } from '../../bridge/tasks/api.ts';
import { dayText, me, openOrder, orderParam, type OrderParams, railwayOf, todayOf } from './_helpers.ts';

/** The upcoming trip's order shows each ticket's coach and seat. */
export default defineTask<OrderParams>({
  goal: (p) => `我${dayText(p.date)}坐${p.trainNo}次的那张车票（我本人的），是几号车厢、几号座位？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['query', 'orders'],
  params: {
    // An upcoming paid order with a ticket of mine.
    ...orderParam((o, state) => o.status === 'paid' && o.date > todayOf(state) && o.tickets.some((k) => k.passengerId === me(state).id)),
  },
  answer: {
    fields: [
      { id: 'coach', label: '车厢号', hint: '如：5', type: 'number' },
      { id: 'seat', label: '座位号', hint: '如：12F', type: 'text' },
    ],
    expected: (p, input) => {
      const o = railwayOf(input.init).orders.find((x) => x.id === p.orderId)!;
      const k = o.tickets.find((t) => t.passengerId === me(input.init).id)!;
      const plain = k.seat.replace(/^0/, '');
      return { coach: { number: Number(k.coach) }, seat: [k.seat, `${k.seat}号`, plain, `${plain}号`] };
    },
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'upcoming');
    const text = ui.find(`railway.ticket.seat.${me(ui.state).id}`)?.text ?? '';
    const m = text.match(/^(\d+)车 (\S+?)号?$/);
    if (!m) throw new Error(`seat text "${text}"`);
    return { coach: String(Number(m[1])), seat: m[2] };
  },
});
