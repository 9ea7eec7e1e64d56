import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, bodySays, fillCompose, fromPerson, mailById, mailParam, oneSentCriteria, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
  text: string;
}

const TEXTS = ['收到，我今天下班前回复你', '好的，没有问题', '谢谢，资料我已经看过了', '这周五前给你反馈', '辛苦了，我们明天再细聊'] as const;

/** L2: a reply to one mail saying something given, sent to its sender, in its conversation. */
export default defineTask<P>({
  goal: (p) => `回复${p.senderName}的邮件“${p.subject}”，正文写“${p.text}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['reply', 'compose'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s) && m.cc.length === 0), text: { type: 'enum', values: [...TEXTS] } },
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    return oneSentCriteria(input, { to: [orig.from.address] }, (m) => [
      bodySays(m, p.text),
      criteria.equals('it answers the mail', m ? `${m.refKind}:${m.refMailId}:${m.threadId}` : null, `reply:${orig.id}:${orig.threadId}`),
    ]);
  },
  expectedChanges: (input, p) => [...addedMailPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.reply');
    await fillCompose(ui, { body: p.text });
    await ui.tap('mail.compose.send');
  },
});
