import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { clockAt, clockOf, waitFor } from './_helpers.ts';
import { nextId } from '../../simulator-apps/shared/ids.ts';

interface P extends Record<string, unknown> {
  alarmId: string;
  label: string;
  time: string;
}

const LABELS = ['拿快递', '关火', '收衣服', '出门', '吃药'] as const;

/**
 * The virtual clock rings it: a one-time alarm at the next minute, the phone 8 s before. Waiting
 * (or acting) lets it ring full screen; it must be answered with 关闭. Doing nothing never hears it.
 */
export default defineTask<P>({
  goal: (p) => `我设了一个 ${p.time} 的“${p.label}”闹钟，马上就要响了。等它响起来，然后把它关掉（不要稍后提醒）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['clock'],
  startApp: 'home',
  tags: ['alarm', 'ringing', 'virtual-clock'],
  params: {
    label: { type: 'enum', values: [...LABELS] },
    alarmId: { default: '' },
    time: { default: '' },
  },
  postSample({ state, p }) {
    const clock = clockOf(state);
    const now = state.os.time.timestamp;
    const at = now - (now % 60_000) + 60_000;
    p.time = clockAt(state, at);
    p.alarmId = nextId(clock.alarms.map((a) => a.id), 'al_', 2);
    clock.alarms.push({ id: p.alarmId, time: p.time, repeat: [], label: p.label, ringtone: '雷达', snoozeMinutes: 10, enabled: true, snoozedUntil: null });
    state.os.time.timestamp = at - 8000;
  },
  checkGoals: (input, p) => {
    const before = new Set(clockOf(input.init).rings.map((r) => r.id));
    const rings = clockOf(input.final).rings.filter((r) => !before.has(r.id) && r.sourceId === p.alarmId);
    return [
      criteria.that('the alarm rang', rings.length > 0, { expected: 'a ring of the alarm', actual: rings.length, ...(rings[0] ? { path: `apps.clock.rings[${rings[0].id}]` } : {}) }),
      criteria.equals('it was turned off (关闭)', rings.map((r) => r.outcome).join(','), 'dismissed'),
      criteria.equals('nothing rings now', clockOf(input.final).ringing, null, 'apps.clock.ringing'),
    ];
  },
  // A one-time alarm turns itself off once it has rung.
  expectedChanges: (_input, p) => [`apps.clock.alarms[${p.alarmId}].enabled`],
  async oracle(ui) {
    await waitFor(ui, () => ui.find('clock.ring.dismiss') !== undefined, 10, 'the alarm to ring');
    await ui.tap('clock.ring.dismiss');
  },
});
