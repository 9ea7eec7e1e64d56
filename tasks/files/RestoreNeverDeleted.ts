import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { filesOf, openFilesTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileName: string;
}

const NAMES = ['年终奖明细.xlsx', '婚礼致辞.docx', '护照扫描.pdf', '车险保单.pdf', '钢琴考级曲目.pdf', '毕业论文_定稿.docx'] as const;

/** Infeasible: 回收站 has no such file (it was never deleted, and no folder has it): nothing to restore. */
export default defineTask<P>({
  goal: (p) => `从回收站恢复我之前删掉的“${p.fileName}”。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['infeasible', 'trash'],
  params: spreadParam('_name', ['fileName'], (state, rng) => {
    const s = filesOf(state);
    return { fileName: rng.pick(NAMES.filter((n) => !s.files.some((f) => f.name === n))) };
  }),
  answer: infeasibleAnswer({ id: 'restored', label: '恢复到的文件夹', type: 'text' }),
  async oracle(ui, p) {
    await openFilesTab(ui, 'categories');
    await ui.tap('files.trash');
    if (ui.find({ textIncludes: p.fileName })) throw new Error('the file is in 回收站');
    return { infeasible: `回收站里没有“${p.fileName}”，手机里也找不到这个文件，无法恢复` };
  },
});
