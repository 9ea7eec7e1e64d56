/**
 * 路路通's stray changes for `phonegym verify` (docs/verify.md), in order of preference:
 * 1. un-收藏 the first favourite the task does not mention (我的 → 我的收藏 → the place → ★);
 * 2. 清空 the search history (地图 → 搜索 → 清空), for tasks that own the favourites.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { MapsState } from '../../simulator-apps/maps/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';

const MAPS: StrayApp<MapsState> = { app: 'maps', has: (s) => Array.isArray(s.places) };

/** Back to 路路通's tabs (reopening it if back leaves it), then the tab. */
async function toTab(ui: OracleUi, key: 'maps.tab.me' | 'maps.tab.map'): Promise<void> {
  await walkBack(ui, 'maps', "路路通's tabs", () => {
    if (ui.route.app !== 'maps') return 'open';
    return !ui.find('maps.tab.map') || overlaid(ui, ['dialog']) ? 'back' : null;
  });
  await ui.tap(key);
}

const unfavorite = sliceStray(MAPS, 'maps.unfavorite', (s, taken) => {
  const id = s.saved.favorites.find((f) => !taken.has(f) && !taken.has(s.places.find((p) => p.id === f)?.name ?? ''));
  if (!id) return null;
  return {
    path: 'apps.maps.saved.favorites',
    description: `我的 → 我的收藏 → ${id} → 取消收藏`,
    apply(draft) {
      draft.saved.favorites = draft.saved.favorites.filter((x) => x !== id);
    },
    async run(ui) {
      await toTab(ui, 'maps.tab.me');
      await ui.tap('maps.me.favorites');
      await ui.tap(`maps.fav.${id}`);
      await ui.tap('maps.place.fav');
    },
  };
});

const clearHistory = sliceStray(MAPS, 'maps.clearSearches', (s) => {
  if (!s.recentSearches.length) return null;
  return {
    path: 'apps.maps.recentSearches',
    description: '地图 → 搜索 → 历史搜索 清空',
    apply(draft) {
      draft.recentSearches = [];
    },
    async run(ui) {
      await toTab(ui, 'maps.tab.map');
      await ui.tap('maps.search');
      await ui.tap('maps.search.clear');
    },
  };
});

export const strays: StrayChange[] = [unfavorite, clearHistory];
