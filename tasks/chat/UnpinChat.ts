import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatById, openChatSettings, pickChat, setSwitch } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
}

export default defineTask<P>({
  goal: (p) => `取消和“${p.contactName}”的聊天置顶。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['chat-settings'],
  params: {
    _chat: { sampler: (state, rng) => pickChat(state, rng), fields: { chatId: 'chatId', contactName: 'contactName' } },
  },
  postSample({ state, p }) {
    chatById(state, p.chatId)!.pinned = true;
  },
  checkGoals(input, p) {
    return [criteria.equals('chat is not pinned', chatById(input.final, p.chatId)?.pinned, false, `apps.chat.chats[${p.chatId}].pinned`)];
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openChatSettings(ui, p.chatId);
    await setSwitch(ui, 'chat.settings.pin', false);
  },
});
