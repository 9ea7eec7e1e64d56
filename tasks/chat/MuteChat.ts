import { defineTask } from '../../bridge/tasks/api.ts';
import { chatById, chatParam, type ChatParams, openChatSettings, setSwitch } from './_helpers.ts';

export default defineTask<ChatParams>({
  goal: (p) => `给和“${p.contactName}”的聊天开启消息免打扰。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'home',
  tags: ['chat-settings'],
  params: {
    ...chatParam(),
  },
  postSample({ state, p }) {
    chatById(state, p.chatId)!.muted = false;
  },
  criteria: (p) => ({ [`apps.chat.chats[${p.chatId}].muted`]: true }),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await setSwitch(ui, 'chat.settings.mute', true);
  },
});
