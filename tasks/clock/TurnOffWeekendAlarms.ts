import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, repeatText, switchAlarm, WEEKEND } from './_helpers.ts';

const ringsOnWeekend = (repeat: readonly number[]) => repeat.some((d) => WEEKEND.includes(d as 0 | 6));

/**
 * Restraint: every enabled alarm that rings on 周六 or 周日 (周末, 每天, or days that include
 * either) goes off; weekday-only ones stay on. The set-up makes at least two of each kind, and no
 * enabled one-time alarm (which day it rings depends on when).
 */
export default defineTask({
  goal: '周末想睡懒觉：把所有会在周六或周日响的闹钟都关掉，只在工作日响的闹钟保持开启。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'restraint', 'trap'],
  postSample({ state, rng }) {
    const alarms = clockOf(state).alarms;
    for (const a of alarms) if (a.repeat.length === 0) a.enabled = false;
    const weekend = alarms.filter((a) => ringsOnWeekend(a.repeat));
    const weekday = alarms.filter((a) => a.repeat.length > 0 && !ringsOnWeekend(a.repeat));
    // At least two of each: turn one-time alarms into the missing kind, then a kind's extras
    // beyond its two (a seed may have no one-time alarm to spare, or no weekend alarm at all).
    const spare = alarms.filter((a) => a.repeat.length === 0);
    const take = (extras: typeof alarms) => spare.shift() ?? (extras.length > 2 ? extras.pop() : undefined);
    for (let a = weekend.length < 2 ? take(weekday) : undefined; a; a = weekend.length < 2 ? take(weekday) : undefined) {
      a.repeat = rng.pick([[0, 6], [0, 1, 2, 3, 4, 5, 6], [1, 3, 6]] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[][]);
      weekend.push(a);
    }
    for (let a = weekday.length < 2 ? take(weekend) : undefined; a; a = weekday.length < 2 ? take(weekend) : undefined) {
      a.repeat = [1, 2, 3, 4, 5];
      weekday.push(a);
    }
    for (const a of [...weekend, ...weekday]) a.enabled = true;
  },
  checkGoals: (input) =>
    clockOf(input.init).alarms.map((a) => {
      const after = clockOf(input.final).alarms.find((x) => x.id === a.id);
      const want = a.enabled && !ringsOnWeekend(a.repeat);
      return criteria.equals(`${a.time} (${repeatText(a.repeat)}) is ${want ? 'on' : 'off'}`, after?.enabled ?? null, a.repeat.length === 0 ? a.enabled : want, `apps.clock.alarms[${a.id}].enabled`);
    }),
  async oracle(ui) {
    for (const a of clockOf(ui.state).alarms) if (a.enabled && ringsOnWeekend(a.repeat)) await switchAlarm(ui, a.id, false);
  },
});
