import { defineTask } from '../../bridge/tasks/api.ts';
import { fileById, fileParam, type FileParams, filesOf, kindOf, openFile } from './_helpers.ts';

/** Grounded: a zip's detail lists what it holds (压缩包内 N 个文件). */
export default defineTask<FileParams>({
  goal: (p) => `压缩包“${p.fileName}”里一共有几个文件？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['archive'],
  params: { ...fileParam((f) => kindOf(f.name) === 'archive' && f.entries.length > 0) },
  answer: {
    fields: [{ id: 'count', label: '文件个数', type: 'number' }],
    expected: (p, input) => ({ count: { number: fileById(filesOf(input.init), p.fileId)!.entries.length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openFile(ui, p.fileId);
    const n = fileById(filesOf(ui.state), p.fileId)!.entries.length;
    if (!ui.find(`files.detail.entry.${n - 1}`) && !ui.find({ textIncludes: `压缩包内 ${n} 个文件` })) throw new Error('the entries are not shown');
    return String(n);
  },
});
