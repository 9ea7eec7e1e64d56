import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, openClockTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  laps: number;
}

/** 秒表: 开始, 计次 N times, 暂停: the stopwatch paused with exactly N laps. */
export default defineTask<P>({
  goal: (p) => `用秒表计时，中途按 ${p.laps} 次“计次”，最后暂停。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['stopwatch'],
  params: { laps: { type: 'int', min: 2, max: 4 } },
  checkGoals: (input, p) => {
    const w = clockOf(input.final).stopwatch;
    return [
      criteria.equals('the stopwatch is paused', w.status, 'paused', 'apps.clock.stopwatch'),
      criteria.equals('laps recorded', w.laps.length, p.laps),
      criteria.that('it counted some time', w.elapsedMs > 0, { expected: '> 0 ms', actual: w.elapsedMs }),
    ];
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'stopwatch');
    if (ui.find('clock.stopwatch.reset') && !ui.find('clock.stopwatch.reset')?.disabled) await ui.tap('clock.stopwatch.reset');
    await ui.tap('clock.stopwatch.start');
    for (let i = 0; i < p.laps; i++) await ui.tap('clock.stopwatch.lap');
    await ui.tap('clock.stopwatch.pause');
  },
});
