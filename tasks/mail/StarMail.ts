import { defineTask } from '../../bridge/tasks/api.ts';
import { fromPerson, mailById, mailParam, type MailParams, mailPath, openMail, readPaths } from './_helpers.ts';

/** L1: a mail of the inbox, named by sender and subject, starred. */
export default defineTask<MailParams>({
  goal: (p) => `把${p.senderName}发来的邮件“${p.subject}”标为星标。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['star'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)) },
  postSample({ state, p }) {
    mailById(state, p.mailId)!.starred = false;
  },
  criteria: (p) => ({ [`${mailPath(p.mailId)}.starred`]: true }),
  expectedChanges: (_input, p) => readPaths([p.mailId]),
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.star');
  },
});
