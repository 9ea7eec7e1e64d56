import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { addedInThread, fileParam, type FileParams, openFile, otherThreadsWritten, shareOpenFile } from './_helpers.ts';

interface P extends FileParams {
  chatId: string;
  friendId: string;
  friendName: string;
}

/**
 * Interactive, two apps: which file the friend wants exists only in their answer; the agent asks
 * in 轻聊, finds that file in 文件管理 and shares it to them (a file card, after the question).
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}说要我手机里的一个文件，但没说是哪个。在轻聊里问问他要哪个文件，然后在文件管理里找到它分享给他。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'files'],
  startApp: 'home',
  tags: ['interactive', 'cross-app', 'share'],
  params: { ...counterpartParam('_friend', 'friend'), ...fileParam((f) => f.folderId !== 'd_root') },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p }) => ({ text: `就是“${p.fileName}”，在“${p.folderName}”文件夹里，麻烦发我一下`, done: true }),
  ),
  checkGoals: (input, p) => {
    const card = addedInThread(input, p.chatId).find((m) => m.from === 'me' && m.card)?.card;
    return [
      criteria.that(`asked ${p.friendName} in 轻聊`, sentSince(input.init, input.final, p.friendId).some((m) => !m.card), { expected: 'a question sent' }),
      criteria.equals('the file card went to them', card ? `${card.app}${card.ref}` : null, `files/file/${p.fileId}`, `apps.chat.chats[${p.chatId}].messages`),
      criteria.equals('no other chat got anything', otherThreadsWritten(input, p.chatId).join(', '), ''),
    ];
  },
  expectedChanges: (input, p) => conversationPaths(input.init, input.final, p.friendId),
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '你要的是哪个文件呀？');
    const reply = ui.findAll({ textIncludes: '麻烦发我一下' }).at(-1);
    if (!reply || !reply.text.includes(p.fileName)) throw new Error(`${p.friendName} did not name the file`);
    await ui.home();
    await openFile(ui, p.fileId);
    await shareOpenFile(ui, p.chatId);
  },
});
