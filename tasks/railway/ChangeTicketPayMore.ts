import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { daysBetween } from '../../simulator-apps/shared/dates.ts';
import { confirmDialog, dayText, ensureBalance, newOrders, openOrder, railwayOf, seatOf, todayOf, walletOf, walletPaid } from './_helpers.ts';
import { payAtCashier } from '../wallet/_helpers.ts';
import { nextOrderId as nextWalletOrderId } from '../../simulator-apps/wallet/payments.ts';
import { nextOrderId } from '../../simulator-apps/railway/logic.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  trainNo: string;
  date: string;
  newTrainId: string;
  newTrainNo: string;
  newDate: string;
  newDep: string;
  extra: number;
}

/**
 * 改签 to a dearer train on another day: a new order for the difference, paid through the
 * wallet; the old ticket becomes 已改签 and its seats go back.
 */
export default defineTask<P>({
  goal: (p) => `把我${dayText(p.date)}${p.trainNo}次的车票改签到${dayText(p.newDate)}${p.newDep}开的${p.newTrainNo}次（同一席别），需要补的差价用钱包付。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['railway', 'wallet'],
  startApp: 'railway',
  tags: ['cross-app', 'payment', 'change'],
  params: {
    ...spreadParam('_change', ['orderId', 'trainNo', 'date', 'newTrainId', 'newTrainNo', 'newDate', 'newDep'], (state, rng) => {
      const s = railwayOf(state);
      const today = todayOf(state);
      const pairs: Record<string, unknown>[] = [];
      for (const o of s.orders.filter((x) => x.status === 'paid' && x.trainId && x.date > today && !x.changedFrom)) {
        for (const t of s.trains) {
          if (t.id === o.trainId || t.from !== o.from || t.to !== o.to || t.date <= today || t.date === o.date || !seatOf(t, o.seatClass)) continue;
          pairs.push({ orderId: o.id, trainNo: o.trainNo, date: o.date, newTrainId: t.id, newTrainNo: t.no, newDate: t.date, newDep: t.dep });
        }
      }
      return pairs.length ? rng.pick(pairs) : null;
    }),
    extra: { sampler: (_s, rng) => rng.int(4, 30) * 500 },
  },
  postSample({ state, p }) {
    // The new train costs `extra` more per adult ticket and has room for the party.
    const s = railwayOf(state);
    const o = s.orders.find((x) => x.id === p.orderId)!;
    for (const k of o.tickets) k.kind = '成人';
    const unit = o.tickets[0].price;
    for (const k of o.tickets) k.price = unit;
    o.total = unit * o.tickets.length;
    o.due = o.total;
    const seat = seatOf(s.trains.find((t) => t.id === p.newTrainId)!, o.seatClass)!;
    seat.price = unit + p.extra;
    seat.left = Math.max(seat.left, o.tickets.length + 3);
    ensureBalance(state, p.extra * o.tickets.length);
  },
  checkGoals(input, p) {
    const init = railwayOf(input.init);
    const before = init.orders.find((o) => o.id === p.orderId)!;
    const old = railwayOf(input.final).orders.find((o) => o.id === p.orderId);
    const added = newOrders(input);
    const n = added[0];
    return [
      criteria.equals('the old ticket is 已改签', old?.status ?? null, 'changed', `apps.railway.orders[${p.orderId}]`),
      criteria.equals('exactly one new order', added.length, 1),
      criteria.equals('the new order is on the new train', n?.trainId ?? null, p.newTrainId),
      criteria.equals('for the same passengers', n?.tickets.map((k) => k.passengerId) ?? null, before.tickets.map((k) => k.passengerId)),
      criteria.equals('the new order is paid', n?.status ?? null, 'paid'),
      ...walletPaid(input, p.extra * before.tickets.length),
    ];
  },
  expectedChanges: (input, p) => {
    const init = railwayOf(input.init);
    const before = init.orders.find((o) => o.id === p.orderId)!;
    return [
      `apps.railway.orders[${nextOrderId(init)}]`,
      `apps.railway.trains[${before.trainId}].seats[*].left`,
      `apps.railway.trains[${p.newTrainId}].seats[*].left`,
      `apps.wallet.orders[${nextWalletOrderId(walletOf(input.init))}]`,
    ];
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId, 'upcoming');
    await ui.tap('railway.order.change');
    const steps = daysBetween(p.date, p.newDate);
    for (let i = 0; i < Math.abs(steps); i++) await ui.tap(steps > 0 ? 'railway.change.next' : 'railway.change.prev');
    await scrollAndTap(ui, `railway.change.train.${p.newTrainId}`, 'railway.change.list');
    await confirmDialog(ui);
    if (ui.route.app !== 'wallet') throw new Error(`the change did not open the wallet (route ${ui.route.app}${ui.route.path})`);
    await payAtCashier(ui);
    await ui.tap('wallet.done');
    if (ui.find('railway.order.status')?.text !== '未出行') throw new Error('the new order is not shown as paid');
  },
});
