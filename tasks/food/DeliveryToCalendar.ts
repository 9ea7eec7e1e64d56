import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedPaths, newEventCriteria, startNewEvent, todayOf } from '../calendar/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { clockOf, foodOf, MINUTE, openOrder, orderOf, setStage } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
  title: string;
}

/** Cross-app: a calendar event today from the order's expected arrival to ten minutes after. */
export default defineTask<P>({
  goal: (p) => `我在饭来外卖“${p.shopName}”点的外卖，请在日历今天加一个日程“${p.title}”，开始时间是外卖的预计送达时间，结束时间比开始晚10分钟。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'calendar'],
  startApp: 'home',
  tags: ['cross-app', 'clock', 'create'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopName'], (state) => {
      const live = foodOf(state).orders.at(-1)!;
      return { orderId: live.id, shopName: live.shopName };
    }),
    title: { type: 'enum', values: ['取外卖', '外卖送达', '下楼拿外卖'] },
  },
  sampleMax: 3,
  postSample({ state, p, rng }) {
    // The arrival lands on five minutes (the calendar's time picker steps by five).
    setStage(state, orderOf(state, p.orderId)!, 'cooking', rng.int(15, 35));
  },
  checkGoals(input, p) {
    const arrive = orderOf(input.init, p.orderId)!.times!.arrive;
    const want = `${todayOf(input.init)} ${clockOf(input.init, arrive)}-${clockOf(input.init, arrive + 10 * MINUTE)}`;
    return newEventCriteria(input, p.title, (e) => [criteria.equals('its day and time', e ? `${e.startDate} ${e.startTime}-${e.endTime}` : null, want)]);
  },
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    const arrive = (ui.find('food.detail.eta')?.text ?? '').match(/\d{2}:\d{2}/)?.[0];
    if (!arrive) throw new Error('no arrival time on the order');
    const end = clockOf(ui.state, orderOf(ui.state, p.orderId)!.times!.arrive + 10 * MINUTE);
    await ui.openApp('calendar');
    await startNewEvent(ui, todayOf(ui.state), { title: p.title, start: arrive, end });
    await ui.tap('calendar.edit.save');
  },
});
