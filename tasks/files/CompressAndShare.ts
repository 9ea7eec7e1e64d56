import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { namedChatParam } from '../chat/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { addedFiles, fillName, filesOf, folderName, nameableFiles, openFolder, selectFiles, shareOpenFile, sharedFileCriteria } from './_helpers.ts';

interface P extends Record<string, unknown> {
  folderId: string;
  folderName: string;
  firstId: string;
  first: string;
  secondId: string;
  second: string;
  zipName: string;
  chatId: string;
  contactName: string;
}

const ZIP_NAMES = ['给你的资料', '打包文件', '资料合集', '分享包'] as const;

/** L4, two apps: select two files of a folder → 压缩 as a named zip → that zip shared to a friend in 轻聊. */
export default defineTask<P>({
  goal: (p) => `把“${p.folderName}”里的“${p.first}”和“${p.second}”压缩成一个名为“${p.zipName}.zip”的压缩包（放在同一文件夹），再把这个压缩包用轻聊发给“${p.contactName}”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['files', 'chat'],
  startApp: 'files',
  tags: ['cross-app', 'archive', 'multi-select', 'share'],
  params: {
    ...spreadParam('_pair', ['folderId', 'folderName', 'firstId', 'first', 'secondId', 'second', 'zipName'], (state, rng) => {
      const s = filesOf(state);
      const byFolder = new Map<string, string[]>();
      for (const f of nameableFiles(s, (x) => x.folderId !== 'd_root')) byFolder.set(f.folderId, [...(byFolder.get(f.folderId) ?? []), f.id]);
      const folderId = rng.pick([...byFolder].filter(([, ids]) => ids.length >= 2).map(([id]) => id).sort());
      const [a, b] = rng.shuffle(byFolder.get(folderId)!).slice(0, 2).map((id) => s.files.find((f) => f.id === id)!);
      return { folderId, folderName: folderName(s, folderId), firstId: a.id, first: a.name, secondId: b.id, second: b.name, zipName: rng.pick(ZIP_NAMES) };
    }),
    ...namedChatParam(),
  },
  checkGoals: (input, p) => {
    const zip = addedFiles(input).find((f) => f.name === `${p.zipName}.zip`);
    return [
      ...oneAdded('exactly one new file', addedFiles(input), (f) => [
        criteria.equals('the zip, in the folder', f ? `${f.name} in ${f.folderId}` : null, `${p.zipName}.zip in ${p.folderId}`, f ? `apps.files.files[${f.id}]` : 'apps.files.files'),
        criteria.equals('holding the two files', f ? f.entries.map((e) => e.name).sort().join(' / ') : null, [p.first, p.second].sort().join(' / ')),
      ]),
      ...sharedFileCriteria(input, p.chatId, zip?.id ?? '(no zip)'),
    ];
  },
  async oracle(ui, p) {
    await openFolder(ui, p.folderId);
    await selectFiles(ui, [p.firstId, p.secondId]);
    await ui.tap('files.sel.compress');
    await fillName(ui, p.zipName);
    const zip = filesOf(ui.state).files.find((f) => f.name === `${p.zipName}.zip` && f.folderId === p.folderId);
    if (!zip) throw new Error('no zip after 压缩');
    await ui.scrollTo(`files.file.${zip.id}`, { within: 'files.folder.list' });
    await ui.tap(`files.file.${zip.id}`);
    await shareOpenFile(ui, p.chatId);
  },
});
