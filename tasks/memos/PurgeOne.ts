import { defineTask, match } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { memosOf, memoTitle, openMemoList, trashed, type MemoParams } from './_helpers.ts';

/** L2 restraint: one memo of 最近删除 deleted for good (asked twice); the others stay there to be restored. */
export default defineTask<MemoParams>({
  goal: (p) => `把“最近删除”里的备忘录“${p.title}”永久删除，其他的先留着。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['trash', 'restraint'],
  params: spreadParam('_memo', ['memoId', 'title'], (state, rng) => {
    const s = memosOf(state);
    const m = pickOrNull(rng, trashed(s).filter((x) => s.memos.filter((y) => memoTitle(y) === memoTitle(x)).length === 1));
    return m && { memoId: m.id, title: memoTitle(m) };
  }),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}]`]: match.absent() }),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap('memos.folder.trash');
    await ui.tap(`memos.trash.${p.memoId}`);
    await ui.tap('memos.trash.purge');
    await ui.tap('dialog.confirm');
  },
});
