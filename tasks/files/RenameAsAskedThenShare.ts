import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam, openConversation } from '../chat/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { extOf, filesOf, folderName, nameableFiles, receiveMessage, renameFile, shareOpenFile, sharedFileCriteria } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  folderName: string;
  stem: string;
  chatId: string;
  contactName: string;
}

const STEMS = ['报名材料_张三', '提交版_0315', '终稿_请查收', '项目申报书', '会议材料_周一'] as const;

/**
 * L4, memory and order: a friend's message says which file to rename and to what; the file is
 * renamed first, then shared, so the card the friend gets carries the new name.
 */
export default defineTask<P>({
  goal: (p) => `按“${p.contactName}”在轻聊里的要求，先把文件改好名字，再把改名后的文件分享给他。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'files'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'rename', 'share', 'order'],
  params: {
    ...spreadParam('_rename', ['fileId', 'fileName', 'folderName', 'stem'], (state, rng) => {
      const s = filesOf(state);
      const f = pickOrNull(rng, nameableFiles(s, (x) => ['pdf', 'docx', 'xlsx', 'pptx'].includes(extOf(x.name))));
      return f && { fileId: f.id, fileName: f.name, folderName: folderName(s, f.folderId), stem: rng.pick(STEMS) };
    }),
    ...namedChatParam(),
  },
  postSample({ state, p }) {
    receiveMessage(state, p.chatId, `你手机“${p.folderName}”里那个“${p.fileName}”，麻烦改名成“${p.stem}”（后缀别动）再发给我，谢谢！`, 9);
  },
  checkGoals: (input, p) => {
    const newName = `${p.stem}.${extOf(p.fileName)}`;
    const card = sharedFileCriteria(input, p.chatId, p.fileId);
    const sent = (input.final.apps.chat as unknown as { chats: { id: string; messages: { card?: { title: string } }[] }[] }).chats.find((c) => c.id === p.chatId)!.messages.at(-1)?.card;
    return [
      criteria.equals('the file has the new name', filesOf(input.final).files.find((f) => f.id === p.fileId)?.name ?? null, newName, `apps.files.files[${p.fileId}].name`),
      ...card,
      criteria.equals('the card shows the new name (renamed before sharing)', sent?.title ?? null, newName),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`, `apps.files.files[${p.fileId}].modifiedAt`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: p.stem })) throw new Error('the request is not on screen');
    await ui.home();
    await renameFile(ui, p.fileId, p.stem);
    await shareOpenFile(ui, p.chatId);
  },
});
