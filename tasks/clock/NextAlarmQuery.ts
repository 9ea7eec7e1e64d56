import { defineTask } from '../../bridge/tasks/api.ts';
import { clockOf, nextAlarm, openClockTab } from './_helpers.ts';

/**
 * Grounded: which enabled alarm rings first from now (its repeat days count: it is a Saturday, so a
 * 工作日 alarm rings on Monday). The list's top line says the label and how long until it rings.
 */
export default defineTask({
  goal: '下一个会响的闹钟是几点的？',
  difficulty: 'L2',
  objective: 'query',
  apps: ['clock'],
  startApp: 'home',
  tags: ['alarm', 'trap'],
  postSample({ state }) {
    // Labels make the summary line name the alarm unambiguously.
    for (const a of clockOf(state).alarms) if (a.label === '') a.label = `闹钟${a.id.slice(3)}`;
  },
  answer: {
    fields: [{ id: 'time', label: '响铃时间', hint: '如：06:45', type: 'time' }],
    expected: (_p, input) => ({ time: nextAlarm(clockOf(input.init), input.init.os.time.timestamp, input.init.os.time.timezone)!.alarm.time }),
  },
  async oracle(ui) {
    await openClockTab(ui, 'alarms');
    const line = ui.find('clock.alarms.next')?.text ?? '';
    const label = line.split(' · ')[0];
    const a = clockOf(ui.state).alarms.find((x) => x.label === label && x.enabled);
    if (!a) throw new Error(`the next-alarm line "${line}" names no enabled alarm`);
    return a.time;
  },
});
