import { defineTask } from '../../bridge/tasks/api.ts';
import { calOf, eventById, futureOccurrences, searchAndOpen, todayOf } from './_helpers.ts';
import { occurrencesOn } from '../../simulator-apps/calendar/logic.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  title: string;
  eventId: string;
}

/** The title has several future events in different places; the next one (after today) counts. */
export default defineTask<P>({
  goal: (p) => `下一次“${p.title}”（今天之后）在什么地方？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  tags: ['trap'],
  params: {
    ...spreadParam('_next', ['title', 'eventId'], (state, rng) => {
      const today = todayOf(state);
      const cal = calOf(state);
      const todayTitles = new Set(occurrencesOn(cal, today).map((o) => o.event.title));
      const byTitle = new Map<string, { eventId: string; place: string }[]>();
      for (const o of futureOccurrences(state, 80, (x) => x.event.repeat === 'none' && x.event.place !== '')) {
        byTitle.set(o.event.title, [...(byTitle.get(o.event.title) ?? []), { eventId: o.eventId, place: o.event.place }]);
      }
      const titles = [...byTitle].filter(([t, list]) => !todayTitles.has(t) && list.length >= 2 && new Set(list.map((x) => x.place)).size >= 2 && list[0].place !== list[1].place);
      if (!titles.length) return null;
      const [title, list] = rng.pick(titles);
      return { title, eventId: list[0].eventId };
    }),
  },
  answer: {
    fields: [{ id: 'place', label: '地点', type: 'text' }],
    expected: (p, input) => ({ place: eventById(input.init, p.eventId)!.place }),
  },
  async oracle(ui, p) {
    await searchAndOpen(ui, p.title, p.eventId);
    const place = ui.find('calendar.detail.place')?.text ?? '';
    const want = eventById(ui.state, p.eventId)!.place;
    if (place !== want) throw new Error(`the detail page shows the place "${place}", expected "${want}"`);
    return place;
  },
});
