import { defineTask } from '../../bridge/tasks/api.ts';
import { searchPlaces } from '../../simulator-apps/maps/logic.ts';
import { BROWSE_CHANGES, mapsOf, openMapsTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  category: string;
}

/** A grounded query: 地图 → a category chip → the first result (nearest to me). */
export default defineTask<P>({
  goal: (p) => `离我现在的位置最近的${p.category === '美食' ? '餐馆' : p.category}是哪一家？用路路通查一下，告诉我它的名字。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['places', 'query'],
  params: { category: { type: 'enum', values: ['银行', '医院', '咖啡', '酒店', '美食'] } },
  sampleMax: 5,
  answer: {
    fields: [{ id: 'name', label: '名称', type: 'text' }],
    expected: (p, input) => ({ name: searchPlaces(mapsOf(input.init), '', p.category as never)[0].name }),
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openMapsTab(ui, '/');
    await ui.tap(`maps.cat.${p.category}`);
    const first = ui.findAll('maps.result.*')[0];
    if (!first) throw new Error('no results');
    return mapsOf(ui.state).places.find((x) => x.id === first.key!.slice('maps.result.'.length))!.name;
  },
});
