import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, bodySays, fillCompose, fromPerson, mailById, mailOf, mailParam, oneSentCriteria, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/**
 * L3 restraint: a mail that went to several people (others in cc) answered to its sender alone:
 * not 全部回复, nobody in cc. The setup gives the mail two colleagues in cc.
 */
export default defineTask<P>({
  goal: (p) => `${p.senderName}的邮件“${p.subject}”抄送了好几个人。只回复${p.senderName}一个人（不要回复全部，也不要抄送别人），正文写“我单独跟你说一下，我这周请假”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['reply', 'restraint', 'trap'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)) },
  postSample({ state, p }) {
    const m = mailById(state, p.mailId)!;
    const others = mailOf(state).mails.map((x) => x.from).filter((a) => a.address !== m.from.address && /\./.test(a.address.split('@')[0]!));
    const seen = new Set<string>();
    m.cc = others.filter((a) => !seen.has(a.address) && seen.add(a.address)).slice(0, 2).map((a) => ({ ...a }));
  },
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    return [
      criteria.that('the mail has people in cc to leave out', orig.cc.length > 0, { expected: '> 0', actual: orig.cc.length }),
      ...oneSentCriteria(input, { to: [orig.from.address], cc: [] }, (m) => [bodySays(m, '我这周请假'), criteria.equals('it answers the mail', m?.refMailId ?? null, orig.id)]),
    ];
  },
  expectedChanges: (input, p) => [...addedMailPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.reply');
    await fillCompose(ui, { body: '我单独跟你说一下，我这周请假' });
    await ui.tap('mail.compose.send');
  },
});
