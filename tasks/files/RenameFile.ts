import { defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { extOf, filesOf, folderName, nameableFiles, renameFile, stemOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  fileId: string;
  fileName: string;
  folderName: string;
  stem: string;
  newName: string;
}

const SUFFIXES = ['最终版', '已归档', '备份', '给老板看', '2026春季', '待打印', '存档副本'] as const;

/** 重命名 edits the stem; the extension stays (the sheet shows it after the field). */
export default defineTask<P>({
  goal: (p) => `把“${p.folderName}”里的“${p.fileName}”重命名为“${p.newName}”（扩展名不变）。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['rename'],
  params: spreadParam('_rename', ['fileId', 'fileName', 'folderName', 'stem', 'newName'], (state, rng) => {
    const s = filesOf(state);
    const f = pickOrNull(rng, nameableFiles(s, (x) => extOf(x.name) !== ''));
    if (!f) return null;
    // The old stem with a word after it: no file anywhere has that name.
    const stem = `${stemOf(f.name)}_${rng.pick(SUFFIXES)}`;
    return { fileId: f.id, fileName: f.name, folderName: folderName(s, f.folderId), stem, newName: `${stem}.${f.name.slice(f.name.lastIndexOf('.') + 1)}` };
  }),
  criteria: (p) => ({ [`apps.files.files[${p.fileId}].name`]: p.newName }),
  expectedChanges: (_input, p) => [`apps.files.files[${p.fileId}].modifiedAt`],
  async oracle(ui, p) {
    await renameFile(ui, p.fileId, p.stem);
  },
});
