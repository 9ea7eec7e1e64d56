import { defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, chatParam, type ChatParams, sendMessage, sentTextCriteria, threadChanges } from './_helpers.ts';

interface P extends ChatParams {
  text: string;
}

export default defineTask<P>({
  goal: (p) => `在聊天应用中给“${p.contactName}”发送消息：${p.text}`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['messages'],
  params: {
    ...chatParam(),
    text: { type: 'enum', values: MESSAGE_TEXTS },
  },
  checkGoals: (input, p) => sentTextCriteria(input, p.chatId, p.text, 'one new message from me'),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, p.text);
  },
});
