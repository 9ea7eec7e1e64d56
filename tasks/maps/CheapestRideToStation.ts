import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, callRideUi, ensureBalance, mapsOf, placeById, placeParam, requestedRideCriteria, rideQuotes, type PlaceParams } from './_helpers.ts';

/**
 * 打车 from home to a railway station in the cheapest class (特惠快车 is cheapest by the tariffs).
 * A trap: the city has two stations with look-alike names (杭州东站 / 杭州站).
 */
export default defineTask<PlaceParams>({
  goal: (p) => `帮我在路路通叫一辆车，从家到「${p.placeName}」，选最便宜的车型。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'trap'],
  params: { ...placeParam((x) => x.category === '交通' && x.name.endsWith('站')) },
  postSample({ state, p }) {
    const s = mapsOf(state);
    ensureBalance(state, Math.max(...rideQuotes(s, s.saved.homeId!, p.placeId).map((q) => q.price)));
  },
  checkGoals(input, p) {
    const s = mapsOf(input.init);
    const cheapest = rideQuotes(s, s.saved.homeId!, p.placeId).reduce((a, b) => (b.price < a.price ? b : a));
    return requestedRideCriteria(input, { fromId: s.saved.homeId!, toId: p.placeId, cls: cheapest.cls });
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    await callRideUi(ui, s, placeById(s, s.saved.homeId)!, placeById(s, p.placeId)!, 'saver');
  },
});
