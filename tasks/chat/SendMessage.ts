import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, chatParam, type ChatParams, newMessages, sendMessage } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

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
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [
      exactlyOne('one new message from me', sent),
      criteria.equals('its text', sent[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].messages[*]`, `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, p.text);
  },
});
