import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, alarmParam, type AlarmParams, clockOf, ringNow } from './_helpers.ts';

interface P extends AlarmParams {
  ringId: string;
}

/** Restraint: 关闭, not 稍后提醒 (a snooze would ring again: `snoozedUntil` must stay null). */
export default defineTask<P>({
  goal: (p) => `“${p.label}”闹钟在响，把它彻底关掉，不要稍后再响。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'ringing', 'restraint'],
  params: {
    ...alarmParam((a) => a.repeat.length > 0 && a.enabled && a.snoozeMinutes > 0),
    ringId: { default: '' },
  },
  postSample({ state, p }) {
    p.ringId = ringNow(state, alarmById(state, p.alarmId)!).id;
  },
  checkGoals: (input, p) => [
    criteria.equals('the ring was dismissed', clockOf(input.final).rings.find((r) => r.id === p.ringId)?.outcome ?? null, 'dismissed', `apps.clock.rings[${p.ringId}]`),
    criteria.equals('it will not ring again soon (no snooze)', alarmById(input.final, p.alarmId)?.snoozedUntil ?? null, null),
    criteria.equals('nothing rings now', clockOf(input.final).ringing, null, 'apps.clock.ringing'),
  ],
  async oracle(ui) {
    await ui.tap('clock.ring.dismiss');
  },
});
