import { defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, openConversation } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { addedAlarmPaths, createAlarm, newAlarmCriteria, shiftTime, spokenTime } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  meet: string;
  lead: number;
  place: string;
}

const MEETS = ['06:30', '06:40', '07:00', '07:15', '07:30', '07:50', '08:10'] as const;
const PLACES = ['小区南门', '地铁站B口', '公司楼下', '体育馆门口'] as const;

/**
 * Cross-app memory: the meeting time is in a friend's message in 轻聊 (said in words: 早上7点15分);
 * the alarm is `lead` minutes earlier, once, labelled 集合. Reading the chat clears its unread count.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里跟我约了明天早上集合的时间。按那个时间提前 ${p.lead} 分钟给我设一个只响一次的闹钟，备注“集合”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'clock'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'alarm'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    meet: { type: 'enum', values: [...MEETS] },
    lead: { type: 'enum', values: [15, 20, 30, 40] },
    place: { type: 'enum', values: [...PLACES] },
  },
  postSample({ state, p }) {
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: `明天${spokenTime(p.meet)}${p.place}集合，别迟到哦`, now: state.os.time.timestamp - 12 * 60_000 });
  },
  checkGoals: (input, p) => newAlarmCriteria(input, { time: shiftTime(p.meet, -p.lead), repeat: [], label: '集合' }),
  expectedChanges: (input, p) => [...addedAlarmPaths(input), `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: `${spokenTime(p.meet)}${p.place}集合` })) throw new Error('the friend’s message is not on screen');
    await createAlarm(ui, { time: shiftTime(p.meet, -p.lead), repeat: [], label: '集合' });
  },
});
