import { defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { extOf, filesOf, FOLDER, liveFiles, openFolder } from './_helpers.ts';

interface P extends Record<string, unknown> {
  folderId: string;
  folderName: string;
  ext: string;
}

/** Grounded: how many files of one extension a folder holds directly (回收站's do not count). */
export default defineTask<P>({
  goal: (p) => `“${p.folderName}”文件夹里（不含子文件夹）有几个 ${p.ext.toUpperCase()} 文件？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['files'],
  startApp: 'files',
  tags: ['count'],
  params: spreadParam('_where', ['folderId', 'folderName', 'ext'], (state, rng) => {
    const s = filesOf(state);
    const folderId = rng.pick([FOLDER.download, FOLDER.download, FOLDER.chat, FOLDER.documents]);
    const exts = [...new Set(liveFiles(s).filter((f) => f.folderId === folderId).map((f) => extOf(f.name)))].sort();
    const ext = pickOrNull(rng, exts);
    return ext === null ? null : { folderId, folderName: s.folders.find((d) => d.id === folderId)!.name, ext };
  }),
  answer: {
    fields: [{ id: 'count', label: '文件个数', type: 'number' }],
    expected: (p, input) => ({ count: { number: liveFiles(filesOf(input.init)).filter((f) => f.folderId === p.folderId && extOf(f.name) === p.ext).length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openFolder(ui, p.folderId);
    let n = 0;
    for (const f of liveFiles(filesOf(ui.state)).filter((x) => x.folderId === p.folderId)) {
      const node = await ui.scrollTo(`files.file.${f.id}`, { within: 'files.folder.list' });
      if (extOf(node.text.split(' ')[0] ?? '') === p.ext || node.text.includes(`.${p.ext} `)) n++;
    }
    return String(n);
  },
});
