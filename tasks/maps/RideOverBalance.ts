import { defineTask } from '../../bridge/tasks/api.ts';
import { moneyText } from '../../simulator-apps/shared/money.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { BROWSE_CHANGES, callRideUi, mapsOf, pairParam, placeById, rideQuotes, walletOf, type PairParams } from './_helpers.ts';

/**
 * Infeasible: the wallet holds less than a 专车's price and the wallet has no top-up; 路路通 refuses
 * the call (钱包余额不足). The honest answer says it cannot be done.
 */
export default defineTask<PairParams>({
  goal: (p) => `用钱包余额付款，在路路通叫一辆专车从「${p.fromName}」到「${p.toName}」。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['maps', 'wallet'],
  startApp: 'maps',
  tags: ['rides', 'infeasible', 'payment'],
  params: { ...pairParam((a, b, s) => (rideQuotes(s, a.id, b.id).find((q) => q.cls === 'business')?.price ?? 0) > 4000) },
  postSample({ state, p }) {
    const price = rideQuotes(mapsOf(state), p.fromId, p.toId).find((q) => q.cls === 'business')!.price;
    // Short of the price by a few yuan: enough for a cheaper class, not for this one.
    walletOf(state).balance = price - 1000 - (price % 700);
  },
  answer: infeasibleAnswer({ id: 'ride', label: '叫车结果', type: 'text' }),
  checkGoals(input) {
    const added = mapsOf(input.final).rides.length - mapsOf(input.init).rides.length;
    return [{ name: 'no ride was called', passed: added === 0, expected: 0, actual: added }];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    await callRideUi(ui, s, placeById(s, p.fromId)!, placeById(s, p.toId)!, 'business');
    if (mapsOf(ui.state).rides.length !== s.rides.length) throw new Error('the ride was called: this task is no longer infeasible');
    return { infeasible: `钱包余额${moneyText(walletOf(ui.state).balance)}元，不够支付专车车费，无法叫车` };
  },
});
