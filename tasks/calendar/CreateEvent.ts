import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addDays, addedEvents, addedPaths, dayText, openMonthView, pickTime, selectDay, todayOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
  date: string;
  start: string;
  end: string;
  place: string;
}

export default defineTask<P>({
  goal: (p) => `在日历中新建日程“${p.title}”：${dayText(p.date)} ${p.start}-${p.end}，地点“${p.place}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['calendar'],
  startApp: 'calendar',
  tags: ['create'],
  params: {
    _what: {
      sampler: (_state, rng) =>
        rng.pick([
          { title: '签合同', place: '江南商务中心18楼' },
          { title: '看话剧', place: '山海剧场' },
          { title: '驾照体检', place: '社区医院' },
          { title: '拍证件照', place: '时光照相馆' },
          { title: '陪妈妈逛街', place: '百货大楼' },
        ]),
      fields: { title: 'title', place: 'place' },
    },
    date: { sampler: (state, rng) => addDays(todayOf(state), rng.int(2, 20)) },
    _time: {
      sampler: (_state, rng) => {
        const h = rng.int(9, 19);
        const m = rng.pick(['00', '30']);
        const len = rng.pick([1, 2]);
        return { start: `${String(h).padStart(2, '0')}:${m}`, end: `${String(h + len).padStart(2, '0')}:${m}` };
      },
      fields: { start: 'start', end: 'end' },
    },
  },
  checkGoals(input, p) {
    const fresh = addedEvents(input);
    const e = fresh[0];
    return [
      criteria.that('exactly one new event', fresh.length === 1, { expected: 1, actual: fresh.length }),
      criteria.equals('its title', e?.title ?? null, p.title),
      criteria.equals('its time', e ? `${e.startDate} ${e.startTime} - ${e.endDate} ${e.endTime}` : null, `${p.date} ${p.start} - ${p.date} ${p.end}`),
      criteria.equals('its place', e?.place ?? null, p.place),
      criteria.equals('it does not repeat', e?.repeat ?? null, 'none'),
    ];
  },
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await openMonthView(ui);
    await selectDay(ui, p.date);
    await ui.tap('calendar.add');
    await ui.type('calendar.edit.title', p.title);
    await ui.type('calendar.edit.place', p.place);
    await pickTime(ui, 'startTime', p.start);
    await pickTime(ui, 'endTime', p.end);
    await ui.tap('calendar.edit.save');
  },
});
