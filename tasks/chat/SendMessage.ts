import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { MESSAGE_TEXTS, chatById, chatParam, type ChatParams, openConversation } from './_helpers.ts';

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
    const before = chatById(input.init, p.chatId)!.messages.length;
    const after = chatById(input.final, p.chatId)?.messages ?? [];
    const sent = after.slice(before).filter((m) => m.from === 'me');
    return [
      criteria.that('one new message from me', sent.length === 1, { expected: 1, actual: sent.length }),
      criteria.equals('its text', sent[0]?.text ?? null, p.text),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].messages[*]`, `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    await ui.type('chat.input', p.text);
    await ui.tap('chat.send');
  },
});
