import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { addItem, checkItems, checklistOf, freshItems, isChecklist, memoById, memosOf, memoTitle, namedMemos, NEW_ITEMS, openMemo, sameSet } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  item: string;
}

/** L2: a new open item in a checklist memo; the old items stay as they were. */
export default defineTask<P>({
  goal: (p) => `在备忘录“${p.title}”的清单里加一项“${p.item}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist'],
  params: spreadParam('_list', ['memoId', 'title', 'item'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => isChecklist(x)));
    return m && { memoId: m.id, title: memoTitle(m), item: freshItems(rng, NEW_ITEMS, checkItems(m).map((c) => c.text), 1)[0] };
  }),
  checkGoals: (input, p) => {
    const after = memosOf(input.final).memos.find((m) => m.id === p.memoId);
    const want = [...checklistOf(memoById(input.init, p.memoId)), `${p.item}:open`];
    return [criteria.that(`the list holds its items and “${p.item}” (open)`, sameSet(checklistOf(after), want), { expected: want.join('、'), actual: checklistOf(after).join('、'), path: `apps.memos.memos[${p.memoId}].blocks` })];
  },
  expectedChanges: (_input, p) => [`apps.memos.memos[${p.memoId}].editedAt`],
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await addItem(ui, p.memoId, p.item);
  },
});
