import { defineTask } from '../../bridge/tasks/api.ts';
import { LOOK_ALIKE_TITLES } from '../../simulator-apps/calendar/data.ts';
import { calOf, dayText, editOccurrence, eventById, futureOccurrences, pickTime } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  title: string;
  date: string;
  start: string;
  end: string;
}

const TRAP_TITLES = new Set(LOOK_ALIKE_TITLES.flat());

/**
 * Trap: the title has a look-alike (项目评审会 / 项目评审会预演, 牙医复诊 / 牙医初诊) or a second
 * event with the same title on another day; only the one on the given date moves.
 */
export default defineTask<P>({
  goal: (p) => `把${dayText(p.date)}的“${p.title}”改到当天 ${p.start}-${p.end}。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['edit', 'trap'],
  params: {
    ...spreadParam('_event', ['eventId', 'title', 'date', 'start', 'end'], (state, rng) => {
      const singles = futureOccurrences(state, 75, (o) => o.event.repeat === 'none' && !o.allDay);
      const twins = (title: string) => calOf(state).events.filter((e) => e.title === title).length >= 2;
      let occ = singles.filter((o) => TRAP_TITLES.has(o.event.title));
      if (!occ.length) occ = singles.filter((o) => twins(o.event.title));
      if (!occ.length) return null;
      const o = rng.pick(occ);
      let h = Number(o.startTime.slice(0, 2));
      h = h >= 15 ? h - rng.int(3, 5) : h + rng.int(2, 4);
      const m = rng.pick(['00', '30']);
      return { eventId: o.eventId, title: o.event.title, date: o.date, start: `${String(h).padStart(2, '0')}:${m}`, end: `${String(h + 1).padStart(2, '0')}:${m}` };
    }),
  },
  postSample({ state, p }) {
    const e = eventById(state, p.eventId)!;
    if (e.startTime === p.start) e.startTime = p.start === '10:00' ? '11:00' : '10:00';
    // Keep the end after the start.
    if (e.endTime <= e.startTime) e.endTime = `${String(Number(e.startTime.slice(0, 2)) + 1).padStart(2, '0')}:${e.startTime.slice(3)}`;
  },
  criteria: (p) => ({
    [`apps.calendar.events[${p.eventId}].startTime`]: p.start,
    [`apps.calendar.events[${p.eventId}].endTime`]: p.end,
    [`apps.calendar.events[${p.eventId}].startDate`]: p.date,
  }),
  async oracle(ui, p) {
    await editOccurrence(ui, p.eventId, p.date);
    await pickTime(ui, 'startTime', p.start);
    await pickTime(ui, 'endTime', p.end);
    await ui.tap('calendar.edit.save');
  },
});
