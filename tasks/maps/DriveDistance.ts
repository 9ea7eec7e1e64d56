import { defineTask } from '../../bridge/tasks/api.ts';
import { type PairParams, BROWSE_CHANGES, mapsOf, pairParam, kmAnswer, placeById, planRouteUi, routeOf, shownKm } from './_helpers.ts';

type P = PairParams;

/** A grounded query: 路线 → 驾车 → the distance in 公里 (any two places). */
export default defineTask<P>({
  goal: (p) => `开车从「${p.fromName}」到「${p.toName}」，路路通规划的驾车路线有多少公里？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['routes', 'query'],
  params: { ...pairParam() },
  answer: {
    fields: [{ id: 'km', label: '距离（公里）', hint: '如：3.4', type: 'number' }],
    expected: (p, input) => {
      const d = routeOf(input.init, p.fromId, p.toId, 'drive').distance;
      return { km: kmAnswer(d) };
    },
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    await planRouteUi(ui, s, placeById(s, p.fromId)!, placeById(s, p.toId)!, 'drive');
    return shownKm(ui);
  },
});
