import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedPaths, newEventCriteria } from '../calendar/_helpers.ts';
import { addedMailPaths, bodySays, fillCompose, mailById, mailParam, oneSentCriteria, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/**
 * L4 cross-app chain: accept an invitation: its meeting into 日历, a reply to the organizer alone
 * (not to everyone in cc) saying I will come, and the invitation starred.
 */
export default defineTask<P>({
  goal: (p) => `处理${p.senderName}的“${p.subject}”：把会议加到日历，只回复${p.senderName}本人“收到，我会参加”，最后给这封邀请加星标。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['mail', 'calendar'],
  startApp: 'home',
  tags: ['cross-app', 'meeting', 'reply', 'chain'],
  params: { ...mailParam((m) => m.folder === 'inbox' && m.meeting !== null) },
  postSample({ state, p }) {
    mailById(state, p.mailId)!.starred = false;
  },
  checkGoals(input, p) {
    const orig = mailById(input.init, p.mailId)!;
    const e = orig.meeting!;
    return [
      ...newEventCriteria(input, e.title, (ev) => [criteria.equals('its day and time', ev ? `${ev.startDate} ${ev.startTime}-${ev.endTime}` : null, `${e.date} ${e.start}-${e.end}`)]),
      ...oneSentCriteria(input, { to: [orig.from.address], cc: [] }, (m) => [bodySays(m, '收到，我会参加'), criteria.equals('it answers the invitation', m?.refMailId ?? null, orig.id)]),
      criteria.equals('the invitation is starred', mailById(input.final, p.mailId)?.starred ?? null, true, `apps.mail.mails[${p.mailId}].starred`),
    ];
  },
  expectedChanges: (input, p) => [...addedPaths(input), ...addedMailPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap(`mail.detail.addCalendar.${p.mailId}`);
    await ui.tap('mail.detail.reply');
    await fillCompose(ui, { body: '收到，我会参加' });
    await ui.tap('mail.compose.send');
    await ui.tap('mail.detail.star');
  },
});
