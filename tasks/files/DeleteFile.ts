import { defineTask, match } from '../../bridge/tasks/api.ts';
import { fileParam, type FileParams, openFile } from './_helpers.ts';

/** 删除 on the detail page, confirmed: the file goes to 回收站 (its trashedAt is set). */
export default defineTask<FileParams>({
  goal: (p) => `把“${p.folderName}”文件夹里的“${p.fileName}”删除。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['delete'],
  params: { ...fileParam() },
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].trashedAt`]: match.that('set (in 回收站) or the file gone', (v) => typeof v === 'number') }),
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    await ui.tap('files.detail.delete');
    await ui.tap('dialog.confirm');
  },
});
