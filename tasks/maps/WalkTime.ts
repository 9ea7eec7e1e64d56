import { defineTask } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { type PairParams, BROWSE_CHANGES, mapsOf, pairParam, placeById, planRouteUi, routeOf, shownMinutes } from './_helpers.ts';

type P = PairParams;

const places = (state: PhoneState, p: P) => [placeById(mapsOf(state), p.fromId)!, placeById(mapsOf(state), p.toId)!] as const;

/** A grounded query from the map's geometry: 路线 → 步行 → the minutes shown. */
export default defineTask<P>({
  goal: (p) => `用路路通查一下：从「${p.fromName}」步行到「${p.toName}」大约要多少分钟？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['routes', 'query'],
  params: { ...pairParam() },
  answer: {
    fields: [{ id: 'minutes', label: '步行时间（分钟）', type: 'number' }],
    expected: (p, input) => ({ minutes: { number: routeOf(input.init, p.fromId, p.toId, 'walk').minutes } }),
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const [from, to] = places(ui.state, p);
    await planRouteUi(ui, mapsOf(ui.state), from, to, 'walk');
    return String(shownMinutes(ui));
  },
});
