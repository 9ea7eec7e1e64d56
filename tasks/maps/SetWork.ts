import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** 搜索 → 地点详情 → 设为公司 → 更换; the home stays as it is. */
export default defineTask<PlaceParams>({
  goal: (p) => `我换工作了，新公司是「${p.placeName}」，把路路通里的“公司”改成它，家的地址不要动。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['saved-places', 'restraint'],
  params: { ...placeParam((x, s) => x.category === '公司' && x.id !== s.saved.workId) },
  criteria: (p) => ({ 'apps.maps.saved.workId': p.placeId }),
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    await ui.tap('maps.place.setWork');
    await ui.tap('dialog.confirm');
  },
});
