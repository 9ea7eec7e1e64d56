/**
 * 律动's stray changes for `phonegym verify` (docs/verify.md), in order of preference:
 * 1. a liked song the task does not mention, unliked (我的 → 我喜欢的音乐 → ⋮ → 从歌单中删除);
 * 2. the play mode changed once (the queue's mode button), while the queue has a song;
 * 3. 搜索 → 清空 the search history.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import { nextMode } from '../../simulator-apps/music/logic.ts';
import type { MusicState } from '../../simulator-apps/music/types.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { openMusicTab, openMyList, openQueue } from './_helpers.ts';

const MUSIC: StrayApp<MusicState> = { app: 'music', has: (s) => Array.isArray(s.songs) && Array.isArray(s.liked) };

const unlike = sliceStray(MUSIC, 'music.unlike', (m, taken) => {
  const id = m.liked.find((x) => !taken.has(x) && !taken.has(m.songs.find((s) => s.id === x)?.title ?? ''));
  if (!id) return null;
  return {
    path: 'apps.music.liked',
    description: `我的 → 我喜欢的音乐 → ${id} ⋮ → 从歌单中删除`,
    apply(draft) {
      draft.liked = draft.liked.filter((x) => x !== id);
    },
    async run(ui: OracleUi) {
      await openMyList(ui, 'liked');
      await ui.scrollTo(`music.song.${id}.more`, { within: 'music.list.songs' });
      await ui.tap(`music.song.${id}.more`);
      await ui.tap('music.sheet.remove');
    },
  };
});

const mode = sliceStray(MUSIC, 'music.mode', (m) => {
  if (m.queue.length === 0) return null;
  const to = nextMode(m.player.mode);
  return {
    path: 'apps.music.player.mode',
    description: `播放列表 → 播放模式 → ${to}`,
    apply(draft) {
      draft.player.mode = to;
    },
    async run(ui: OracleUi) {
      await openQueue(ui);
      await ui.tap('music.queue.mode');
    },
  };
});

const clearHistory = sliceStray(MUSIC, 'music.clearSearches', (m) => {
  if (m.searchHistory.length === 0) return null;
  return {
    path: 'apps.music.searchHistory',
    description: '搜索 → 搜索历史 清空',
    apply(draft) {
      draft.searchHistory = [];
    },
    async run(ui: OracleUi) {
      await openMusicTab(ui, 'search');
      if (ui.find('music.search.clearInput')) await ui.tap('music.search.clearInput');
      await ui.tap('music.search.history.clear');
    },
  };
});

export const strays: StrayChange[] = [unlike, mode, clearHistory];
