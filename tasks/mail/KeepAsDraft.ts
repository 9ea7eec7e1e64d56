import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { addedMails, addedMailPaths, contactParam, fillCompose, openInbox, pickRecipient, sentDuring } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
  subject: string;
}

/** L2 restraint: a mail written but not sent: it ends in 草稿箱 (leaving compose keeps it), nothing goes out. */
export default defineTask<P>({
  goal: (p) => `给${p.contactName}写一封主题为“${p.subject}”的邮件，先不要发送，留在草稿箱里。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail', 'contacts'],
  startApp: 'mail',
  tags: ['draft', 'restraint'],
  params: { ...contactParam(), subject: { type: 'enum', values: ['下周计划', '旅行清单', '年会节目', '房租分摊'] } },
  checkGoals(input, p) {
    const drafts = addedMails(input).filter((m) => m.folder === 'drafts');
    const d = drafts[0];
    return [
      exactlyOne('exactly one new draft', drafts, d ? `apps.mail.mails[${d.id}]` : undefined),
      criteria.equals('its subject', d?.subject ?? null, p.subject),
      criteria.equals('its recipient', d?.to.map((a) => a.address).join(',') ?? null, p.email),
      criteria.equals('nothing sent', sentDuring(input).length, 0),
    ];
  },
  expectedChanges: (input) => addedMailPaths(input),
  async oracle(ui, p) {
    await openInbox(ui);
    await ui.tap('mail.compose');
    await pickRecipient(ui, 'to', p.contactName, p.email);
    await fillCompose(ui, { subject: p.subject });
    await ui.tap('topbar.back');
  },
});
