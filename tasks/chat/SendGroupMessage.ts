import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, type GroupParams, groupById, groupParam, openConversation } from './_helpers.ts';

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
    const before = groupById(input.init, p.groupId)!.messages.length;
    const sent = (groupById(input.final, p.groupId)?.messages ?? []).slice(before).filter((m) => m.from === 'me');
    return [
      criteria.that('one new message from me in the group', sent.length === 1, { expected: 1, actual: sent.length }),
      criteria.equals('its text', sent[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].messages[*]`, `apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.groupId);
    await ui.type('chat.input', p.text);
    await ui.tap('chat.send');
  },
});
