import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, pairParam, placeById, planRoute, planRouteUi, routeOf, shownMinutes, type PairParams } from './_helpers.ts';

/** A grounded query over two modes: 路线 → 公交 and 步行 → which is faster, and by how many minutes. */
export default defineTask<PairParams>({
  goal: (p) => `从「${p.fromName}」去「${p.toName}」，坐公交和步行哪个更快？快几分钟？用路路通的路线查。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['routes', 'query'],
  // Never a tie: one mode is faster.
  params: { ...pairParam((a, b, s) => planRoute(s, a.id, b.id, 'walk')?.minutes !== planRoute(s, a.id, b.id, 'transit')?.minutes) },
  answer: {
    fields: [
      { id: 'faster', label: '更快的方式', type: 'choice', choices: ['公交', '步行'] },
      { id: 'minutes', label: '快多少分钟', type: 'number' },
    ],
    expected: (p, input) => {
      const w = routeOf(input.init, p.fromId, p.toId, 'walk').minutes;
      const t = routeOf(input.init, p.fromId, p.toId, 'transit').minutes;
      return { faster: t < w ? '公交' : '步行', minutes: { number: Math.abs(w - t) } };
    },
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    const s = mapsOf(ui.state);
    await planRouteUi(ui, s, placeById(s, p.fromId)!, placeById(s, p.toId)!, 'transit');
    const t = shownMinutes(ui);
    await ui.tap('maps.route.mode.walk');
    const w = shownMinutes(ui);
    return { faster: t < w ? '公交' : '步行', minutes: String(Math.abs(w - t)) };
  },
});
