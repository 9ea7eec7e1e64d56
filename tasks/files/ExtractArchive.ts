import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { addedFiles, addedFolders, fileById, fileParam, type FileParams, filesOf, kindOf, openFile, stemOf } from './_helpers.ts';

/** 解压到当前文件夹: a folder named after the zip beside it, holding every entry by name. */
export default defineTask<FileParams>({
  goal: (p) => `把“${p.folderName}”里的压缩包“${p.fileName}”解压到它所在的文件夹。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['archive'],
  params: { ...fileParam((f) => kindOf(f.name) === 'archive' && f.entries.length > 0) },
  checkGoals: (input, p) => {
    const zip = fileById(filesOf(input.init), p.fileId)!;
    const folders = addedFolders(input);
    const d = folders[0];
    const inside = d ? addedFiles(input).filter((f) => f.folderId === d.id).map((f) => f.name).sort() : [];
    return [
      exactlyOne('one new folder', folders, 'apps.files.folders'),
      criteria.equals('named after the zip, beside it', d ? `${d.name} in ${d.parentId}` : null, `${stemOf(zip.name)} in ${zip.folderId}`),
      criteria.equals('it holds every entry', inside.join(' / '), zip.entries.map((e) => e.name).sort().join(' / '), 'apps.files.files'),
    ];
  },
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    await ui.tap('files.detail.extract');
  },
});
