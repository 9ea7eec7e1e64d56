import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { dayText, eventById, occurrenceParam, openOccurrence } from './_helpers.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
  date: string;
}

/**
 * Trap: a weekly series (健身, 周会, 产品周会…); only the occurrence on one date is cancelled.
 * 删除所有重复日程 deletes the whole series and fails.
 */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}的“${p.title}”取消了，只删除这一次，以后的${p.title}保留。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['delete', 'repeat', 'trap'],
  params: {
    ...occurrenceParam(30, (o) => o.event.repeat === 'weekly' && !o.allDay, '_occ'),
  },
  checkGoals(input, p) {
    const before = eventById(input.init, p.eventId)!;
    const after = eventById(input.final, p.eventId);
    return [
      criteria.that('the series is still there', after !== undefined, { expected: 'present', actual: after ? 'present' : 'deleted' }),
      criteria.equals('it skips only that date', after?.exceptions ?? null, [...before.exceptions, p.date].sort(), `apps.calendar.events[${p.eventId}].exceptions`),
    ];
  },
  async oracle(ui, p) {
    await openOccurrence(ui, p.eventId, p.date);
    await ui.tap('calendar.detail.delete');
    await ui.tap('calendar.delete.one');
  },
});
