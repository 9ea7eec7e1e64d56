import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { checkedDownOrder, checkItems, isChecklist, memoById, memoParam, openMemo, type MemoParams } from './_helpers.ts';

/** L2: the toolbar's 勾选项置底 (or ticked items moved by hand): open items first, ticked after, each in its order. */
export default defineTask<MemoParams>({
  goal: (p) => `整理一下备忘录“${p.title}”：把已勾选的项目都移到清单底部。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist'],
  params: memoParam((m) => isChecklist(m, 5)),
  postSample({ state, p }) {
    // A ticked item above an open one, so there is something to move.
    const items = checkItems(memoById(state, p.memoId));
    items[1]!.done = true;
    items[items.length - 1]!.done = false;
  },
  checkGoals: (input, p) => {
    const want = checkedDownOrder(memoById(input.init, p.memoId).blocks)!.map((b) => b.id);
    const now = memoById(input.final, p.memoId).blocks.map((b) => b.id);
    const done = (s: typeof input.init) => checkItems(memoById(s, p.memoId)).map((c) => `${c.id}:${c.done}`).sort();
    return [
      criteria.equals('ticked items at the bottom', now, want, `apps.memos.memos[${p.memoId}].blocks`),
      criteria.equals('no item ticked or unticked', done(input.final), done(input.init)),
    ];
  },
  expectedChanges: (_input, p) => [`apps.memos.memos[${p.memoId}].editedAt`],
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await ui.tap('memos.tool.sortChecked');
  },
});
