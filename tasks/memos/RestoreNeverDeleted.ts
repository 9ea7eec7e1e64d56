import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { openMemoList } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
}

/** Infeasible: 最近删除 holds no memo by that name (no memo anywhere has it); nothing may be restored instead. */
const TITLES = ['毕业旅行账单', '车位租赁合同要点', '老家院子改造', '宠物疫苗记录', '钢琴考级曲目'] as const;

export default defineTask<P>({
  goal: (p) => `从备忘录的“最近删除”里把“${p.title}”恢复出来。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['infeasible', 'trash'],
  params: { title: { type: 'enum', values: [...TITLES] } },
  answer: infeasibleAnswer({ id: 'restored', label: '恢复的备忘录', type: 'text' }),
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.tap('memos.folder.trash');
    if (ui.find({ key: 'memos.trash.*', textIncludes: p.title })) throw new Error(`最近删除 holds ${p.title}`);
    return { infeasible: `“最近删除”里没有“${p.title}”，这条备忘录不存在，无法恢复` };
  },
});
