import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { checkItems, isChecklist, memoById, memosOf, memoTitle, namedMemos, openMemo, setItem } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  itemIds: string[];
  items: string[];
}

/**
 * L2 restraint: tick exactly the two items named; every other item of the list keeps its state
 * (judged item by item), nothing is removed or reordered.
 */
export default defineTask<P>({
  goal: (p) => `在备忘录“${p.title}”里，把“${p.items[0]}”和“${p.items[1]}”勾选为已完成，其他项目保持原样。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist', 'restraint'],
  params: spreadParam('_list', ['memoId', 'title', 'itemIds', 'items'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => isChecklist(x) && checkItems(x).filter((c) => !c.done).length >= 3));
    if (!m) return null;
    const picked = rng.shuffle(checkItems(m).filter((c) => !c.done)).slice(0, 2);
    return { memoId: m.id, title: memoTitle(m), itemIds: picked.map((c) => c.id), items: picked.map((c) => c.text) };
  }),
  checkGoals: (input, p) => {
    const before = memoById(input.init, p.memoId);
    const after = memosOf(input.final).memos.find((m) => m.id === p.memoId);
    return [
      criteria.equals('the blocks in the same order', after?.blocks.map((b) => b.id) ?? null, before.blocks.map((b) => b.id), `apps.memos.memos[${p.memoId}].blocks`),
      ...checkItems(before).map((c) => {
        const want = p.itemIds.includes(c.id) ? true : c.done;
        const now = after ? checkItems(after).find((x) => x.id === c.id) : undefined;
        return criteria.equals(`“${c.text}” ${want ? 'done' : 'open'}`, now ? now.done : null, want, `apps.memos.memos[${p.memoId}].blocks[${c.id}].done`);
      }),
    ];
  },
  expectedChanges: (_input, p) => [`apps.memos.memos[${p.memoId}].editedAt`],
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    for (const id of p.itemIds) await setItem(ui, id, true);
  },
});
