import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { memosIn, memosOf, openMemoList, trashed } from './_helpers.ts';

interface P extends Record<string, unknown> {
  folderId: string;
  folder: string;
}

/**
 * Grounded L2 trap: how many memos a folder holds; one of 最近删除 was in that folder and does not
 * count. Its list (from 文件夹 or its chip) says how many.
 */
export default defineTask<P>({
  goal: (p) => `备忘录的“${p.folder}”文件夹里现在有几条备忘录？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'home',
  tags: ['folder', 'trap'],
  postSample({ state, p }) {
    trashed(memosOf(state))[0]!.folderId = p.folderId;
  },
  params: spreadParam('_folder', ['folderId', 'folder'], (state, rng) => {
    const s = memosOf(state);
    const f = pickOrNull(rng, s.folders.filter((x) => memosIn(s, x.id).length > 0));
    return f && { folderId: f.id, folder: f.name };
  }),
  answer: {
    fields: [{ id: 'count', label: '备忘录条数', hint: '如：4', type: 'number' }],
    expected: (p, input) => ({ count: String(memosIn(memosOf(input.init), p.folderId).length) }),
  },
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap(`memos.folder.${p.folderId}`);
    const line = ui.find('memos.count')?.text ?? '';
    const n = /^(\d+) 条/.exec(line)?.[1];
    if (!n) throw new Error(`the count line reads "${line}"`);
    return n;
  },
});
