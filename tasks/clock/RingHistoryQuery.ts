import { defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, clockOf, openClockTab } from './_helpers.ts';
import { wallClock } from '../../simulator-apps/shared/time.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  alarmId: string;
  label: string;
}

/**
 * Grounded, reading a log: how many times the alarm rang yesterday (a 稍后提醒 makes it ring again),
 * from 闹钟 → 响铃记录, where each ring shows its date.
 */
export default defineTask<P>({
  goal: (p) => `昨天“${p.label}”闹钟一共响了几次？（稍后提醒后再响也算一次）`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm'],
  params: {
    ...spreadParam('_alarm', ['alarmId', 'label'], (state, rng) => {
      const tz = state.os.time.timezone;
      const yesterday = wallClock(state.os.time.timestamp, tz).dayNumber - 1;
      const clock = clockOf(state);
      const labels = new Map<string, number>();
      for (const a of clock.alarms) labels.set(a.label, (labels.get(a.label) ?? 0) + 1);
      const rang = clock.alarms.filter((a) => a.label !== '' && labels.get(a.label) === 1 && clock.rings.some((r) => r.sourceId === a.id && wallClock(r.at, tz).dayNumber === yesterday));
      const a = pickOrNull(rng, rang);
      return a && { alarmId: a.id, label: a.label };
    }),
  },
  answer: {
    fields: [{ id: 'count', label: '响铃次数', type: 'number' }],
    expected: (p, input) => {
      const tz = input.init.os.time.timezone;
      const yesterday = wallClock(input.init.os.time.timestamp, tz).dayNumber - 1;
      return { count: { number: clockOf(input.init).rings.filter((r) => r.sourceId === p.alarmId && wallClock(r.at, tz).dayNumber === yesterday).length, tolerance: 0 } };
    },
  },
  async oracle(ui, p) {
    await openClockTab(ui, 'alarms');
    await ui.tap('clock.history');
    const tz = ui.state.os.time.timezone;
    const yesterday = wallClock(ui.state.os.time.timestamp, tz).dayNumber - 1;
    const rings = clockOf(ui.state).rings.filter((r) => r.sourceId === p.alarmId && wallClock(r.at, tz).dayNumber === yesterday);
    for (const r of rings) {
      const row = await ui.scrollTo(`clock.ring.${r.id}`, { within: 'clock.history.list' });
      if (!row.text.includes(alarmById(ui.state, p.alarmId)!.label)) throw new Error(`ring ${r.id} does not show the label: ${row.text}`);
    }
    return String(rings.length);
  },
});
