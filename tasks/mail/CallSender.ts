import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newCallPaths, newCalls, normalizeNumber } from '../contacts/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { contactParam, openMail, plantMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
  subject: string;
  mailId: string;
}

const SUBJECTS = ['急：合同今天要签字', '明早的航班改时间了', '钥匙放在前台了', '样品寄到了吗'] as const;

/**
 * L3 cross-app: a mail from a 电话 contact says to call; the sender's sheet in the mail offers
 * the number 电话 has for that address. The goal names the mail, not the person.
 */
export default defineTask<P>({
  goal: (p) => `邮件“${p.subject}”的发件人让我尽快回电话，给他打过去。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail', 'contacts'],
  startApp: 'mail',
  tags: ['cross-app', 'call'],
  params: { ...contactParam(), subject: { type: 'enum', values: [...SUBJECTS] }, mailId: { default: '' } },
  postSample({ state, p }) {
    p.mailId = plantMail(state, { from: { name: p.contactName, address: p.email }, subject: p.subject, body: '有点急事，看到邮件请尽快给我回个电话。', time: state.os.time.timestamp - 20 * 60_000 }).id;
  },
  checkGoals(input, p) {
    const calls = newCalls(input.init, input.final);
    return [exactlyOne('exactly one call', calls), criteria.equals('to the sender', calls[0] ? normalizeNumber(calls[0].number) : null, normalizeNumber(p.number))];
  },
  expectedChanges: (input, p) => [...newCallPaths(input.init, input.final), ...readPaths([p.mailId]), 'apps.contacts.missedSeenAt'],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap(`mail.detail.sender.${p.mailId}`);
    await ui.tap('mail.sender.call.0');
  },
});
