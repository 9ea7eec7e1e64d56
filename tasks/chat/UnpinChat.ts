import { defineTask } from '../../bridge/tasks/api.ts';
import { chatById, chatParam, type ChatParams, openChatSettings, setSwitch } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `取消和“${p.contactName}”的聊天置顶。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['chat-settings'],
  params: {
    ...chatParam(),
  },
  postSample({ state, p }) {
    chatById(state, p.chatId)!.pinned = true;
  },
  criteria: (p) => ({ [`apps.chat.chats[${p.chatId}].pinned`]: false }),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await setSwitch(ui, 'chat.settings.pin', false);
  },
});
