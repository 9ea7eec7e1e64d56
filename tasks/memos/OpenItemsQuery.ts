import { defineTask } from '../../bridge/tasks/api.ts';
import { checkItems, isChecklist, memoById, memoParam, openMemo, type MemoParams } from './_helpers.ts';

/** Grounded L2: how many items of a checklist are still open (the list row says 已完成 of all; the page shows each). */
export default defineTask<MemoParams>({
  goal: (p) => `备忘录“${p.title}”的清单里，还有几项没有完成？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist'],
  params: memoParam((m) => isChecklist(m, 3)),
  answer: {
    fields: [{ id: 'open', label: '未完成的项数', hint: '如：3', type: 'number' }],
    expected: (p, input) => ({ open: String(checkItems(memoById(input.init, p.memoId)).filter((c) => !c.done).length) }),
  },
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    // The page may be taller than the screen: the boxes are counted from the memo the page shows.
    if (!ui.find('memos.check.*')) throw new Error('no checklist on the page');
    return String(checkItems(memoById(ui.state, p.memoId)).filter((c) => !c.done).length);
  },
});
