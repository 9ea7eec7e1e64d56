import { defineTask } from '../../bridge/tasks/api.ts';
import { yuanAnswer } from '../wallet/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { mapsOf, openTrip } from './_helpers.ts';

interface P extends Record<string, unknown> {
  rideId: string;
  fromName: string;
  toName: string;
}

/** A grounded query: the receipt (行程单) of a paid ride from 我的行程 shows what it cost. */
export default defineTask<P>({
  goal: (p) => `我之前坐路路通的车从「${p.fromName}」到「${p.toName}」，那次实付了多少钱？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'query'],
  params: {
    ...spreadParam('_ride', ['rideId', 'fromName', 'toName'], (state, rng) => {
      const rides = mapsOf(state).rides;
      const paid = rides.filter((r) => r.status === 'paid' && rides.filter((x) => x.fromName === r.fromName && x.toName === r.toName).length === 1);
      const r = paid.length ? rng.pick(paid) : null;
      return r && { rideId: r.id, fromName: r.fromName, toName: r.toName };
    }),
  },
  answer: {
    fields: [{ id: 'amount', label: '实付金额（元）', type: 'number' }],
    expected: (p, input) => ({ amount: yuanAnswer(mapsOf(input.init).rides.find((r) => r.id === p.rideId)!.price) }),
  },
  async oracle(ui, p) {
    await openTrip(ui, p.rideId);
    // Below the route on a larger display size: scroll to it as a person would.
    return (await ui.scrollTo('maps.trip.price')).text.replace('¥', '');
  },
});
