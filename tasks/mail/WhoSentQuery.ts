import { defineTask } from '../../bridge/tasks/api.ts';
import { fromPerson, mailById, mailParam, openMail } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L1 query: who sent the mail with this subject (the name the mail shows). */
export default defineTask<P>({
  goal: (p) => `收件箱里主题为“${p.subject}”的邮件是谁发来的？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['lookup'],
  params: { ...mailParam((m, s) => m.folder === 'inbox' && fromPerson(m, s)) },
  answer: {
    fields: [{ id: 'name', label: '发件人', hint: '姓名', type: 'text' }],
    expected: (p, input) => ({ name: [mailById(input.init, p.mailId)!.from.name, mailById(input.init, p.mailId)!.from.address] }),
  },
  expectedChanges: (_input, p) => [`apps.mail.mails[${p.mailId}].read`],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    const name = ui.find({ key: `mail.detail.sender.${p.mailId}` })?.text ?? '';
    if (!name.includes(p.senderName)) throw new Error(`the sender shows “${name}”`);
    return { name: p.senderName };
  },
});
