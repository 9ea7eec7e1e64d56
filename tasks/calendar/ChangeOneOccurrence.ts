import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedEvents, addedPaths, dayText, editOccurrence, eventById, futureOccurrences, pickTime } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { oneOfParam, spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  eventId: string;
  date: string;
  start: string;
  end: string;
  place: string;
}

/**
 * Trap: 周会 repeats every week; only the meeting on one date moves (another room and time). The
 * app asks 仅修改此日程 / 修改所有重复日程 on save: the series must keep its time and room, skip
 * that date (an exception), and a single event with the new time and room takes its place.
 */
export default defineTask<P>({
  goal: (p) => `${dayText(p.date)}那次“周会”改到 ${p.start}-${p.end}，地点改为“${p.place}”。只改这一次，其他周的周会保持不变。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['edit', 'repeat', 'trap'],
  params: {
    ...spreadParam('_occ', ['eventId', 'date'], (state, rng) => {
      const occ = futureOccurrences(state, 35, (o) => o.event.title === '周会' && o.event.repeat === 'weekly');
      return occ.length ? { eventId: occ[0].eventId, date: rng.pick(occ.slice(0, 4)).date } : null;
    }),
    ...oneOfParam('_time', [{ start: '14:00', end: '15:00' }, { start: '15:30', end: '16:30' }, { start: '09:00', end: '10:00' }]),
    place: { type: 'enum', values: ['5号会议室', '2号会议室', '7楼大会议室'] },
  },
  checkGoals(input, p) {
    const before = eventById(input.init, p.eventId)!;
    const after = eventById(input.final, p.eventId);
    const fresh = addedEvents(input);
    const e = fresh[0];
    const series = after ? { ...after, exceptions: [] } : null;
    return [
      criteria.equals('the series skips that date', after?.exceptions ?? null, [...before.exceptions, p.date].sort(), `apps.calendar.events[${p.eventId}].exceptions`),
      criteria.equals('the series is otherwise unchanged', series, { ...before, exceptions: [] }),
      exactlyOne('exactly one new event', fresh, e ? `apps.calendar.events[${e.id}]` : undefined),
      criteria.equals('it is the 周会 on that date', e ? `${e.title} ${e.startDate} ${e.repeat}` : null, `周会 ${p.date} none`),
      criteria.equals('its new time', e ? `${e.startTime}-${e.endTime}` : null, `${p.start}-${p.end}`),
      criteria.equals('its new place', e?.place ?? null, p.place),
    ];
  },
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await editOccurrence(ui, p.eventId, p.date);
    await pickTime(ui, 'startTime', p.start);
    await pickTime(ui, 'endTime', p.end);
    await ui.type('calendar.edit.place', p.place, { clear: true });
    await ui.tap('calendar.edit.save');
    await ui.tap('calendar.scope.one');
  },
});
