import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedPaths, dayText, daysAheadParam, newEventCriteria, openMonthView, startNewEvent, timeSlotParam } from './_helpers.ts';
import { oneOfParam } from '../_shared/params.ts';

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
    ...oneOfParam('_what', [
      { title: '签合同', place: '江南商务中心18楼' },
      { title: '看话剧', place: '山海剧场' },
      { title: '驾照体检', place: '社区医院' },
      { title: '拍证件照', place: '时光照相馆' },
      { title: '陪妈妈逛街', place: '百货大楼' },
    ]),
    date: daysAheadParam(2, 20),
    ...timeSlotParam(9, 19, ['00', '30'], [1, 2]),
  },
  checkGoals: (input, p) =>
    newEventCriteria(input, p.title, (e) => [
      criteria.equals('its time', e ? `${e.startDate} ${e.startTime} - ${e.endDate} ${e.endTime}` : null, `${p.date} ${p.start} - ${p.date} ${p.end}`),
      criteria.equals('its place', e?.place ?? null, p.place),
      criteria.equals('it does not repeat', e?.repeat ?? null, 'none'),
    ]),
  expectedChanges: (input) => addedPaths(input),
  async oracle(ui, p) {
    await openMonthView(ui);
    await startNewEvent(ui, p.date, { title: p.title, place: p.place, start: p.start, end: p.end });
    await ui.tap('calendar.edit.save');
  },
});
