import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { inboxFrom, mailOf, mailPath, moveOpenMail, newsletterParam, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  senderName: string;
  senderAddress: string;
  folderId: string;
  folderName: string;
}

/** L3 restraint: every inbox mail of one sender filed into a folder by rule; no other mail moves. */
export default defineTask<P>({
  goal: (p) => `把收件箱里“${p.senderName}”发来的所有邮件都移到“${p.folderName}”文件夹，其他邮件不要移动。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['folder', 'restraint', 'rule'],
  params: {
    ...newsletterParam(2),
    ...spreadParam('_folder', ['folderId', 'folderName'], (state, rng) => {
      const f = rng.pick(mailOf(state).folders);
      return { folderId: f.id, folderName: f.name };
    }),
  },
  checkGoals(input, p) {
    const ids = inboxFrom(input.init, p.senderAddress).map((m) => m.id);
    const final = new Map(mailOf(input.final).mails.map((m) => [m.id, m]));
    const others = mailOf(input.init).mails.filter((m) => !ids.includes(m.id));
    return [
      ...ids.map((id) => criteria.equals(`${id} is in ${p.folderName}`, final.get(id)?.folder ?? null, p.folderId, `${mailPath(id)}.folder`)),
      criteria.that('no other mail moved', others.every((m) => final.get(m.id)?.folder === m.folder), { expected: 0, actual: others.filter((m) => final.get(m.id)?.folder !== m.folder).length }),
    ];
  },
  expectedChanges: (input, p) => readPaths(inboxFrom(input.init, p.senderAddress).map((m) => m.id)),
  async oracle(ui, p) {
    for (const m of inboxFrom(ui.state, p.senderAddress)) {
      await openMail(ui, m.id, 'inbox');
      await moveOpenMail(ui, p.folderId);
    }
  },
});
