import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedPaths, newEventCriteria } from '../calendar/_helpers.ts';
import { mailById, mailParam, openMail, readPaths } from './_helpers.ts';

interface P extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/** L3 cross-app: the meeting of an invitation becomes a 日历 event with its day, times and place. */
export default defineTask<P>({
  goal: (p) => `把${p.senderName}邮件“${p.subject}”里的会议加到日历里（日期、时间、地点都和邮件一致）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['mail', 'calendar'],
  startApp: 'home',
  tags: ['cross-app', 'meeting'],
  params: { ...mailParam((m) => m.folder === 'inbox' && m.meeting !== null) },
  checkGoals(input, p) {
    const e = mailById(input.init, p.mailId)!.meeting!;
    return newEventCriteria(input, e.title, (ev) => [
      criteria.equals('its day and time', ev ? `${ev.startDate} ${ev.startTime}-${ev.endTime}` : null, `${e.date} ${e.start}-${e.end}`),
      criteria.equals('its place', ev?.place ?? null, e.place),
    ]);
  },
  expectedChanges: (input, p) => [...addedPaths(input), ...readPaths([p.mailId])],
  async oracle(ui, p) {
    await openMail(ui, p.mailId, 'inbox');
    await ui.tap(`mail.detail.addCalendar.${p.mailId}`);
  },
});
