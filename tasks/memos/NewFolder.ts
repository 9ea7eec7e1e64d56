import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { memosOf, openMemoList } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
}

const NAMES = ['读书笔记', '菜谱', '装修', '宝宝', '理财', '面试准备'] as const;

/** L1: 文件夹 → 新建文件夹 → a name → 保存. */
export default defineTask<P>({
  goal: (p) => `在备忘录里新建一个文件夹，名字叫“${p.name}”。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['folder'],
  params: { name: { type: 'enum', values: [...NAMES] } },
  checkGoals: (input, p) => {
    const added = addedRecords(memosOf(input.init).folders, memosOf(input.final).folders);
    return oneAdded('exactly one new folder', added, (f) => [criteria.equals('its name', f?.name ?? null, p.name, f ? `apps.memos.folders[${f.id}]` : undefined)]);
  },
  expectedChanges: (input) => addedRecords(memosOf(input.init).folders, memosOf(input.final).folders).map((f) => `apps.memos.folders[${f.id}]`),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.scrollTo('memos.folder.new', { within: 'memos.folders.list' });
    await ui.tap('memos.folder.new');
    await ui.type('memos.folder.name', p.name);
    await ui.tap('memos.folder.save');
  },
});
