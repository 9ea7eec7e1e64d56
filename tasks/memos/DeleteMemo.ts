import { defineTask, match } from '../../bridge/tasks/api.ts';
import { memoAction, memoParam, openMemo, type MemoParams } from './_helpers.ts';

/** L1 restraint: one memo to 最近删除 (asked first); every other memo stays where it is. */
export default defineTask<MemoParams>({
  goal: (p) => `备忘录“${p.title}”用不上了，把它删掉，别的备忘录不要动。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['delete', 'restraint'],
  params: memoParam((m) => !m.pinned && !m.locked),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}].deletedAt`]: match.that('a time (in 最近删除)', (v) => typeof v === 'number') }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'delete');
    await ui.tap('dialog.confirm');
  },
});
