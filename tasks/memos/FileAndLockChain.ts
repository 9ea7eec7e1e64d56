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

/** L3 in one app: a memo moved to a folder, locked and pinned (three trips to its ⋯ sheet). */
export default defineTask<P>({
  goal: (p) => `把备忘录“${p.title}”移到“${p.folder}”文件夹，给它加锁，再把它置顶。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['memos'],
  startApp: 'home',
  tags: ['folder', 'lock', 'pin'],
  params: spreadParam('_move', ['memoId', 'title', 'folderId', 'folder'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => !x.locked && !x.pinned));
    if (!m) return null;
    const f = rng.pick(memosOf(state).folders.filter((x) => x.id !== m.folderId));
    return { memoId: m.id, title: memoTitle(m), folderId: f.id, folder: f.name };
  }),
  criteria: (p) => ({
    [`apps.memos.memos[${p.memoId}].folderId`]: p.folderId,
    [`apps.memos.memos[${p.memoId}].locked`]: true,
    [`apps.memos.memos[${p.memoId}].pinned`]: true,
  }),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'move');
    await ui.tap(`memos.move.${p.folderId}`);
    await memoAction(ui, 'lock');
    await memoAction(ui, 'pin');
  },
});
