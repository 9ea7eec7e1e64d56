import { defineTask, match } from '../../bridge/tasks/api.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** 搜索 → 地点详情 → ☆ 收藏. */
export default defineTask<PlaceParams>({
  goal: (p) => `在路路通里收藏「${p.placeName}」。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['saved-places'],
  params: { ...placeParam((x, s) => !s.saved.favorites.includes(x.id) && ['美食', '咖啡', '景点', '公园', '购物'].includes(x.category)) },
  expectedChanges: () => BROWSE_CHANGES,
  criteria: (p) => ({ 'apps.maps.saved.favorites': match.that(`contains ${p.placeId}`, (v) => Array.isArray(v) && v.includes(p.placeId)) }),
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    await ui.tap('maps.place.fav');
  },
});
