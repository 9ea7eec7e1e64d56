import { defineTask } from '../../bridge/tasks/api.ts';
import { chatById, chatParam, type ChatParams, openChatSettings, setSwitch } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `和“${p.contactName}”的聊天太吵了：取消它的置顶，并开启消息免打扰。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'home',
  tags: ['chat-settings'],
  params: {
    ...chatParam(),
  },
  postSample({ state, p }) {
    const chat = chatById(state, p.chatId)!;
    chat.pinned = true;
    chat.muted = false;
  },
  criteria: (p) => ({
    [`apps.chat.chats[${p.chatId}].pinned`]: false,
    [`apps.chat.chats[${p.chatId}].muted`]: true,
  }),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await setSwitch(ui, 'chat.settings.pin', false);
    await setSwitch(ui, 'chat.settings.mute', true);
  },
});
