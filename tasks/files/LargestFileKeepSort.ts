import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { filesOf, folderName, FOLDER, liveFiles, openFolder } from './_helpers.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

interface P extends Record<string, unknown> {
  folderId: string;
  folderName: string;
}

function largestIn(state: PhoneState, folderId: string) {
  return liveFiles(filesOf(state)).filter((f) => f.folderId === folderId).sort((a, b) => b.size - a.size)[0]!;
}

/**
 * Grounded query with restraint: the largest file of a folder, found without changing the folders'
 * sort order (the default 按时间 must stay; sizes are on every row, or 按大小 and back).
 */
export default defineTask<P>({
  goal: (p) => `“${p.folderName}”文件夹里最大的文件叫什么？查的时候别改变文件的排序方式（保持按时间排序）。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['restraint', 'sort'],
  params: spreadParam('_folder', ['folderId', 'folderName'], (state, rng) => {
    const folderId = rng.pick([FOLDER.download, FOLDER.camera, FOLDER.chat, FOLDER.documents]);
    return { folderId, folderName: folderName(filesOf(state), folderId) };
  }),
  postSample({ state }) {
    filesOf(state).view.sort = 'date';
  },
  answer: {
    fields: [{ id: 'name', label: '文件名', type: 'text' }],
    expected: (p, input) => {
      const f = largestIn(input.init, p.folderId);
      return { name: [f.name, f.name.slice(0, f.name.lastIndexOf('.'))] };
    },
  },
  checkGoals: (input) => [{ name: 'the sort order is still 按时间', passed: filesOf(input.final).view.sort === 'date', expected: 'date', actual: filesOf(input.final).view.sort, path: 'apps.files.view.sort' }],
  async oracle(ui, p) {
    await openFolder(ui, p.folderId);
    const f = largestIn(ui.state, p.folderId);
    const node = await ui.scrollTo(`files.file.${f.id}`, { within: 'files.folder.list' });
    if (!node.text.startsWith(f.name)) throw new Error(`row shows "${node.text}"`);
    return f.name;
  },
});
