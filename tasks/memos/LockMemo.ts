import { defineTask } from '../../bridge/tasks/api.ts';
import { memoAction, memoParam, openMemo, type MemoParams } from './_helpers.ts';

/** L1: ⋯ → 加锁 (the phone's memo password already exists; nothing is asked). */
export default defineTask<MemoParams>({
  goal: (p) => `给备忘录“${p.title}”加锁。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['lock'],
  params: memoParam((m) => !m.locked),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}].locked`]: true }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'lock');
  },
});
