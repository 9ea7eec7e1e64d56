import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { fromPerson, mailOf, mailParam, mailPath, moveOpenMail, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  folderId: string;
  folderName: string;
}

/** L2: a mail of the inbox moved to one of my folders. */
export default defineTask<P>({
  goal: (p) => `把收件箱里${p.senderName}的邮件“${p.subject}”移动到“${p.folderName}”文件夹。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['folder'],
  params: {
    ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)),
    ...spreadParam('_folder', ['folderId', 'folderName'], (state, rng) => {
      const f = rng.pick(mailOf(state).folders);
      return { folderId: f.id, folderName: f.name };
    }),
  },
  criteria: (p) => ({ [`${mailPath(p.mailId)}.folder`]: p.folderId }),
  expectedChanges: (_input, p) => readPaths([p.mailId]),
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await moveOpenMail(ui, p.folderId);
  },
});
