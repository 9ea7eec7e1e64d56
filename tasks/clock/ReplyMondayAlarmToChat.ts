import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { alarmById, clearChatDraft, clockOf, openClockTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
}

/**
 * Cross-app: a friend asks in 轻聊 when my 起床 alarm goes off on Monday; the answer is read in 时钟
 * (the weekday 起床 alarm, on) and sent back with its time. Nothing in 时钟 changes.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里问我周一早上几点起床。看看我的“起床”闹钟周一几点响，回复他（消息里写上时间，如 06:45）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'clock'],
  startApp: 'home',
  tags: ['cross-app'],
  params: { ...counterpartParam('_friend', 'friend') },
  postSample({ state, p }) {
    const wake = alarmById(state, 'al_01')!;
    wake.enabled = true;
    clearChatDraft(state, p.chatId);
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: '周一早上你几点起床呀？想约你一起晨跑', now: state.os.time.timestamp - 5 * 60_000 });
  },
  checkGoals: (input, p) => {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const time = alarmById(input.init, 'al_01')!.time;
    return [exactlyOne(`one reply to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.that(`it says ${time}`, (sent[0]?.text ?? '').includes(time), { expected: time, actual: sent[0]?.text ?? null })];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openClockTab(ui, 'alarms');
    const wake = clockOf(ui.state).alarms.find((a) => a.label === '起床' && a.enabled && a.repeat.includes(1))!;
    const node = await ui.scrollTo(`clock.alarm.${wake.id}`, { within: 'clock.alarms.list' });
    if (!node.text.includes(wake.time)) throw new Error(`the 起床 row does not show ${wake.time}`);
    await sendMessage(ui, p.chatId, `周一我 ${wake.time} 起床`);
  },
});
