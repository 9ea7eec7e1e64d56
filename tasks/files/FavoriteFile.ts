import { defineTask } from '../../bridge/tasks/api.ts';
import { fileParam, filesOf, type FileParams, openFile } from './_helpers.ts';

/** The detail's 收藏 on one file; the start has it not favourite. */
export default defineTask<FileParams>({
  goal: (p) => `在文件管理里收藏“${p.folderName}”文件夹中的“${p.fileName}”。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['favorite'],
  params: { ...fileParam() },
  postSample({ state, p }) {
    filesOf(state).files.find((f) => f.id === p.fileId)!.favorite = false;
  },
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].favorite`]: true }),
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    await ui.tap('files.detail.fav');
  },
});
