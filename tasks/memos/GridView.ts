import { defineTask } from '../../bridge/tasks/api.ts';
import { openMemoList } from './_helpers.ts';

/** L1: ⋯ → 网格视图, and the order 按标题 (both are the list's own settings). */
export default defineTask({
  goal: '把备忘录列表改成网格视图，并按标题排序。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['memos'],
  startApp: 'home',
  tags: ['settings'],
  criteria: () => ({ 'apps.memos.layout': 'grid', 'apps.memos.sort': 'title' }),
  async oracle(ui) {
    await openMemoList(ui);
    await ui.tap('memos.menu');
    await ui.tap('memos.layout.grid');
    await ui.tap('memos.menu');
    await ui.tap('memos.sort.title');
  },
});
