import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, dayText, openTrainInList, queryThroughUi, railwayOf, routeParam, seatOf, type RouteParams } from './_helpers.ts';

interface P extends RouteParams {
  left: number;
}

/** Fewer than 20 tickets show as a count (`7张`); the task sets one. */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}${p.from}开往${p.to}的${p.trainNo}次，${p.cls}还剩几张票？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['query', 'trains'],
  params: {
    ...routeParam({ classes: ['商务座', '一等座', '二等座', '硬卧', '软卧'] }),
    left: { sampler: (_s, rng) => rng.int(2, 17) },
  },
  postSample({ state, p }) {
    seatOf(railwayOf(state).trains.find((t) => t.id === p.trainId)!, p.cls)!.left = p.left;
  },
  answer: {
    fields: [{ id: 'left', label: '余票（张）', type: 'number' }],
    expected: (p) => ({ left: { number: p.left } }),
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await openTrainInList(ui, p.trainId);
    const text = ui.find(`railway.seat.left.${p.cls}`)?.text ?? '';
    const m = text.match(/^(\d+)张$/);
    if (!m) throw new Error(`tickets left for ${p.cls}: "${text}"`);
    return m[1];
  },
});
