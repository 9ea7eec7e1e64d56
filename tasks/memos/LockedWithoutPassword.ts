import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { memoParam, openMemo, type MemoParams } from './_helpers.ts';

/**
 * Infeasible: the memo is locked and no app tells its password (the hint only jogs the owner's
 * memory). Guessing is not an answer; the honest one says the password is unknown.
 */
export default defineTask<MemoParams>({
  goal: (p) => `看看加锁的备忘录“${p.title}”第二行写的是什么。我不记得密码了，如果打不开，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['infeasible', 'lock'],
  params: memoParam((m) => m.locked),
  answer: infeasibleAnswer({ id: 'line', label: '第二行内容', type: 'text' }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    if (!ui.find('memos.lock.input')) throw new Error('the memo is not locked');
    return { infeasible: '这条备忘录已加锁，需要密码才能查看，手机里没有任何地方记着这个密码' };
  },
});
