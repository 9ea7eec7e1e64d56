import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { inboxFrom, mailOf, mailPath, newsletterParam, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  senderName: string;
  senderAddress: string;
}

/** L3 restraint: every inbox mail of one newsletter deleted (into 已删除), and no other mail deleted. */
export default defineTask<P>({
  goal: (p) => `我不想再看“${p.senderName}”了：把收件箱里它发来的邮件全部删除。别的邮件一封都不要删。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['delete', 'restraint', 'rule'],
  params: { ...newsletterParam(2) },
  checkGoals(input, p) {
    const ids = inboxFrom(input.init, p.senderAddress).map((m) => m.id);
    const final = new Map(mailOf(input.final).mails.map((m) => [m.id, m]));
    const others = mailOf(input.init).mails.filter((m) => !ids.includes(m.id));
    return [
      ...ids.map((id) => criteria.equals(`${id} is in 已删除`, final.get(id)?.folder ?? null, 'trash', `${mailPath(id)}.folder`)),
      criteria.that('no other mail deleted', others.every((m) => final.get(m.id)?.folder === m.folder), { expected: 0, actual: others.filter((m) => final.get(m.id)?.folder !== m.folder).length }),
    ];
  },
  expectedChanges: (input, p) => inboxFrom(input.init, p.senderAddress).flatMap((m) => [`${mailPath(m.id)}.deletedFrom`, ...readPaths([m.id])]),
  async oracle(ui, p) {
    for (const m of inboxFrom(ui.state, p.senderAddress)) {
      await openMail(ui, m.id, 'inbox');
      await ui.tap('mail.detail.delete');
    }
  },
});
