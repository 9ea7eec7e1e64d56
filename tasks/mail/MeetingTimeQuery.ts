import { defineTask } from '../../bridge/tasks/api.ts';
import { mailById, mailParam, openMail } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L2 query: the day and start of the meeting a mail announces (read in the mail). */
export default defineTask<P>({
  goal: (p) => `${p.senderName}发的“${p.subject}”里的会议是哪天、几点开始？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['mail'],
  startApp: 'mail',
  tags: ['lookup', 'meeting'],
  params: { ...mailParam((m) => m.folder === 'inbox' && m.meeting !== null) },
  answer: {
    fields: [
      { id: 'date', label: '日期', hint: '如 2026-03-16', type: 'date' },
      { id: 'start', label: '开始时间', hint: '如 14:30', type: 'time' },
    ],
    expected: (p, input) => {
      const e = mailById(input.init, p.mailId)!.meeting!;
      return { date: e.date, start: e.start };
    },
  },
  expectedChanges: (_input, p) => [`apps.mail.mails[${p.mailId}].read`],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    const when = ui.find(`mail.detail.meeting.when.${p.mailId}`)?.text ?? '';
    const m = when.match(/(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/);
    if (!m) throw new Error(`no meeting time on the mail: “${when}”`);
    return { date: m[1]!, start: m[2]! };
  },
});
