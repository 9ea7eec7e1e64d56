import { defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam } from '../chat/_helpers.ts';
import { kindOf, liveFiles, filesOf, openFilesTab, shareOpenFile, sharedFileCriteria } from './_helpers.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
}

function largestVideo(state: PhoneState) {
  return liveFiles(filesOf(state)).filter((f) => kindOf(f.name) === 'video').sort((a, b) => b.size - a.size)[0]!;
}

/** Cross-app: 分类 → 视频 → 按大小 finds the largest; it goes to a friend as a file card. */
export default defineTask<P>({
  goal: (p) => `手机里最大的那个视频文件，用轻聊发给“${p.contactName}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['files', 'chat'],
  startApp: 'files',
  tags: ['cross-app', 'share', 'sort'],
  params: { ...namedChatParam() },
  checkGoals: (input, p) => sharedFileCriteria(input, p.chatId, largestVideo(input.init).id),
  expectedChanges: () => ['apps.files.view.sort'],
  async oracle(ui, p) {
    await openFilesTab(ui, 'categories');
    await ui.tap('files.category.video');
    const id = largestVideo(ui.state).id;
    await ui.scrollTo(`files.file.${id}`, { within: 'files.category.list' });
    await ui.tap(`files.file.${id}`);
    await shareOpenFile(ui, p.chatId);
  },
});
