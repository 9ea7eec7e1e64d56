import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { memosOf, openMemoList } from './_helpers.ts';

interface P extends Record<string, unknown> {
  folderId: string;
  folder: string;
  name: string;
}

const NAMES = ['日常', '工作记录', '杂项', '备份', '收集箱'] as const;

/** L2: 文件夹 → 编辑 → tap the folder's name → a new name → 保存; its memos stay in it. */
export default defineTask<P>({
  goal: (p) => `把备忘录里的“${p.folder}”文件夹改名为“${p.name}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['folder'],
  params: {
    ...spreadParam('_folder', ['folderId', 'folder'], (state, rng) => {
      const f = rng.pick(memosOf(state).folders);
      return { folderId: f.id, folder: f.name };
    }),
    name: { type: 'enum', values: [...NAMES] },
  },
  criteria: (p) => ({ [`apps.memos.folders[${p.folderId}].name`]: p.name }),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap('memos.folders.edit');
    await ui.tap(`memos.folder.${p.folderId}.rename`);
    await ui.type('memos.folder.name', p.name, { clear: true });
    await ui.tap('memos.folder.save');
  },
});
