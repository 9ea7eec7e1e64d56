import { defineTask } from '../../bridge/tasks/api.ts';
import { mailById, mailParam, mailPath, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L2: a deleted mail put back where it was deleted from (the inbox). */
export default defineTask<P>({
  goal: (p) => `我不小心删掉了${p.senderName}的邮件“${p.subject}”，把它恢复。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['restore'],
  params: { ...mailParam((m) => m.folder === 'trash') },
  postSample({ state, p }) {
    mailById(state, p.mailId)!.deletedFrom = 'inbox';
  },
  criteria: (p) => ({ [`${mailPath(p.mailId)}.folder`]: 'inbox', [`${mailPath(p.mailId)}.deletedFrom`]: null }),
  expectedChanges: (_input, p) => readPaths([p.mailId]),
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'trash');
    await ui.tap('mail.detail.restore');
  },
});
