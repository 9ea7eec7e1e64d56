import { defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, openConversation } from '../chat/_helpers.ts';
import { addDays, addedPaths, startNewEvent, todayOf, tomorrowsMeetingCriteria } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  sender: string;
  topic: string;
  place: string;
  start: string;
  end: string;
  /** How the message says the time: `下午3点`, `上午10点半`. */
  spoken: string;
  length: string;
  messageId: string;
}

const TIMES = [
  { spoken: '上午10点', start: '10:00' },
  { spoken: '上午10点半', start: '10:30' },
  { spoken: '下午2点', start: '14:00' },
  { spoken: '下午3点', start: '15:00' },
  { spoken: '下午4点半', start: '16:30' },
] as const;
const LENGTHS = [
  { length: '一个小时', minutes: 60 },
  { length: '一个半小时', minutes: 90 },
  { length: '两个小时', minutes: 120 },
] as const;

const plus = (time: string, minutes: number): string => {
  const t = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};

/**
 * Cross-app: a message in 轻聊 (added by the setup) names tomorrow's meeting: its topic, time,
 * length and room. The agent reads it and creates the event in the calendar.
 */
export default defineTask<P>({
  goal: (p) => `“${p.sender}”刚在轻聊里通知了明天的一个会。请把这个会加到日历里：标题用“${p.topic}”，时间、时长和地点按消息里说的填。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'calendar'],
  startApp: 'home',
  tags: ['create', 'cross-app'],
  params: {
    ...spreadParam('_chat', ['chatId', 'sender'], (state, rng) => {
      const chat = chatOf(state);
      const withRemark = chat.chats.filter((c) => chat.contacts.find((x) => x.id === c.contactId)?.remark === '刘总');
      const pickFrom = withRemark.length ? withRemark : chat.chats;
      const c = rng.pick(pickFrom);
      const contact = chat.contacts.find((x) => x.id === c.contactId)!;
      return { chatId: c.id, sender: contact.remark || contact.name };
    }),
    ...spreadParam('_what', ['topic', 'place', 'spoken', 'start', 'end', 'length'], (_state, rng) => {
      const t = rng.pick(TIMES);
      const l = rng.pick(LENGTHS);
      const m = rng.pick([
        { topic: '预算评审会', place: '星河大厦12楼会议室' },
        { topic: '供应商沟通会', place: '远峰科技园B座203' },
        { topic: '新品发布筹备会', place: '江南商务中心18楼' },
      ]);
      return { ...m, spoken: t.spoken, start: t.start, end: plus(t.start, l.minutes), length: l.length };
    }),
    messageId: {
      sampler: (state) => {
        let max = 0;
        for (const ch of chatOf(state).chats) for (const m of ch.messages) max = Math.max(max, Number(m.id.slice(2)));
        return `m_${String(max + 1).padStart(5, '0')}`;
      },
    },
  },
  postSample({ state, p }) {
    const chat = chatOf(state);
    const c = chat.chats.find((x) => x.id === p.chatId)!;
    const id = p.messageId;
    const now = state.os.time.timestamp;
    c.messages.push({ id, from: c.contactId, text: `明天${p.spoken}在${p.place}开${p.topic}，大概${p.length}，记得准时参加。`, time: now - 12 * 60_000 });
    c.unread += 1;
  },
  checkGoals: (input, p) => tomorrowsMeetingCriteria(input, { title: p.topic, start: p.start, end: p.end, place: p.place }),
  expectedChanges: (input, p) => [...addedPaths(input), `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    const msg = await ui.scrollTo(`chat.message.${p.messageId}`, { within: 'chat.messages' });
    if (!msg.text.includes(p.place)) throw new Error(`the message does not name the place: ${msg.text}`);
    await startNewEvent(ui, addDays(todayOf(ui.state), 1), { title: p.topic, place: p.place, start: p.start, end: p.end });
    await ui.tap('calendar.edit.save');
  },
});
