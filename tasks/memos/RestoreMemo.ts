import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { memosOf, memoTitle, openMemoList, trashed, type MemoParams } from './_helpers.ts';

/** L2: 文件夹 → 最近删除 (or the chip at the end of the row) → the memo → 恢复; it goes back to its folder. */
export default defineTask<MemoParams>({
  goal: (p) => `我不小心删了备忘录“${p.title}”，帮我把它恢复回来。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['trash'],
  params: spreadParam('_memo', ['memoId', 'title'], (state, rng) => {
    const s = memosOf(state);
    const m = pickOrNull(rng, trashed(s).filter((x) => s.memos.filter((y) => memoTitle(y) === memoTitle(x)).length === 1));
    return m && { memoId: m.id, title: memoTitle(m) };
  }),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}].deletedAt`]: null }),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap('memos.folder.trash');
    await ui.tap(`memos.trash.${p.memoId}`);
    await ui.tap('memos.trash.restore');
  },
});
