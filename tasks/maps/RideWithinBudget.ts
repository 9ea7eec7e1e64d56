import { defineTask } from '../../bridge/tasks/api.ts';
import { type PairParams, BROWSE_CHANGES, callRideUi, drawPair, ensureBalance, mapsOf, newRides, placeById, requestedRideCriteria, rideQuotes } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import { moneyText } from '../../simulator-apps/shared/money.ts';
import type { RideClass } from '../../simulator-apps/maps/types.ts';

interface P extends PairParams {
  /** Fen: between two classes' prices, so the best class within it is not the dearest. */
  budget: number;
}

/** Restraint: the most comfortable class whose price stays within the budget; no dearer ride. */
export default defineTask<P>({
  goal: (p) => `用路路通叫车从「${p.fromName}」到「${p.toName}」，车费不要超过${moneyText(p.budget, { decimals: 'fewest' })}元，在这个预算内选最舒适（最贵）的车型。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'restraint'],
  params: {
    ...spreadParam('_trip', ['fromId', 'fromName', 'toId', 'toName', 'budget'], (state, rng) => {
      const pair = drawPair(state, rng, (a, b, s) => rideQuotes(s, a.id, b.id).length === 4);
      if (!pair) return null;
      const qs = rideQuotes(mapsOf(state), pair.fromId, pair.toId);
      const i = rng.int(1, 2);
      // Halfway between class i and class i + 1, to the yuan.
      return { ...pair, budget: Math.round((qs[i].price + qs[i + 1].price) / 200) * 100 };
    }),
  },
  postSample({ state, p }) {
    ensureBalance(state, rideQuotes(mapsOf(state), p.fromId, p.toId)[3].price);
  },
  checkGoals(input, p) {
    const qs = rideQuotes(mapsOf(input.init), p.fromId, p.toId);
    const best = qs.filter((q) => q.price <= p.budget).at(-1)!;
    const r = newRides(input)[0];
    return [
      ...requestedRideCriteria(input, { fromId: p.fromId, toId: p.toId, cls: best.cls as RideClass }),
      criteria.that(`the price is within ¥${p.budget / 100}`, !r || r.price <= p.budget, { expected: `≤ ${p.budget}`, actual: r?.price }),
    ];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    const qs = rideQuotes(s, p.fromId, p.toId);
    const best = qs.filter((q) => q.price <= p.budget).at(-1)!;
    await callRideUi(ui, s, placeById(s, p.fromId)!, placeById(s, p.toId)!, best.cls);
  },
});
