import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { addedAlarmPaths, createAlarm, newAlarmCriteria, shiftTime, spokenTime } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  depart: string;
  trip: string;
}

const DEPARTS = ['06:00', '06:30', '07:00', '07:20', '07:40'] as const;
const TRIPS = ['爬山', '去海边', '自驾去古镇', '看日出'] as const;

/**
 * Interactive, two apps: the departure time exists only in the friend's answer; the alarm is one
 * hour before it, once, labelled 出发. Without asking there is no time to set.
 */
export default defineTask<P>({
  goal: (p) => `明天和${p.friendName}约好一起${p.trip}，但我忘了几点出发。在轻聊里问问他，然后设一个比出发时间早一个小时、只响一次的闹钟，备注“出发”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'clock'],
  startApp: 'home',
  tags: ['interactive', 'cross-app', 'alarm'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...spreadParam('_trip', ['depart', 'trip'], (_state, rng) => ({ depart: rng.pick(DEPARTS), trip: rng.pick(TRIPS) })),
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p }) => ({ text: `明天${spokenTime(p.depart)}出发，别睡过头了`, done: true }),
  ),
  checkGoals: (input, p) => [
    criteria.that(`asked ${p.friendName} in 轻聊`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
    ...newAlarmCriteria(input, { time: shiftTime(p.depart, -60), repeat: [], label: '出发' }),
  ],
  expectedChanges: (input, p) => [...addedAlarmPaths(input), ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `明天${p.trip}几点出发来着？`);
    const reply = ui.findAll({ textIncludes: '出发，别睡过头' }).at(-1);
    if (!reply) throw new Error(`${p.friendName} did not answer`);
    const depart = ['06:00', '06:30', '07:00', '07:20', '07:40'].find((t) => reply.text.includes(`${spokenTime(t)}出发`));
    if (!depart) throw new Error(`cannot read the time in "${reply.text}"`);
    await createAlarm(ui, { time: shiftTime(depart, -60), repeat: [], label: '出发' });
  },
});
