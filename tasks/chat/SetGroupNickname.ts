import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { editGroupField, type GroupParams, groupById, groupParam } from './_helpers.ts';

interface P extends GroupParams {
  nickname: string;
}

const NICKNAMES = ['小林', '组长', '三班班长', '羽毛球爱好者', '老大', '阿远'] as const;

export default defineTask<P>({
  goal: (p) => `在聊天应用的群聊“${p.groupName}”中，把我在本群的昵称设为“${p.nickname}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups', 'settings'],
  params: {
    ...groupParam(),
    nickname: { type: 'enum', values: NICKNAMES },
  },
  checkGoals: (input, p) => [criteria.equals('my nickname in the group', groupById(input.final, p.groupId)?.myNickname ?? null, p.nickname, `apps.chat.groups[${p.groupId}].myNickname`)],
  // Opening the group to reach its settings reads it.
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await editGroupField(ui, p.groupId, 'nickname', p.nickname);
  },
});
