import { defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, type GroupParams, groupParam, sendMessage, sentTextCriteria, threadChanges } from './_helpers.ts';

interface P extends GroupParams {
  text: string;
}

export default defineTask<P>({
  goal: (p) => `在聊天应用的群聊“${p.groupName}”里发送消息：${p.text}`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups', 'messages'],
  params: {
    ...groupParam(),
    text: { type: 'enum', values: MESSAGE_TEXTS },
  },
  checkGoals: (input, p) => sentTextCriteria(input, p.groupId, p.text, 'one new message from me in the group'),
  expectedChanges: (_input, p) => threadChanges(p.groupId, 'groups'),
  async oracle(ui, p) {
    await sendMessage(ui, p.groupId, p.text);
  },
});
