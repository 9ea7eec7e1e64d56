import { defineTask } from '../../bridge/tasks/api.ts';
import { addDays, addedPaths, newEventCriteria, startNewEvent, todayOf } from '../calendar/_helpers.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import { addedAlarmPaths, createAlarm, newAlarmCriteria, shiftTime } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
  start: string;
  lead: number;
}

const TITLES = ['复诊', '签合同', '看房', '接站', '考科目二'] as const;

/** Two apps, two records: tomorrow's event (an hour) in 日历, and a one-time alarm `lead` minutes before it in 时钟. */
export default defineTask<P>({
  goal: (p) => `明天 ${p.start} 要去“${p.title}”，大约一个小时。帮我在日历里加上这个日程（标题“${p.title}”），再设一个提前 ${p.lead} 分钟、只响一次的闹钟，备注也写“${p.title}”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['calendar', 'clock'],
  startApp: 'home',
  tags: ['cross-app', 'alarm'],
  params: {
    title: { type: 'enum', values: [...TITLES] },
    start: { type: 'enum', values: ['08:30', '09:00', '09:30', '10:00', '14:00', '15:30'] },
    lead: { type: 'enum', values: [30, 45, 60] },
  },
  checkGoals: (input, p) => {
    const tomorrow = addDays(todayOf(input.init), 1);
    return [
      ...newEventCriteria(input, p.title, (e) => [criteria.equals('its time', e ? `${e.startDate} ${e.startTime}-${e.endTime}` : null, `${tomorrow} ${p.start}-${shiftTime(p.start, 60)}`)]),
      ...newAlarmCriteria(input, { time: shiftTime(p.start, -p.lead), repeat: [], label: p.title }),
    ];
  },
  expectedChanges: (input) => [...addedPaths(input), ...addedAlarmPaths(input)],
  async oracle(ui, p) {
    await ui.openApp('calendar');
    await startNewEvent(ui, addDays(todayOf(ui.state), 1), { title: p.title, start: p.start, end: shiftTime(p.start, 60) });
    await ui.tap('calendar.edit.save');
    await createAlarm(ui, { time: shiftTime(p.start, -p.lead), repeat: [], label: p.title });
  },
});
