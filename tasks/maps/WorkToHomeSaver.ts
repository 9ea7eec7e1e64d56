import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, callRideUi, ensureBalance, mapsOf, placeById, requestedRideCriteria, rideQuotes } from './_helpers.ts';

/** 打车 → 上车点 公司 → 目的地 家 (the picker's shortcuts) → 特惠快车 → 呼叫. */
export default defineTask({
  goal: () => '下班了，用路路通叫一辆特惠快车，从公司回家。',
  difficulty: 'L2',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'saved-places'],
  postSample({ state }) {
    const s = mapsOf(state);
    ensureBalance(state, Math.max(...rideQuotes(s, s.saved.workId!, s.saved.homeId!).map((q) => q.price)));
  },
  checkGoals(input) {
    const s = mapsOf(input.init);
    return requestedRideCriteria(input, { fromId: s.saved.workId!, toId: s.saved.homeId!, cls: 'saver' });
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui) {
    const s = mapsOf(ui.state);
    await callRideUi(ui, s, placeById(s, s.saved.workId)!, placeById(s, s.saved.homeId)!, 'saver');
  },
});
