import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam } from '../interactive/_helpers.ts';
import { addedMemoPaths, checklistOf, NEW_ITEMS, newMemoCriteria, openMemoList, sameSet, writeMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  items: string[];
}

/**
 * Interactive L3: the friend knows what the picnic needs; ask in 轻聊, wait for the answer, then
 * write it down as a memo (title 野餐要带的) with one open item each. `noop` never asks.
 */
export default defineTask<P>({
  goal: (p) => `周末和${p.friendName}去野餐。用轻聊问问${p.friendName}要我带哪些东西，然后新建一条备忘录，标题“野餐要带的”，把他说的东西逐项列成待办。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'memos'],
  startApp: 'home',
  tags: ['cross-app', 'interactive', 'checklist'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    items: { sampler: (_state, rng) => rng.shuffle([...NEW_ITEMS]).slice(0, 3) },
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p }) => ({ text: `你带这几样就行：${p.items.join('、')}`, done: true }),
  ),
  checkGoals: (input, p) =>
    newMemoCriteria(input, '野餐要带的', (m) => [criteria.that('its checklist', sameSet(checklistOf(m), p.items.map((t) => `${t}:open`)), { expected: p.items.join('、'), actual: checklistOf(m).join('、') })]),
  expectedChanges: (input, p) => [...addedMemoPaths(input), ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, '周末野餐我需要带些什么？');
    const reply = ui.findAll({ textIncludes: '你带这几样就行' }).at(-1)?.text ?? '';
    const items = reply.replace(/^.*你带这几样就行：/, '').split('、').map((x) => x.trim()).filter(Boolean);
    if (items.length === 0) throw new Error(`no answer on screen ("${reply}")`);
    await openMemoList(ui);
    await writeMemo(ui, '野餐要带的', items.map((text) => ({ text, check: true })));
    await ui.tap('topbar.back');
  },
});
