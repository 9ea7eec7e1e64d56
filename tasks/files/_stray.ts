/**
 * 文件管理's stray changes for `phonegym verify` (docs/verify.md): small edits no files task asks
 * for, made through the UI from whatever screen the oracle ended on.
 *
 * 1. 收藏 of a file the task's parameters do not mention, flipped on its detail page.
 * 2. The folders' view switched between 列表 and 网格 (only the view tasks own it).
 */
import type { StrayChange } from '../../bridge/tasks/types.ts';
import type { FilesState } from '../../simulator-apps/files/types.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { nameableFiles, openFile, openFilesTab } from './_helpers.ts';

const FILES: StrayApp<FilesState> = { app: 'files', has: (s) => Array.isArray(s.files) && typeof s.view === 'object' };

const favorite = sliceStray(FILES, 'files.favorite', (s, taken) => {
  const f = nameableFiles(s, (x) => !taken.has(x.id) && !taken.has(x.name) && !taken.has(x.folderId))[0];
  if (!f) return null;
  const id = f.id;
  const on = !f.favorite;
  return {
    path: `apps.files.files[${id}].favorite`,
    description: `文件 ${f.name} → ${on ? '收藏' : '取消收藏'}`,
    apply(draft) {
      draft.files.find((x) => x.id === id)!.favorite = on;
    },
    async run(ui) {
      await openFile(ui, id);
      await ui.tap('files.detail.fav');
    },
  };
});

const layout = sliceStray(FILES, 'files.layout', (s) => {
  const next = s.view.layout === 'list' ? 'grid' : 'list';
  return {
    path: 'apps.files.view.layout',
    description: `浏览 → ${next === 'grid' ? '网格' : '列表'}视图`,
    apply(draft) {
      draft.view.layout = next;
    },
    async run(ui) {
      await openFilesTab(ui, 'browse');
      await ui.tap('files.layout');
    },
  };
});

export const strays: StrayChange[] = [favorite, layout];
