import { defineTask } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** 搜索 → 地点详情 → 设为家 → 更换 (the confirm: a home is already set). */
export default defineTask<PlaceParams>({
  goal: (p) => `我搬家了，在路路通里把“家”设置为「${p.placeName}」。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['saved-places'],
  params: { ...placeParam((x, s) => x.category === '住宅' && x.id !== s.saved.homeId && x.id !== s.saved.workId) },
  criteria: (p) => ({ 'apps.maps.saved.homeId': p.placeId }),
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    await ui.tap('maps.place.setHome');
    await ui.tap('dialog.confirm');
  },
});
