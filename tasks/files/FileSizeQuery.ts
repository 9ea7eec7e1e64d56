import { defineTask } from '../../bridge/tasks/api.ts';
import { fileById, fileParam, type FileParams, filesOf, openFile, sizeAnswers } from './_helpers.ts';

/** Grounded: the detail's 大小, as the phone shows it (`2.4 MB`). */
export default defineTask<FileParams>({
  goal: (p) => `“${p.folderName}”里的“${p.fileName}”有多大？按文件管理显示的大小回答（如 2.4 MB）。`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['detail'],
  params: { ...fileParam() },
  answer: {
    fields: [{ id: 'size', label: '文件大小', hint: '如：2.4 MB', type: 'text' }],
    expected: (p, input) => ({ size: sizeAnswers(fileById(filesOf(input.init), p.fileId)!.size) }),
  },
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    return ui.find('files.detail.size')!.text;
  },
});
