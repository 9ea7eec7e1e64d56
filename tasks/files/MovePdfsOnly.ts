import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { addedFolders, childFolderId, disturbedFiles, fileById, filesOf, filesWithExt, FOLDER, freshFolderName, newFolderHere, openFolder, pickFolder, selectFiles, stockDownload } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
}

/**
 * Restraint: a new folder in Download, every PDF of Download moved into it, and nothing else
 * moved, renamed or deleted (the other files staying put is judged, not only declared).
 */
export default defineTask<P>({
  goal: (p) => `整理一下 Download：在 Download 里新建文件夹“${p.name}”，把 Download 里所有的 PDF 文件都移进去。其他文件一个都不要动。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['restraint', 'move', 'multi-select'],
  prepare({ state, rng }) {
    stockDownload(state, rng, 'pdf', 2, ['电子发票', '入职须知', '活动方案', '操作手册']);
  },
  params: spreadParam('_name', ['name'], (state, rng) => ({ name: freshFolderName(filesOf(state), rng) })),
  checkGoals: (input, p) => {
    const pdfs = filesWithExt(input.init, FOLDER.download, ['pdf']);
    const final = filesOf(input.final);
    const d = addedFolders(input)[0];
    return [
      ...oneAdded('exactly one new folder', addedFolders(input), (x) => [criteria.equals('named and in Download', x ? `${x.name} in ${x.parentId}` : null, `${p.name} in ${FOLDER.download}`, 'apps.files.folders')]),
      criteria.equals('every PDF of Download is in it', pdfs.filter((f) => fileById(final, f.id)?.folderId !== d?.id || fileById(final, f.id)?.trashedAt !== null).map((f) => f.name).join(', '), '', 'apps.files.files'),
      criteria.equals('no other file moved, renamed or deleted', disturbedFiles(input, pdfs).join(', '), ''),
    ];
  },
  async oracle(ui, p) {
    const pdfs = filesWithExt(ui.state, FOLDER.download, ['pdf']);
    await openFolder(ui, FOLDER.download);
    await newFolderHere(ui, p.name);
    const target = childFolderId(ui, FOLDER.download, p.name);
    await selectFiles(ui, pdfs.map((f) => f.id));
    await ui.tap('files.sel.move');
    await pickFolder(ui, target);
  },
});
