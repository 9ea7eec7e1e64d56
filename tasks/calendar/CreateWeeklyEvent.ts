import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { CALENDARS } from '../../simulator-apps/calendar/data.ts';
import type { CalendarId, Reminder } from '../../simulator-apps/calendar/types.ts';
import { addedPaths, chooseReminder, chooseRepeat, dayText, daysAheadParam, newEventCriteria, reminderLabel, startNewEvent, timeSlotParam, WEEKDAY_LONG, weekdayOf } from './_helpers.ts';
import { oneOfParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  title: string;
  calendar: CalendarId;
  date: string;
  start: string;
  end: string;
  reminder: Exclude<Reminder, null>;
}

const calName = (id: string): string => CALENDARS.find((c) => c.id === id)!.name;

/** A weekly series with a reminder and a calendar that are not the form's defaults. */
export default defineTask<P>({
  goal: (p) =>
    `新建一个每周重复的日程“${p.title}”：从${dayText(p.date)}开始，每${WEEKDAY_LONG[weekdayOf(p.date)]} ${p.start}-${p.end}，提醒设为“${reminderLabel(p.reminder)}”，放在“${calName(p.calendar)}”日历。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['create', 'repeat'],
  params: {
    ...oneOfParam('_what', [
      { title: '游泳课', calendar: 'personal' },
      { title: '小组例会', calendar: 'work' },
      { title: '陪孩子练字', calendar: 'family' },
      { title: '周报整理', calendar: 'work' },
    ]),
    date: daysAheadParam(1, 12),
    ...timeSlotParam(8, 20, ['00', '15', '30', '45']),
    reminder: { type: 'enum', values: [5, 30, 60, 1440] },
  },
  checkGoals: (input, p) =>
    newEventCriteria(input, p.title, (e) => [
      criteria.equals('its first occurrence', e ? `${e.startDate} ${e.startTime}-${e.endTime}` : null, `${p.date} ${p.start}-${p.end}`),
      criteria.equals('it repeats every week', e?.repeat ?? null, 'weekly'),
      criteria.equals('its reminder (minutes before)', e?.reminder ?? null, p.reminder),
      criteria.equals('its calendar', e?.calendar ?? null, p.calendar),
    ]),
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await startNewEvent(ui, p.date, { title: p.title, start: p.start, end: p.end });
    await chooseRepeat(ui, 'weekly');
    await chooseReminder(ui, p.reminder);
    await ui.tap('calendar.edit.calendar');
    await ui.tap(`calendar.cal.${p.calendar}`);
    await ui.tap('calendar.edit.save');
  },
});
