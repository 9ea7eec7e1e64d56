import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { addedFolders, filesOf, freshFolderName, nameableFolders, newFolderHere, openFolder } from './_helpers.ts';

interface P extends Record<string, unknown> {
  parentId: string;
  parentName: string;
  name: string;
}

/** 新建文件夹 inside a named folder: exactly one new folder, with that name, there. */
export default defineTask<P>({
  goal: (p) => `在“${p.parentName}”文件夹里新建一个名为“${p.name}”的文件夹。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['folder'],
  params: spreadParam('_folder', ['parentId', 'parentName', 'name'], (state, rng) => {
    const s = filesOf(state);
    const d = pickOrNull(rng, nameableFolders(s, (x) => x.parentId === 'd_root'));
    return d && { parentId: d.id, parentName: d.name, name: freshFolderName(s, rng) };
  }),
  checkGoals: (input, p) =>
    oneAdded('exactly one new folder', addedFolders(input), (d) => [
      criteria.equals('its name', d?.name ?? null, p.name, d ? `apps.files.folders[${d.id}]` : 'apps.files.folders'),
      criteria.equals('where it is', d?.parentId ?? null, p.parentId),
    ]),
  async oracle(ui, p) {
    await openFolder(ui, p.parentId);
    await newFolderHere(ui, p.name);
  },
});
