import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { nextOccurrence, occurrenceOf } from '../../simulator-apps/calendar/logic.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { contactsOf, openPerson } from '../contacts/_helpers.ts';
import { addDays, addedPaths, calOf, chooseRepeat, newEventCriteria, startNewEvent, todayOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  name: string;
  /** The next birthday on or after today, `YYYY-MM-DD` (for the judge and the oracle; not told). */
  next: string;
}

function nextBirthday(state: PhoneState, birthday: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday) || birthday.endsWith('02-29')) return null;
  const today = todayOf(state);
  const thisYear = `${today.slice(0, 4)}${birthday.slice(4)}`;
  return thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}${birthday.slice(4)}`;
}

/**
 * Cross-app: the birthday is only in the 电话 app's contact page; it becomes a yearly all-day
 * event in the calendar. Any start year works as long as the event falls on the next birthday.
 */
export default defineTask<P>({
  goal: (p) => `“电话”联系人里记着“${p.name}”的生日。请在日历里添加一个每年重复的全天日程，标题“${p.name}生日”，日期就是TA的生日（从最近一次生日开始）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['contacts', 'calendar'],
  startApp: 'home',
  tags: ['create', 'repeat', 'cross-app'],
  params: {
    ...spreadParam('_person', ['contactId', 'name', 'next'], (state, rng) => {
      const contacts = contactsOf(state).contacts;
      const today = todayOf(state);
      const cal = calOf(state);
      const names = new Map<string, number>();
      for (const c of contacts) names.set(c.name, (names.get(c.name) ?? 0) + 1);
      const list = contacts
        .map((c) => ({ c, next: nextBirthday(state, c.birthday) }))
        .filter(({ c, next }) => next !== null && next > today && next <= addDays(today, 240) && names.get(c.name) === 1 && !cal.events.some((e) => e.title.includes(c.name)));
      if (!list.length) return null;
      const { c, next } = rng.pick(list);
      return { contactId: c.id, name: c.name, next };
    }),
  },
  checkGoals: (input, p) =>
    newEventCriteria(input, `${p.name}生日`, (e) => [
      criteria.equals('all-day, every year', e ? `${e.allDay} ${e.repeat}` : null, 'true yearly'),
      criteria.that('it falls on the next birthday', e !== undefined && occurrenceOf(calOf(input.final), e.id, p.next) !== undefined, {
        expected: p.next,
        actual: e ? (nextOccurrence(calOf(input.final), e.id, todayOf(input.init))?.date ?? 'never') : null,
      }),
    ]),
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await openPerson(ui, p.contactId);
    await ui.scrollTo('contact.birthday', { within: 'contact.page' });
    const shown = ui.find('contact.birthday')?.text ?? '';
    if (!shown.includes(p.next.slice(5))) throw new Error(`the contact page shows "${shown}", not the birthday ${p.next.slice(5)}`);
    await startNewEvent(ui, p.next, { title: `${p.name}生日` });
    await ui.tap('calendar.edit.allday');
    await chooseRepeat(ui, 'yearly');
    await ui.tap('calendar.edit.save');
  },
});
