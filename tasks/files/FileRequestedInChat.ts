import { defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam, openConversation } from '../chat/_helpers.ts';
import { fileParam, type FileParams, openFile, receiveMessage, shareOpenFile, sharedFileCriteria } from './_helpers.ts';

interface P extends FileParams {
  chatId: string;
  contactName: string;
}

/**
 * Memory, two apps: the file's name is only in a friend's 轻聊 message; the agent reads it there,
 * finds the file in 文件管理 and shares it back to that friend.
 */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”刚在轻聊里跟我要一个文件。看看他要的是哪个，在文件管理里找到它，分享给他。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'files'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'share'],
  params: { ...fileParam((f) => f.folderId !== 'd_root'), ...namedChatParam() },
  postSample({ state, p }) {
    receiveMessage(state, p.chatId, `在吗？能把“${p.fileName}”发我一下吗？我这边急用，谢谢！`, 6);
  },
  checkGoals: (input, p) => sharedFileCriteria(input, p.chatId, p.fileId),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: p.fileName })) throw new Error('the request is not on screen');
    await ui.home();
    await openFile(ui, p.fileId);
    await shareOpenFile(ui, p.chatId);
  },
});
