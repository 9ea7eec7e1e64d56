import { defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { filesOf, folderName, openFilesTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  folderId: string;
  folderName: string;
}

/** 回收站 → 恢复: the file is live again, in the folder it was deleted from. */
export default defineTask<P>({
  goal: (p) => `我不小心删了“${p.fileName}”，帮我从回收站把它恢复。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['trash'],
  params: spreadParam('_trashed', ['fileId', 'fileName', 'folderId', 'folderName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, s.files.filter((x) => x.trashedAt !== null && !s.files.some((y) => y.id !== x.id && y.name === x.name)));
    return f && { fileId: f.id, fileName: f.name, folderId: f.folderId, folderName: folderName(s, f.folderId) };
  }),
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].trashedAt`]: null, [`apps.files.files[${p.fileId}].folderId`]: p.folderId }),
  async oracle(ui, p) {
    await openFilesTab(ui, 'categories');
    await ui.tap('files.trash');
    await ui.scrollTo(`files.trash.${p.fileId}.restore`, { within: 'files.trash.list' });
    await ui.tap(`files.trash.${p.fileId}.restore`);
  },
});
