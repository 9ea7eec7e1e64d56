/**
 * 时钟's stray changes for `phonegym verify` (docs/verify.md): small edits no clock task asks for,
 * made through the UI from whatever screen the oracle ended on (a ringing alert is answered first
 * only by the task's own oracle; these walk the tabs under it).
 *
 * 1. The stopwatch: started and paused from rest (or reset when it has a time). Only the stopwatch
 *    task owns it.
 * 2. The switch of an alarm the task's parameters do not mention, flipped.
 */
import type { StrayChange } from '../../bridge/tasks/types.ts';
import type { ClockState } from '../../simulator-apps/clock/types.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { openClockTab, switchAlarm } from './_helpers.ts';

const CLOCK: StrayApp<ClockState> = { app: 'clock', has: (s) => Array.isArray(s.alarms) && typeof s.stopwatch === 'object' };

const stopwatch = sliceStray(CLOCK, 'clock.stopwatch', (clock) => {
  const idle = clock.stopwatch.status === 'idle';
  return {
    path: 'apps.clock.stopwatch.status',
    description: idle ? '秒表 → 开始 → 暂停' : '秒表 → 复位',
    apply(draft) {
      const w = draft.stopwatch;
      if (idle) Object.assign(w, { status: 'paused', startedAt: null, elapsedMs: 2000 });
      else Object.assign(w, { status: 'idle', startedAt: null, elapsedMs: 0, laps: [] });
    },
    async run(ui) {
      await openClockTab(ui, 'stopwatch');
      if (idle) {
        await ui.tap('clock.stopwatch.start');
        await ui.tap('clock.stopwatch.pause');
      } else {
        if (ui.find('clock.stopwatch.pause')) await ui.tap('clock.stopwatch.pause');
        await ui.tap('clock.stopwatch.reset');
      }
    },
  };
});

const alarmSwitch = sliceStray(CLOCK, 'clock.alarmSwitch', (clock, taken) => {
  const a = clock.alarms.find((x) => !taken.has(x.id) && !taken.has(x.label) && !taken.has(x.time) && x.snoozedUntil === null);
  if (!a) return null;
  const id = a.id;
  const on = !a.enabled;
  return {
    path: `apps.clock.alarms[${id}].enabled`,
    description: `闹钟 → ${a.time} 的开关${on ? '打开' : '关闭'}`,
    apply(draft) {
      draft.alarms.find((x) => x.id === id)!.enabled = on;
    },
    async run(ui) {
      await switchAlarm(ui, id, on);
    },
  };
});

export const strays: StrayChange[] = [stopwatch, alarmSwitch];
