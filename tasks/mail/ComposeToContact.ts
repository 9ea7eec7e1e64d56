import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, bodySays, contactParam, fillCompose, oneSentCriteria, openInbox, pickRecipient } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
  subject: string;
  body: string;
}

const NOTES = [
  { subject: '周六聚餐', body: '周六晚上六点老地方见，记得带上相机' },
  { subject: '借书', body: '上次借你的书看完了，下周还给你' },
  { subject: '报销单据', body: '发票我已经整理好了，明天交给你' },
  { subject: '生日快乐', body: '祝你生日快乐，天天开心' },
] as const;

/** L2 cross-app: a new mail to a 电话 contact, its address found by name (compose suggests 电话's contacts). */
export default defineTask<P>({
  goal: (p) => `给联系人${p.contactName}发一封邮件，主题“${p.subject}”，正文“${p.body}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail', 'contacts'],
  startApp: 'mail',
  tags: ['cross-app', 'compose'],
  params: { ...contactParam(), _note: { sampler: (_s, rng) => rng.pick(NOTES), fields: { subject: 'subject', body: 'body' } } },
  checkGoals: (input, p) => oneSentCriteria(input, { to: [p.email] }, (m) => [criteria.equals('its subject', m?.subject ?? null, p.subject), bodySays(m, p.body)]),
  expectedChanges: (input) => addedMailPaths(input),
  async oracle(ui, p) {
    await openInbox(ui);
    await ui.tap('mail.compose');
    await pickRecipient(ui, 'to', p.contactName, p.email);
    await fillCompose(ui, { subject: p.subject, body: p.body });
    await ui.tap('mail.compose.send');
  },
});
