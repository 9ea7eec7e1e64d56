import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { addedFiles, fileById, filesOf, folderName, nameableFiles, nameableFolders, transferFile } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  fromName: string;
  targetId: string;
  targetName: string;
}

/** 复制 → the picker → a folder: one new file of that name and size there; the original stays where it was. */
export default defineTask<P>({
  goal: (p) => `把“${p.fromName}”里的“${p.fileName}”复制一份到“${p.targetName}”文件夹，原文件保留。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['copy'],
  params: spreadParam('_copy', ['fileId', 'fileName', 'fromName', 'targetId', 'targetName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, nameableFiles(s));
    const d = f && pickOrNull(rng, nameableFolders(s, (x) => x.id !== f.folderId && x.name !== 'DCIM'));
    return f && d && { fileId: f.id, fileName: f.name, fromName: folderName(s, f.folderId), targetId: d.id, targetName: d.name };
  }),
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
