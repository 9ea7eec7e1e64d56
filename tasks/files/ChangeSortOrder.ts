import { defineTask } from '../../bridge/tasks/api.ts';
import { SORT_NAMES } from '../../simulator-apps/files/logic.ts';
import type { SortKey } from '../../simulator-apps/files/types.ts';
import { filesOf, openFilesTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  sort: SortKey;
}

/** The toolbar's 排序 sheet: one of the three orders that are not the default 按时间. */
export default defineTask<P>({
  goal: (p) => `把文件管理里文件夹的排序方式改成“${SORT_NAMES[p.sort]}”排序。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['view'],
  params: { sort: { type: 'enum', values: ['name', 'size', 'type'] } },
  postSample({ state }) {
    filesOf(state).view.sort = 'date';
  },
  criteria: (p) => ({ 'apps.files.view.sort': p.sort }),
  async oracle(ui, p) {
    await openFilesTab(ui, 'browse');
    await ui.tap('files.sort');
    await ui.tap(`files.sort.${p.sort}`);
  },
});
