import { defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, openClockTab } from './_helpers.ts';

/** Grounded: count the switches that are on in the 闹钟 list (the list may need a scroll). */
export default defineTask({
  goal: '我现在一共开着几个闹钟？',
  difficulty: 'L1',
  objective: 'query',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  answer: {
    fields: [{ id: 'count', label: '开启的闹钟数', type: 'number' }],
    expected: (_p, input) => ({ count: { number: clockOf(input.init).alarms.filter((a) => a.enabled).length, tolerance: 0 } }),
  },
  async oracle(ui) {
    await openClockTab(ui, 'alarms');
    const on = new Set<string>();
    for (const a of clockOf(ui.state).alarms) {
      const node = await ui.scrollTo(`clock.alarm.${a.id}.switch`, { within: 'clock.alarms.list' });
      if (node.checked) on.add(a.id);
    }
    return String(on.size);
  },
});
