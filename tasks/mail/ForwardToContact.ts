import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, contactParam, mailById, mailParam, oneSentCriteria, openMail, pickRecipient, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  contactId: string;
  contactName: string;
  email: string;
  number: string;
}

/** L3 cross-app: a mail with attachments forwarded to a 电话 contact (the address is in 电话), the attachments kept. */
export default defineTask<P>({
  goal: (p) => `把${p.senderName}的邮件“${p.subject}”连同附件转发给联系人${p.contactName}（邮箱地址在电话的联系人资料里）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail', 'contacts'],
  startApp: 'home',
  tags: ['cross-app', 'forward', 'attachment'],
  params: { ...mailParam((m) => m.folder === 'inbox' && m.attachments.length > 0), ...contactParam() },
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    return oneSentCriteria(input, { to: [p.email] }, (m) => [
      criteria.equals('it forwards the mail', m ? `${m.refKind}:${m.refMailId}` : null, `forward:${orig.id}`),
      criteria.equals('its attachments', m?.attachments.map((a) => a.ref).join(',') ?? null, orig.attachments.map((a) => a.ref).join(',')),
    ]);
  },
  expectedChanges: (input, p) => [...addedMailPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.forward');
    await pickRecipient(ui, 'to', p.contactName, p.email);
    await ui.tap('mail.compose.send');
  },
});
