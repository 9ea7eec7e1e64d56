import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { addedInThread, fileById, fileParam, type FileParams, filesOf, openFile, sizeAnswers } from './_helpers.ts';

interface P extends FileParams {
  chatId: string;
  contactName: string;
}

/** Cross-app: read a file's 大小 on its detail, tell a friend in 轻聊 (the size as shown, e.g. 2.4 MB). */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”想知道“${p.fileName}”有多大。在文件管理里查一下，用轻聊把大小告诉他（写上数字和单位，如 2.4 MB）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['files', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'detail'],
  params: { ...fileParam(), ...namedChatParam() },
  postSample({ state, p }) {
    const chat = (state.apps.chat as unknown as { chats: { id: string; draft: string }[] }).chats.find((c) => c.id === p.chatId);
    if (chat) chat.draft = '';
  },
  checkGoals: (input, p) => {
    const sent = addedInThread(input, p.chatId).filter((m) => m.from === 'me');
    const text = (sent[0]?.text ?? '').replace(/\s+/g, '').toUpperCase();
    const sizes = sizeAnswers(fileById(filesOf(input.init), p.fileId)!.size);
    return [
      exactlyOne(`one message to ${p.contactName}`, sent, `apps.chat.chats[${p.chatId}].messages`),
      criteria.that('it says the size', sizes.some((s) => text.includes(s.replace(/\s+/g, '').toUpperCase())), { expected: sizes[0], actual: sent[0]?.text ?? '' }),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    const size = ui.find('files.detail.size')!.text;
    await ui.home();
    await sendMessage(ui, p.chatId, `“${p.fileName}”有 ${size}`);
  },
});
