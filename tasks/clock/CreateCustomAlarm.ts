import { defineTask } from '../../bridge/tasks/api.ts';
import { addedAlarmPaths, createAlarm, freeTime, NEW_LABELS, newAlarmCriteria, RINGTONES, type Weekday } from './_helpers.ts';
import { normalizeRepeat, WEEKDAY_SHORT } from '../../simulator-apps/clock/logic.ts';

interface P extends Record<string, unknown> {
  time: string;
  days: Weekday[];
  label: string;
  ringtone: string;
  snooze: 5 | 10 | 15 | 20 | 30;
}

const daysText = (days: readonly Weekday[]) => [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => `周${WEEKDAY_SHORT[d]}`).join('、');

/** Every field of the form: picked days (not a preset), a label, a ringtone from the sheet, a snooze interval. */
export default defineTask<P>({
  goal: (p) => `新建一个闹钟：${daysText(p.days)}的 ${p.time} 响，备注“${p.label}”，铃声用“${p.ringtone}”，稍后提醒间隔 ${p.snooze} 分钟。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: {
    time: { sampler: (state, rng) => freeTime(state, rng, [6, 7, 18, 19, 20, 21]) },
    days: {
      sampler: (_state, rng) => {
        // Two or three days that make none of the presets (工作日, 周末, 每天).
        const days = normalizeRepeat(rng.shuffle([0, 1, 2, 3, 4, 5, 6]).slice(0, rng.int(2, 3)));
        return days.length === 2 && days[0] === 0 && days[1] === 6 ? [1, 3] : days;
      },
    },
    label: { type: 'enum', values: [...NEW_LABELS] },
    ringtone: { type: 'enum', values: RINGTONES.slice(1) },
    snooze: { type: 'enum', values: [5, 15, 20, 30] },
  },
  checkGoals: (input, p) => newAlarmCriteria(input, { time: p.time, repeat: p.days, label: p.label, ringtone: p.ringtone, snoozeMinutes: p.snooze }),
  expectedChanges: (input) => addedAlarmPaths(input),
  async oracle(ui, p) {
    await createAlarm(ui, { time: p.time, repeat: p.days, label: p.label, ringtone: p.ringtone, snoozeMinutes: p.snooze });
  },
});
