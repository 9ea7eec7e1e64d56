import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, dayText, openTrainInList, queryThroughUi, railwayOf, routeParam, seatOf, yuanAnswer, type RouteParams } from './_helpers.ts';

/** A train's page lists each class with its fare. */
export default defineTask<RouteParams>({
  goal: (p) => `${dayText(p.date)}${p.trainNo}次列车（${p.from}→${p.to}）的${p.cls}票价是多少元？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['query', 'trains'],
  params: routeParam({ need: 0, classes: ['商务座', '一等座', '二等座', '软卧', '硬卧', '硬座'] }),
  answer: {
    fields: [{ id: 'price', label: '票价（元）', hint: '如：553.5', type: 'number' }],
    expected: (p, input) => ({ price: yuanAnswer(seatOf(railwayOf(input.init).trains.find((t) => t.id === p.trainId)!, p.cls)!.price) }),
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await openTrainInList(ui, p.trainId);
    const text = ui.find(`railway.seat.price.${p.cls}`)?.text ?? '';
    if (!text.startsWith('¥')) throw new Error(`no fare for ${p.cls} on screen`);
    return text.slice(1);
  },
});
