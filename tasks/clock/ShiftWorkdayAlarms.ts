import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, editAlarm, repeatText, shiftTime, WORKDAYS } from './_helpers.ts';

interface P extends Record<string, unknown> {
  minutes: number;
}

const isWorkdays = (repeat: readonly number[]) => repeatText(repeat as never) === '工作日';

/**
 * Several edits, with restraint: every alarm that repeats on 工作日 (exactly 周一-周五) moves
 * `minutes` earlier; 每天, 周末 and other alarms keep their times. The set-up makes two such alarms
 * at least.
 */
export default defineTask<P>({
  goal: (p) => `下周起要早点上班：把所有“工作日”重复的闹钟都提前 ${p.minutes} 分钟，其他闹钟不要改。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'restraint'],
  params: { minutes: { type: 'enum', values: [15, 20, 30] } },
  postSample({ state }) {
    const alarms = clockOf(state).alarms;
    const weekdays = alarms.filter((a) => isWorkdays(a.repeat));
    for (const a of alarms) if (weekdays.length < 2 && a.repeat.length === 0 && Number(a.time.slice(0, 2)) < 12) {
      a.repeat = [...WORKDAYS];
      weekdays.push(a);
    }
    for (const a of weekdays) a.enabled = true;
  },
  checkGoals: (input, p) => {
    return clockOf(input.init).alarms.map((a) => {
      const want = isWorkdays(a.repeat) ? shiftTime(a.time, -p.minutes) : a.time;
      const after = clockOf(input.final).alarms.find((x) => x.id === a.id);
      return criteria.equals(`${a.label || a.time} (${repeatText(a.repeat)}) at ${want}`, after?.time ?? null, want, `apps.clock.alarms[${a.id}].time`);
    });
  },
  async oracle(ui, p) {
    for (const a of clockOf(ui.state).alarms.filter((x) => isWorkdays(x.repeat))) await editAlarm(ui, a.id, { time: shiftTime(a.time, -p.minutes) });
  },
});
