import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, openClockTab } from './_helpers.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  minutes: number;
  label: string;
}

const LABELS = ['煮鸡蛋', '泡面', '敷面膜', '烤红薯', '蒸包子', '午睡'] as const;

/** 计时器: 分 typed (or a preset), 备注, 开始计时: one new running timer of that length. */
export default defineTask<P>({
  goal: (p) => `开一个 ${p.minutes} 分钟的计时器，备注“${p.label}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['timer'],
  params: {
    minutes: { type: 'enum', values: [4, 6, 7, 8, 12, 20, 25, 40] },
    label: { type: 'enum', values: [...LABELS] },
  },
  checkGoals: (input, p) => {
    const added = addedRecords(clockOf(input.init).timers, clockOf(input.final).timers);
    return oneAdded('exactly one new timer', added, (t) => [
      criteria.equals('its length', t?.durationMs ?? null, p.minutes * 60_000, t ? `apps.clock.timers[${t.id}]` : undefined),
      criteria.equals('its label', t?.label ?? null, p.label),
      criteria.equals('it is running', t?.status ?? null, 'running'),
    ]);
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'timer');
    await ui.type('clock.timer.hours', '0', { clear: true });
    await ui.type('clock.timer.minutes', String(p.minutes), { clear: true });
    await ui.type('clock.timer.seconds', '0', { clear: true });
    await ui.type('clock.timer.label', p.label, { clear: true });
    await ui.tap('clock.timer.start');
  },
});
