import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { mailParam, mailPath, openMail } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L2: a draft of 草稿箱 sent as it is: the same record moves to 已发送 at the virtual clock's time. */
export default defineTask<P>({
  goal: (p) => `草稿箱里有一封主题为“${p.subject}”的草稿，把它发出去。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['draft', 'send'],
  params: { ...mailParam((m) => m.folder === 'drafts' && m.to.length > 0) },
  checkGoals: (input, p) => [criteria.equals('the draft is sent', input.final.apps.mail && (input.final.apps.mail as { mails: { id: string; folder: string }[] }).mails.find((m) => m.id === p.mailId)?.folder, 'sent', `${mailPath(p.mailId)}.folder`)],
  expectedChanges: (_input, p) => [`${mailPath(p.mailId)}.time`, `${mailPath(p.mailId)}.body`],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'drafts');
    await ui.tap('mail.compose.send');
  },
});
