import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** A grounded query: when the place closes (the end of its hours on 地点详情). */
export default defineTask<PlaceParams>({
  goal: (p) => `「${p.placeName}」每天几点关门（结束营业）？用路路通查一下。`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['places', 'query'],
  params: { ...placeParam((x) => x.hours !== '00:00-24:00' && ['美食', '咖啡', '购物', '景点', '银行'].includes(x.category)) },
  answer: {
    fields: [{ id: 'close', label: '关门时间', hint: '如：21:30', type: 'time' }],
    expected: (p, input) => ({ close: placeById(mapsOf(input.init), p.placeId)!.hours.split('-')[1] }),
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    const text = ui.find('maps.place.hours')?.text ?? '';
    return text.match(/-(\d\d:\d\d)/)![1];
  },
});
