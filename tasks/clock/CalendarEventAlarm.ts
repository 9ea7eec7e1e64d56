import { defineTask } from '../../bridge/tasks/api.ts';
import { addDays, calOf, nextEventId, selectDay, todayOf } from '../calendar/_helpers.ts';
import { addedAlarmPaths, createAlarm, newAlarmCriteria, shiftTime } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
  lead: number;
  eventId: string;
  start: string;
}

const TITLES = ['体检', '看牙医', '驾校练车', '家长会', '面试', '办签证'] as const;
const STARTS = ['08:00', '08:30', '09:00', '09:15', '09:30', '10:00', '10:45'] as const;

/**
 * Cross-app memory: the start time is only in 日历 (tomorrow's event); the alarm goes in 时钟,
 * `lead` minutes before it, once. The goal names neither the time nor the alarm's time.
 */
export default defineTask<P>({
  goal: (p) => `明天日历里有个“${p.title}”。在它开始前 ${p.lead} 分钟设一个只响一次的闹钟，备注“${p.title}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['calendar', 'clock'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'alarm'],
  params: {
    title: { type: 'enum', values: [...TITLES] },
    lead: { type: 'enum', values: [20, 30, 45, 60] },
    start: { type: 'enum', values: [...STARTS] },
    eventId: { default: '' },
  },
  postSample({ state, p }) {
    const cal = calOf(state);
    const date = addDays(todayOf(state), 1);
    p.eventId = nextEventId(cal);
    const end = shiftTime(p.start, 60);
    cal.events.push({ id: p.eventId, title: p.title, allDay: false, startDate: date, startTime: p.start, endDate: date, endTime: end, repeat: 'none', exceptions: [], reminder: null, calendar: 'personal', place: '', notes: '', origin: '' });
  },
  checkGoals: (input, p) => newAlarmCriteria(input, { time: shiftTime(p.start, -p.lead), repeat: [], label: p.title }),
  expectedChanges: (input) => addedAlarmPaths(input),
  async oracle(ui, p) {
    await ui.openApp('calendar');
    await selectDay(ui, addDays(todayOf(ui.state), 1));
    const row = await ui.scrollTo(`calendar.event.${p.eventId}`, { within: 'calendar.day.list' });
    const start = row.text.match(/(\d{2}:\d{2})/)?.[1];
    if (!start) throw new Error(`the event row shows no time: ${row.text}`);
    await createAlarm(ui, { time: shiftTime(start, -p.lead), repeat: [], label: p.title });
  },
});
