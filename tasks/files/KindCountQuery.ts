import { defineTask } from '../../bridge/tasks/api.ts';
import { KIND_NAMES } from '../../simulator-apps/files/data.ts';
import { filesOf, type FileKind, kindOf, liveFiles, openFilesTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  kind: FileKind;
}

/** Grounded: 分类 counts each kind over every folder (回收站 not counted). */
export default defineTask<P>({
  goal: (p) => `手机里一共有多少个${KIND_NAMES[p.kind]}文件（不算回收站里的）？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['category', 'count'],
  params: { kind: { type: 'enum', values: ['doc', 'image', 'audio', 'video', 'archive', 'apk'] } },
  sampleMax: 3,
  answer: {
    fields: [{ id: 'count', label: '个数', type: 'number' }],
    expected: (p, input) => ({ count: { number: liveFiles(filesOf(input.init)).filter((f) => kindOf(f.name) === p.kind).length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openFilesTab(ui, 'categories');
    const text = ui.find(`files.category.${p.kind}`)?.text ?? '';
    const m = text.match(/(\d+) 个/);
    if (!m) throw new Error(`the ${p.kind} tile says "${text}"`);
    return m[1];
  },
});
