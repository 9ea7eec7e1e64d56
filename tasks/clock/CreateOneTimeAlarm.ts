import { defineTask } from '../../bridge/tasks/api.ts';
import { addedAlarmPaths, createAlarm, freeTime, newAlarmCriteria, spokenTime } from './_helpers.ts';

interface P extends Record<string, unknown> {
  time: string;
}

/** Spoken time (明早6点半) to digits; 只响一次, no label: the form's defaults besides the time. */
export default defineTask<P>({
  goal: (p) => `明天${spokenTime(p.time)}叫我起床，设个只响一次的闹钟就行。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: {
    time: { sampler: (state, rng) => freeTime(state, rng, [5, 6, 7, 8]) },
  },
  checkGoals: (input, p) => newAlarmCriteria(input, { time: p.time, repeat: [] }),
  expectedChanges: (input) => addedAlarmPaths(input),
  async oracle(ui, p) {
    await createAlarm(ui, { time: p.time, repeat: [] });
  },
});
