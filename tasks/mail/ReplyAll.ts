import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMailPaths, bodySays, fillCompose, fromPerson, mailById, mailOf, mailParam, oneSentCriteria, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L2: 全部回复 to a meeting invitation: the sender and everyone in cc get the answer. */
export default defineTask<P>({
  goal: (p) => `对${p.senderName}发来的“${p.subject}”点“全部回复”，让所有人都收到，正文写“收到，我会准时参加”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['reply'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s) && m.meeting !== null) },
  postSample({ state, p }) {
    const m = mailById(state, p.mailId)!;
    if (m.cc.length > 0) return;
    const other = mailOf(state).mails.map((x) => x.from).find((a) => a.address !== m.from.address && /\./.test(a.address.split('@')[0]!));
    if (other) m.cc = [{ ...other }];
  },
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    return [
      criteria.that('the invitation has people in cc', orig.cc.length > 0, { expected: '> 0', actual: orig.cc.length }),
      ...oneSentCriteria(input, { to: [orig.from.address], cc: orig.cc.map((a) => a.address) }, (m) => [bodySays(m, '收到，我会准时参加'), criteria.equals('it answers the mail', m?.refMailId ?? null, orig.id)]),
    ];
  },
  expectedChanges: (input, p) => [...addedMailPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap('mail.detail.replyAll');
    await fillCompose(ui, { body: '收到，我会准时参加' });
    await ui.tap('mail.compose.send');
  },
});
