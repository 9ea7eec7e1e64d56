import { defineTask } from '../../bridge/tasks/api.ts';
import { mailById, mailParam, openMail, sizeText } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L2 query: how many attachments a mail carries, and the largest one's name. */
export default defineTask<P>({
  goal: (p) => `${p.senderName}的邮件“${p.subject}”带了几个附件？其中最大的是哪个文件？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['attachment', 'lookup'],
  params: { ...mailParam((m) => m.folder === 'inbox' && m.attachments.length >= 2 && new Set(m.attachments.map((a) => sizeText(a.size))).size === m.attachments.length) },
  answer: {
    fields: [
      { id: 'count', label: '附件个数', type: 'number' },
      { id: 'largest', label: '最大的文件名', type: 'text' },
    ],
    expected: (p, input) => {
      const atts = mailById(input.init, p.mailId)!.attachments;
      const big = atts.reduce((a, b) => (b.size > a.size ? b : a));
      return { count: String(atts.length), largest: [big.name, big.name.replace(/\.[a-z]+$/, '')] };
    },
  },
  expectedChanges: (_input, p) => [`apps.mail.mails[${p.mailId}].read`],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    const n = mailById(ui.state, p.mailId)!.attachments.length;
    const shown: { name: string; bytes: number }[] = [];
    for (let i = 1; i <= n; i++) {
      const tile = await ui.scrollTo(`mail.attachment.${p.mailId}.${i}`, { within: 'mail.detail.scroll' });
      const m = tile.text.match(/^(.*?)\s*([\d.]+) (KB|MB)$/);
      if (!m) throw new Error(`an attachment tile reads “${tile.text}”`);
      shown.push({ name: m[1]!.trim(), bytes: Number(m[2]) * (m[3] === 'MB' ? 1024 * 1024 : 1024) });
    }
    const big = shown.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return { count: String(shown.length), largest: big.name };
  },
});
