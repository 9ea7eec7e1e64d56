import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** A grounded query: the place's 电话 on its 地点详情. */
export default defineTask<PlaceParams>({
  goal: (p) => `在路路通里查一下「${p.placeName}」的联系电话是多少？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['places', 'query'],
  params: { ...placeParam((x) => x.phone !== '') },
  answer: {
    fields: [{ id: 'phone', label: '电话', hint: '如：0571-86123456', type: 'text' }],
    expected: (p, input) => {
      const ph = placeById(mapsOf(input.init), p.placeId)!.phone;
      return { phone: [ph, ph.replace('-', '')] };
    },
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    return placeById(mapsOf(ui.state), p.placeId)!.phone && (ui.find('maps.place.phone')?.text ?? '').match(/[\d-]{7,}/)![0];
  },
});
