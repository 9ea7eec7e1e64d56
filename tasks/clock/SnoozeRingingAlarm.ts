import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { alarmById, alarmParam, type AlarmParams, clockOf, ringNow } from './_helpers.ts';

interface P extends AlarmParams {
  ringId: string;
}

/** The alarm is ringing full screen when the phone starts in 时钟: 稍后提醒, not 关闭. */
export default defineTask<P>({
  goal: (p) => `“${p.label}”闹钟正在响，我还想再睡一会儿：让它过一会儿再响（稍后提醒），不要直接关掉。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['clock'],
  startApp: 'clock',
  tags: ['alarm', 'ringing'],
  params: {
    ...alarmParam((a) => a.repeat.length > 0 && a.enabled),
    ringId: { default: '' },
  },
  postSample({ state, p }) {
    const a = alarmById(state, p.alarmId)!;
    if (a.snoozeMinutes === 0) a.snoozeMinutes = 10;
    p.ringId = ringNow(state, a).id;
  },
  checkGoals: (input, p) => {
    const ring = clockOf(input.final).rings.find((r) => r.id === p.ringId);
    const until = alarmById(input.final, p.alarmId)?.snoozedUntil ?? null;
    const interval = alarmById(input.init, p.alarmId)!.snoozeMinutes * 60_000;
    return [
      criteria.equals('the ring was snoozed', ring?.outcome ?? null, 'snoozed', `apps.clock.rings[${p.ringId}]`),
      criteria.that('the alarm comes back after its snooze interval', until !== null && ring?.endedAt != null && until === ring.endedAt + interval, { expected: `snoozedUntil = answered + ${interval / 60_000} min`, actual: until, path: `apps.clock.alarms[${p.alarmId}].snoozedUntil` }),
      criteria.equals('nothing rings now', clockOf(input.final).ringing, null, 'apps.clock.ringing'),
    ];
  },
  async oracle(ui) {
    await ui.tap('clock.ring.snooze');
  },
});
