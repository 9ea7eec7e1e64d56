import { defineTask } from '../../bridge/tasks/api.ts';
import { memoAction, memoParam, openMemo, type MemoParams } from './_helpers.ts';

/** L1: one memo, ⋯ → 置顶. Locked memos are left out (their page asks for the password first). */
export default defineTask<MemoParams>({
  goal: (p) => `把备忘录“${p.title}”置顶。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['pin'],
  params: memoParam((m) => !m.pinned && !m.locked),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}].pinned`]: true }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'pin');
  },
});
