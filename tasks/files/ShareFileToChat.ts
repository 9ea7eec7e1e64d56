import { defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam } from '../chat/_helpers.ts';
import { fileParam, type FileParams, openFile, shareOpenFile, sharedFileCriteria } from './_helpers.ts';

interface P extends FileParams {
  chatId: string;
  contactName: string;
}

/** 文件详情 → 分享 → a chat: a file card from me in that chat, and in no other. */
export default defineTask<P>({
  goal: (p) => `把“${p.folderName}”里的“${p.fileName}”通过轻聊发给“${p.contactName}”，别发给其他人。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files', 'chat'],
  startApp: 'files',
  tags: ['cross-app', 'share', 'restraint'],
  params: { ...fileParam(), ...namedChatParam() },
  checkGoals: (input, p) => sharedFileCriteria(input, p.chatId, p.fileId),
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    await shareOpenFile(ui, p.chatId);
  },
});
