import { defineTask } from '../../bridge/tasks/api.ts';
import { calOf, dayText, eventById, occurrenceParam, selectDay } from './_helpers.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
  date: string;
}

/** Trap: the title comes back on other days at other times; only the one on the date counts. */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}的“${p.title}”几点开始？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  tags: ['trap'],
  params: {
    // A single timed event whose title another single event shares.
    ...occurrenceParam(60, (o, state) => o.event.repeat === 'none' && !o.allDay && calOf(state).events.filter((e) => e.title === o.event.title && e.repeat === 'none').length >= 2),
  },
  answer: {
    fields: [{ id: 'time', label: '开始时间', hint: '如：14:30', type: 'time' }],
    expected: (p, input) => ({ time: eventById(input.init, p.eventId)!.startTime }),
  },
  async oracle(ui, p) {
    await selectDay(ui, p.date);
    const e = eventById(ui.state, p.eventId)!;
    const row = await ui.scrollTo(`calendar.event.${p.eventId}`, { within: 'calendar.day.list' });
    if (!row.text.includes(p.title) || !row.text.includes(e.startTime)) throw new Error(`the row does not show ${p.title} at ${e.startTime}: ${row.text}`);
    return e.startTime;
  },
});
