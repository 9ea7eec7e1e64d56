import { defineTask } from '../../bridge/tasks/api.ts';
import { fileParam, type FileParams, folderPath, filesOf } from './_helpers.ts';

/** Grounded: 搜索 finds the file and says where it is; the folder's name (or its whole path) answers. */
export default defineTask<FileParams>({
  goal: (p) => `文件“${p.fileName}”存在哪个文件夹里？回答文件夹名称。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['search'],
  params: { ...fileParam((f) => f.folderId !== 'd_root') },
  answer: {
    fields: [{ id: 'folder', label: '文件夹', type: 'text' }],
    expected: (p, input) => ({ folder: [p.folderName, folderPath(filesOf(input.init), p.folderId), folderPath(filesOf(input.init), p.folderId).replace(/^内部存储\//, '')] }),
  },
  async oracle(ui, p) {
    if (ui.route.app !== 'files') await ui.openApp('files');
    await ui.tap('files.search');
    await ui.type('files.search.input', p.fileName);
    await ui.tap(`files.file.${p.fileId}`);
    const where = ui.find('files.detail.path')!.text.replace(/^位置\s*/, '');
    return where.split('/').pop()!;
  },
});
