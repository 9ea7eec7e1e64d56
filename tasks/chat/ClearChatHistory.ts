import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatById, chatParam, type ChatParams, openChatSettings, threadChanges } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `清空和“${p.contactName}”的聊天记录。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['chat-settings', 'destructive'],
  params: {
    ...chatParam((c) => c.messages.length >= 3),
  },
  checkGoals(input, p) {
    const after = chatById(input.final, p.chatId);
    return [
      criteria.that('the chat still exists', after !== undefined, { expected: 'chat kept', actual: after ? 'chat kept' : 'chat deleted' }),
      criteria.equals('its history is empty', after?.messages.length ?? null, 0, `apps.chat.chats[${p.chatId}].messages`),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await ui.tap('chat.settings.clear');
    await ui.tap('dialog.confirm');
  },
});
