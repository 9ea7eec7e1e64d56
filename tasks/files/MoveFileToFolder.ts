import { defineTask } from '../../bridge/tasks/api.ts';
import { transferFile, transferParam, type TransferParams } from './_helpers.ts';

/** 移动 → the folder picker → a folder elsewhere: the file's folder changes, and nothing else of it. */
export default defineTask<TransferParams>({
  goal: (p) => `把“${p.fromName}”里的“${p.fileName}”移动到“${p.targetName}”文件夹。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['move'],
  params: transferParam(),
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].folderId`]: p.targetId }),
  async oracle(ui, p) {
    await transferFile(ui, 'move', p.fileId, p.targetId);
  },
});
