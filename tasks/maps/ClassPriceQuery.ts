import { defineTask } from '../../bridge/tasks/api.ts';
import { RIDE_TARIFFS } from '../../simulator-apps/maps/data.ts';
import { yuanAnswer } from '../wallet/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, drawPair, mapsOf, pickEnd, placeById, rideQuotes, openMapsTab, type PairParams } from './_helpers.ts';

interface P extends PairParams {
  cls: string;
  className: string;
}

/** A grounded query: 打车 → 上车点 / 目的地 → the class's price on the list (nothing is called). */
export default defineTask<P>({
  goal: (p) => `先别叫车，帮我看看：在路路通从「${p.fromName}」打“${p.className}”到「${p.toName}」，预估车费是多少元？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'query', 'restraint'],
  params: {
    ...spreadParam('_q', ['fromId', 'fromName', 'toId', 'toName', 'cls', 'className'], (state, rng) => {
      const pair = drawPair(state, rng);
      const t = rng.pick(RIDE_TARIFFS);
      return pair && { ...pair, cls: t.cls, className: t.name };
    }),
  },
  answer: {
    fields: [{ id: 'price', label: '预估车费（元）', type: 'number' }],
    expected: (p, input) => ({ price: yuanAnswer(rideQuotes(mapsOf(input.init), p.fromId, p.toId).find((q) => q.cls === p.cls)!.price) }),
  },
  checkGoals(input) {
    const added = mapsOf(input.final).rides.length - mapsOf(input.init).rides.length;
    return [{ name: 'no ride was called', passed: added === 0, expected: 0, actual: added }];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    await openMapsTab(ui, '/ride');
    if (p.fromId !== s.hereId) await pickEnd(ui, 'maps.ride', 'from', placeById(s, p.fromId)!, s);
    await pickEnd(ui, 'maps.ride', 'to', placeById(s, p.toId)!, s);
    return (ui.find(`maps.ride.price.${p.cls}`)?.text ?? '').replace(/[约元]/g, '');
  },
});
