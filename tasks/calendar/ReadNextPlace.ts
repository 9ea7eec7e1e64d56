import { defineTask } from '../../bridge/tasks/api.ts';
import { calOf, eventById, futureOccurrences, searchAndOpen, todayOf } from './_helpers.ts';
import { occurrencesOn } from '../../simulator-apps/calendar/logic.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';

interface P extends Record<string, unknown> {
  title: string;
  eventId: string;
}

/** Titles with two or more coming one-off events (none today), the first two at different places, each with its events in order. */
function nextPlaceTitles(state: PhoneState): [string, { eventId: string; place: string }[]][] {
  const today = todayOf(state);
  const cal = calOf(state);
  const todayTitles = new Set(occurrencesOn(cal, today).map((o) => o.event.title));
  const byTitle = new Map<string, { eventId: string; place: string }[]>();
  for (const o of futureOccurrences(state, 80, (x) => x.event.repeat === 'none' && x.event.place !== '')) {
    byTitle.set(o.event.title, [...(byTitle.get(o.event.title) ?? []), { eventId: o.eventId, place: o.event.place }]);
  }
  return [...byTitle].filter(([t, list]) => !todayTitles.has(t) && list.length >= 2 && new Set(list.map((x) => x.place)).size >= 2 && list[0].place !== list[1].place);
}

/** The title has several future events in different places; the next one (after today) counts. */
export default defineTask<P>({
  goal: (p) => `下一次“${p.title}”（今天之后）在什么地方？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['calendar'],
  tags: ['trap'],
  // Seeds where no title has two coming one-off events at different places get one: a later
  // namesake of a coming event, elsewhere (the trap needs two, and the sampler must find them).
  prepare({ state, rng }) {
    if (nextPlaceTitles(state).length) return;
    const cal = calOf(state);
    const today = todayOf(state);
    const busyToday = new Set(occurrencesOn(cal, today).map((o) => o.event.title));
    const single = futureOccurrences(state, 60, (x) => x.event.repeat === 'none' && x.event.place !== '' && !x.event.allDay && !busyToday.has(x.event.title));
    const first = single.find((o) => single.filter((x) => x.event.title === o.event.title).length === 1);
    const places = [...new Set(cal.events.map((e) => e.place).filter((p) => p !== '' && p !== first?.event.place))];
    if (!first || !places.length) return;
    const shift = rng.int(7, 18);
    const id = `e_${String(Math.max(0, ...cal.events.map((e) => Number(e.id.slice(2)) || 0)) + 1).padStart(3, '0')}`;
    cal.events.push({ ...first.event, id, startDate: addDays(first.event.startDate, shift), endDate: addDays(first.event.endDate, shift), place: rng.pick(places), exceptions: [], origin: '' });
  },
  params: {
    ...spreadParam('_next', ['title', 'eventId'], (state, rng) => {
      const titles = nextPlaceTitles(state);
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
