import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { memoAction, memosOf, memoTitle, namedMemos, openMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  folderId: string;
  folder: string;
}

/** L2: ⋯ → 移动到文件夹 → a folder the memo is not in. */
export default defineTask<P>({
  goal: (p) => `把备忘录“${p.title}”移到“${p.folder}”文件夹。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['folder'],
  params: spreadParam('_move', ['memoId', 'title', 'folderId', 'folder'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => !x.locked));
    if (!m) return null;
    const f = rng.pick(memosOf(state).folders.filter((x) => x.id !== m.folderId));
    return { memoId: m.id, title: memoTitle(m), folderId: f.id, folder: f.name };
  }),
  criteria: (p) => ({ [`apps.memos.memos[${p.memoId}].folderId`]: p.folderId }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'move');
    await ui.tap(`memos.move.${p.folderId}`);
  },
});
