import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { addedMemoPaths, checklistOf, memosOf, NEW_ITEMS, NEW_TITLES, newMemoCriteria, openMemoList, sameSet, writeMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
  items: string[];
  folderId: string;
  folder: string;
}

/** L3: a new memo in a folder: its title, then three checklist items, none ticked. */
export default defineTask<P>({
  goal: (p) => `在备忘录的“${p.folder}”文件夹里新建一条备忘录，标题“${p.title}”，下面用待办清单列出：${p.items.join('、')}。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['checklist', 'create'],
  params: {
    title: { type: 'enum', values: [...NEW_TITLES] },
    ...spreadParam('_what', ['items', 'folderId', 'folder'], (state, rng) => {
      const f = rng.pick(memosOf(state).folders);
      return { items: rng.shuffle([...NEW_ITEMS]).slice(0, 3), folderId: f.id, folder: f.name };
    }),
  },
  checkGoals: (input, p) =>
    newMemoCriteria(input, p.title, (m) => [
      criteria.equals('its folder', m?.folderId ?? null, p.folderId),
      criteria.that('its checklist', sameSet(checklistOf(m), p.items.map((t) => `${t}:open`)), { expected: p.items.join('、'), actual: checklistOf(m).join('、') }),
    ]),
  expectedChanges: (input) => addedMemoPaths(input),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap(`memos.folder.${p.folderId}`);
    await writeMemo(ui, p.title, p.items.map((text) => ({ text, check: true })));
    await ui.tap('topbar.back');
  },
});
