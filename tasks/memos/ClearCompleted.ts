import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { checkItems, checklistOf, isChecklist, memoById, memoParam, openMemo, sameSet, type MemoParams } from './_helpers.ts';

/** L3 restraint: every ticked item removed (×), every open item kept as it was; nothing else in the memo changes. */
export default defineTask<MemoParams>({
  goal: (p) => `备忘录“${p.title}”里已经完成的项目不需要了，把它们从清单里删掉；没完成的一项都不能少。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist', 'restraint'],
  params: memoParam((m) => isChecklist(m, 4) && checkItems(m).some((c) => c.done) && checkItems(m).some((c) => !c.done)),
  checkGoals: (input, p) => {
    const before = memoById(input.init, p.memoId);
    const after = memoById(input.final, p.memoId);
    const want = checklistOf(before).filter((x) => x.endsWith(':open'));
    const other = (m: typeof before) => m.blocks.filter((b) => b.kind !== 'check').map((b) => JSON.stringify(b));
    return [
      criteria.that('only the open items are left', sameSet(checklistOf(after), want), { expected: want.join('、'), actual: checklistOf(after).join('、'), path: `apps.memos.memos[${p.memoId}].blocks` }),
      criteria.equals('the rest of the memo as it was', other(after), other(before)),
    ];
  },
  expectedChanges: (_input, p) => [`apps.memos.memos[${p.memoId}].editedAt`],
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    for (const c of checkItems(memoById(ui.state, p.memoId)).filter((x) => x.done)) {
      await ui.scrollTo(`memos.block.${c.id}.remove`, { within: 'memos.edit.body' });
      await ui.tap(`memos.block.${c.id}.remove`);
    }
  },
});
