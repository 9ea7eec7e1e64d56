import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, dayText, filterTrains, queryThroughUi, railwayOf, routeParam, type RouteParams } from './_helpers.ts';

/** 查询结果 filtered to G trains: the first one's number and departure. An earlier D or K train is the trap. */
export default defineTask<RouteParams>({
  goal: (p) => `查一下${dayText(p.date)}从${p.from}到${p.to}的火车票，当天最早的一趟G字头高铁是哪个车次、几点发车？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['query', 'trains'],
  params: routeParam({ where: (t, day) => t.no.startsWith('G') && day.find((x) => x.no.startsWith('G'))?.id === t.id }),
  answer: {
    fields: [
      { id: 'train', label: '车次', hint: '如：G123', type: 'text' },
      { id: 'dep', label: '发车时间', hint: '如：07:30', type: 'time' },
    ],
    expected: (p, input) => {
      const t = railwayOf(input.init).trains.find((x) => x.id === p.trainId)!;
      return { train: p.trainNo, dep: t.dep };
    },
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await queryThroughUi(ui, p.from, p.to, p.date);
    await filterTrains(ui, 'railway.filter.type.G');
    const first = ui.findAll('railway.train.no.*')[0];
    if (!first || first.text !== p.trainNo) throw new Error(`the first G train on screen is ${first?.text}, expected ${p.trainNo}`);
    const dep = ui.find(`railway.train.dep.${p.trainId}`)!.text;
    return { train: first.text, dep };
  },
});
