import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { addDays, addedPaths, startNewEvent, todayOf, tomorrowsMeetingCriteria } from '../calendar/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  colleagueId: string;
  colleagueName: string;
  topic: string;
  first: string;
  firstSpoken: string;
  start: string;
  spoken: string;
  end: string;
  place: string;
}

const SLOTS = [
  { start: '10:00', spoken: '上午10点' },
  { start: '14:00', spoken: '下午2点' },
  { start: '15:30', spoken: '下午3点半' },
  { start: '16:00', spoken: '下午4点' },
] as const;
const TOPICS = ['季度复盘', '接口联调', '方案对齐', '招聘面试安排'] as const;
const ROOMS = ['5楼小会议室', '3号会议室', '前台旁边的洽谈室'] as const;

const plusHour = (t: string) => `${String(Number(t.slice(0, 2)) + 1).padStart(2, '0')}${t.slice(2)}`;

/**
 * Interactive, two apps, a short negotiation: book an hour with a colleague tomorrow. They are
 * busy at the time they first hear about (if the agent proposes one) and offer another; the
 * exchange is over once they have named their time. The event must be at the time they chose.
 */
export default defineTask<P>({
  goal: (p) => `明天要和同事“${p.colleagueName}”开一个小时的“${p.topic}”会。先在轻聊里跟他约时间，然后按约定的时间和地点把会加到日历里（标题“${p.topic}”）。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'calendar'],
  startApp: 'home',
  tags: ['interactive', 'cross-app'],
  params: {
    ...counterpartParam('_colleague', 'colleague'),
    ...spreadParam('_slot', ['first', 'firstSpoken', 'start', 'spoken', 'end', 'topic', 'place'], (_state, rng) => {
      const [busy, free] = rng.shuffle(SLOTS).slice(0, 2);
      return { first: busy!.start, firstSpoken: busy!.spoken, start: free!.start, spoken: free!.spoken, end: plusHour(free!.start), topic: rng.pick(TOPICS), place: rng.pick(ROOMS) };
    }),
  },
  // Whatever time the agent proposes first, the colleague cannot then and names their own time
  // and room; that settles it. A message naming no time gets the same offer.
  interaction: chatCounterpart<P>(
    (p) => p.colleagueId,
    ({ p }) => ({ text: `明天${p.firstSpoken}我有别的会。${p.spoken}吧，在${p.place}，一个小时够了`, done: true }),
  ),
  checkGoals: (input, p) => [
    criteria.that(`talked to ${p.colleagueName} in 轻聊`, sentSince(input.init, input.final, p.colleagueId).length > 0, { expected: 'at least one message sent' }),
    ...tomorrowsMeetingCriteria(input, { title: p.topic, start: p.start, end: p.end, place: p.place }, 'its time (the colleague’s choice)'),
  ],
  expectedChanges: (input, p) => [...addedPaths(input), ...conversationPaths(input.init, input.final, p.colleagueId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `明天找你开个${p.topic}的会，一个小时，你什么时候方便？`);
    const reply = ui.findAll({ textIncludes: '一个小时够了' }).at(-1);
    if (!reply) throw new Error(`${p.colleagueName} did not offer a time`);
    const offer = SLOTS.find((s) => reply.text.includes(`${s.spoken}吧`));
    const room = reply.text.match(/在(.+?)，一个小时/)?.[1];
    if (!offer || !room) throw new Error(`cannot read the offer in "${reply.text}"`);
    await ui.type('chat.input', `好的，${offer.spoken}${room}见`);
    await ui.tap('chat.send');
    await startNewEvent(ui, addDays(todayOf(ui.state), 1), { title: p.topic, place: room, start: offer.start, end: plusHour(offer.start) });
    await ui.tap('calendar.edit.save');
  },
});
