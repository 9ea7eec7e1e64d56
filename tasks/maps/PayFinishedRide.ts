import { defineTask } from '../../bridge/tasks/api.ts';
import { addEndedRide, ensureBalance, mapsOf, openTrip, pairParam, paidRideCriteria, payInWallet, type PairParams } from './_helpers.ts';

type P = PairParams;

/** A ride that reached its destination waits to be paid: 我的行程 → the ride → 去支付 → the wallet's cashier. */
export default defineTask<P>({
  goal: (p) => `我刚坐路路通的车从「${p.fromName}」到了「${p.toName}」，车费还没付，请用钱包把车费付了。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['maps', 'wallet'],
  startApp: 'maps',
  tags: ['rides', 'payment', 'cross-app'],
  params: { ...pairParam() },
  postSample({ state, p }) {
    const r = addEndedRide(state, p.fromId, p.toId, 'express');
    ensureBalance(state, r.price);
  },
  checkGoals(input) {
    const r = mapsOf(input.init).rides.at(-1)!;
    return paidRideCriteria(input, r.id);
  },
  async oracle(ui) {
    const r = mapsOf(ui.state).rides.at(-1)!;
    await openTrip(ui, r.id);
    await ui.tap('maps.trip.pay');
    await payInWallet(ui);
  },
});
