import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { addedFiles, fileById, filesOf, transferFile, transferParam, type TransferParams } from './_helpers.ts';

/** 复制 → the picker → a folder: one new file of that name and size there; the original stays where it was. */
export default defineTask<TransferParams>({
  goal: (p) => `把“${p.fromName}”里的“${p.fileName}”复制一份到“${p.targetName}”文件夹，原文件保留。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['copy'],
  params: transferParam(),
  checkGoals: (input, p) => {
    const original = fileById(filesOf(input.init), p.fileId)!;
    const still = fileById(filesOf(input.final), p.fileId);
    return [
      ...oneAdded('exactly one new file', addedFiles(input), (f) => [
        criteria.equals('the copy is in the folder', f?.folderId ?? null, p.targetId, f ? `apps.files.files[${f.id}]` : 'apps.files.files'),
        criteria.equals('it has the name and size', f ? `${f.name} ${f.size}` : null, `${original.name} ${original.size}`),
      ]),
      criteria.equals('the original stays', still ? `${still.folderId} ${still.trashedAt}` : null, `${original.folderId} null`),
    ];
  },
  async oracle(ui, p) {
    await transferFile(ui, 'copy', p.fileId, p.targetId);
  },
});
