import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { cityById, cityTimesDuring, clearChatDraft, clockOf, formatClock, openClockTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  entryId: string;
  cityId: string;
  city: string;
}

/** Cross-app: read a city's time on the world clock, send it to a friend; any minute shown during the episode counts. */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在${p.city}出差。看一下${p.city}现在几点，用轻聊发消息告诉${p.friendName}（消息里写上时间，如 21:05）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['clock', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'world-clock'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...spreadParam('_entry', ['entryId', 'cityId', 'city'], (state, rng) => {
      const e = rng.pick(clockOf(state).cities);
      return { entryId: e.id, cityId: e.cityId, city: cityById(e.cityId)!.name };
    }),
  },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  checkGoals: (input, p) => {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const times = cityTimesDuring(input, cityById(p.cityId)!.zone);
    const text = sent[0]?.text ?? '';
    return [exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.that(`it says ${p.city}'s time`, times.some((t) => text.includes(t)), { expected: times.join(' / '), actual: text })];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openClockTab(ui, 'world');
    const shown = ui.find(`clock.city.${p.entryId}.time`)?.text ?? '';
    if (shown !== formatClock(ui.state.os.time.timestamp, cityById(p.cityId)!.zone)) throw new Error(`${p.city} shows "${shown}"`);
    await sendMessage(ui, p.chatId, `${p.city}现在是 ${shown}`);
  },
});
