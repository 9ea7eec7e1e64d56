import { defineTask } from '../../bridge/tasks/api.ts';
import { addedAlarmPaths, createAlarm, freeTime, NEW_LABELS, newAlarmCriteria, WORKDAYS } from './_helpers.ts';

interface P extends Record<string, unknown> {
  time: string;
  label: string;
}

/** 闹钟 → + → time, 工作日, 备注 → 保存: one new alarm, on, ringing Monday to Friday. */
export default defineTask<P>({
  goal: (p) => `设一个工作日（周一到周五）${p.time} 的闹钟，备注“${p.label}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: {
    time: { sampler: (state, rng) => freeTime(state, rng, [5, 6, 7, 8]) },
    label: { type: 'enum', values: [...NEW_LABELS] },
  },
  checkGoals: (input, p) => newAlarmCriteria(input, { time: p.time, repeat: [...WORKDAYS], label: p.label }),
  expectedChanges: (input) => addedAlarmPaths(input),
  async oracle(ui, p) {
    await createAlarm(ui, { time: p.time, repeat: [...WORKDAYS], label: p.label });
  },
});
