import { defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { filesOf, folderName, nameableFiles, nameableFolders, transferFile } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  fromName: string;
  targetId: string;
  targetName: string;
}

/** 移动 → the folder picker → a folder elsewhere: the file's folder changes, and nothing else of it. */
export default defineTask<P>({
  goal: (p) => `把“${p.fromName}”里的“${p.fileName}”移动到“${p.targetName}”文件夹。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['move'],
  params: spreadParam('_move', ['fileId', 'fileName', 'fromName', 'targetId', 'targetName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, nameableFiles(s));
    const d = f && pickOrNull(rng, nameableFolders(s, (x) => x.id !== f.folderId && x.name !== 'DCIM'));
    return f && d && { fileId: f.id, fileName: f.name, fromName: folderName(s, f.folderId), targetId: d.id, targetName: d.name };
  }),
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].folderId`]: p.targetId }),
  async oracle(ui, p) {
    await transferFile(ui, 'move', p.fileId, p.targetId);
  },
});
