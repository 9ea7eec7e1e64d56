import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, openConversation } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { addedMemoPaths, checklistOf, NEW_ITEMS, newMemoCriteria, openMemoList, sameSet, writeMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  items: string[];
}

/**
 * Cross-app memory L3: a friend's message in 轻聊 lists what to bring; those become a new memo's
 * checklist (title 代买清单), none ticked. Reading the chat clears its unread count.
 */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里让我帮忙带些东西。新建一条备忘录，标题“代买清单”，把要带的东西逐项列成待办。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'memos'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'checklist'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    items: { sampler: (_state, rng) => rng.shuffle([...NEW_ITEMS]).slice(0, 3) },
  },
  postSample({ state, p }) {
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: `你下班顺路的话帮我带点东西：${p.items.join('、')}，谢啦`, now: state.os.time.timestamp - 20 * 60_000 });
  },
  checkGoals: (input, p) =>
    newMemoCriteria(input, '代买清单', (m) => [criteria.that('its checklist', sameSet(checklistOf(m), p.items.map((t) => `${t}:open`)), { expected: p.items.join('、'), actual: checklistOf(m).join('、') })]),
  expectedChanges: (input, p) => [...addedMemoPaths(input), `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: p.items.join('、') })) throw new Error('the friend’s message is not on screen');
    await openMemoList(ui);
    await writeMemo(ui, '代买清单', p.items.map((text) => ({ text, check: true })));
    await ui.tap('topbar.back');
  },
});
