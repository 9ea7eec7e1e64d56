import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, type GroupParams, groupParam, newMessages, sendMessage } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

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
  checkGoals(input, p) {
    const sent = newMessages(input, p.groupId).filter((m) => m.from === 'me');
    return [
      exactlyOne('one new message from me in the group', sent),
      criteria.equals('its text', sent[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].messages[*]`, `apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await sendMessage(ui, p.groupId, p.text);
  },
});
