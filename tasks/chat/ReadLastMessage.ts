import { defineTask } from '../../bridge/tasks/api.ts';
import { chatById, chatParam, type ChatParams, openConversation } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `“${p.contactName}”发给我的最后一条消息是什么？请原文回答。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['messages'],
  params: {
    // The contact's last message must be plain text (a 转账 or a card is not "a message to quote").
    ...chatParam((c) => {
      const theirs = c.messages.filter((m) => m.from !== 'me');
      const last = theirs[theirs.length - 1];
      return last !== undefined && !last.transfer && !last.card;
    }),
  },
  answer: {
    fields: [{ id: 'message', label: '最后一条消息', hint: '原文照抄', type: 'text' }],
    expected: (p, input) => {
      const theirs = chatById(input.init, p.chatId)!.messages.filter((m) => m.from !== 'me');
      return { message: theirs[theirs.length - 1].text };
    },
  },
  // Reading a chat marks it read: that is part of doing the task, not a side effect.
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    const theirs = chatById(ui.state, p.chatId)!.messages.filter((m) => m.from !== 'me');
    const text = theirs[theirs.length - 1].text;
    if (!ui.find({ textIncludes: text })) throw new Error(`the last message "${text}" is not visible in the conversation`);
    return text;
  },
});
