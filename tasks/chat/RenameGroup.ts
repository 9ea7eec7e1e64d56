import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { editGroupField, type GroupParams, groupById, groupParam } from './_helpers.ts';

interface P extends GroupParams {
  newName: string;
}

const NAMES = ['春季项目冲刺群', '周六约球', '老同学聚会筹备', '幸福一家人', '读书打卡群', '周末出游小分队'] as const;

export default defineTask<P>({
  goal: (p) => `把聊天应用里的群聊“${p.groupName}”改名为“${p.newName}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups', 'settings'],
  params: {
    ...groupParam(),
    newName: { type: 'enum', values: NAMES },
  },
  postSample({ p }) {
    if (p.newName === p.groupName) throw new Error('the new name equals the old one');
  },
  checkGoals: (input, p) => [criteria.equals('the group name', groupById(input.final, p.groupId)?.name ?? null, p.newName, `apps.chat.groups[${p.groupId}].name`)],
  // Opening the group to reach its settings reads it.
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await editGroupField(ui, p.groupId, 'name', p.newName);
  },
});
