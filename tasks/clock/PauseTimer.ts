import { defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, openClockTab } from './_helpers.ts';
import { nextId } from '../../simulator-apps/shared/ids.ts';

interface P extends Record<string, unknown> {
  timerId: string;
  label: string;
}

/** A running timer (20-40 minutes left) paused with its own button; what is left is kept. */
export default defineTask<P>({
  goal: (p) => `把正在走的“${p.label}”计时器暂停。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['timer'],
  params: {
    label: { type: 'enum', values: ['炖汤', '发面', '腌肉', '学习'] },
    timerId: { default: '' },
  },
  postSample({ state, p, rng }) {
    const clock = clockOf(state);
    p.timerId = nextId(clock.timers.map((t) => t.id), 'tm_', 2);
    const durationMs = rng.pick([30, 40, 45]) * 60_000;
    clock.timers.push({ id: p.timerId, label: p.label, durationMs, status: 'running', endsAt: state.os.time.timestamp + durationMs - rng.int(2, 9) * 60_000, remainingMs: durationMs });
  },
  criteria: (p) => ({ [`apps.clock.timers[${p.timerId}].status`]: 'paused' }),
  expectedChanges: (_input, p) => [`apps.clock.timers[${p.timerId}].endsAt`, `apps.clock.timers[${p.timerId}].remainingMs`],
  async oracle(ui, p) {
    await openClockTab(ui, 'timer');
    await ui.scrollTo(`clock.timer.${p.timerId}.toggle`, { within: 'clock.timer.page' });
    await ui.tap(`clock.timer.${p.timerId}.toggle`);
  },
});
