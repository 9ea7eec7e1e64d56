import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, newMessages, openConversation, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { addedRecords } from '../_shared/records.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { addedMemoPaths, checklistOf, memoAction, memosOf, NEW_ITEMS, newMemoCriteria, openMemoList, sameSet, writeMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  items: string[];
}

/**
 * L4 chain over two apps: the friend's message lists what the party needs → a new folder 聚会 → in
 * it a memo 聚会采购 with those items (open) → pinned → shared back to the friend as a card.
 */
export default defineTask<P>({
  goal: (p) =>
    `${p.friendName}在轻聊里说了周六聚会要买的东西。请在备忘录里新建文件夹“聚会”，在里面新建备忘录“聚会采购”，把要买的东西逐项列成待办，把这条备忘录置顶，再分享给${p.friendName}。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'memos'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'checklist', 'share'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    items: { sampler: (_state, rng) => rng.shuffle([...NEW_ITEMS]).slice(0, 4) },
  },
  postSample({ state, p }) {
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: `周六聚会还缺这些：${p.items.join('、')}，你列个单子吧`, now: state.os.time.timestamp - 45 * 60_000 });
  },
  checkGoals: (input, p) => {
    const folders = addedRecords(memosOf(input.init).folders, memosOf(input.final).folders);
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [
      exactlyOne('one new folder', folders),
      criteria.equals('its name', folders[0]?.name ?? null, '聚会'),
      ...newMemoCriteria(input, '聚会采购', (m) => [
        criteria.equals('it is in 聚会', m?.folderId ?? null, folders[0]?.id ?? 'a new folder'),
        criteria.equals('it is pinned', m?.pinned ?? null, true),
        criteria.that('its checklist', sameSet(checklistOf(m), p.items.map((t) => `${t}:open`)), { expected: p.items.join('、'), actual: checklistOf(m).join('、') }),
      ]),
      exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`),
      criteria.equals('a card of the memo', sent[0]?.card ? `${sent[0].card.app}:${sent[0].card.title}` : null, 'memos:聚会采购'),
    ];
  },
  expectedChanges: (input, p) => [...addedMemoPaths(input), ...addedRecords(memosOf(input.init).folders, memosOf(input.final).folders).map((f) => `apps.memos.folders[${f.id}]`), ...threadChanges(p.chatId)],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: p.items.join('、') })) throw new Error('the friend’s message is not on screen');
    await openMemoList(ui);
    await ui.tap('memos.folders');
    await ui.scrollTo('memos.folder.new', { within: 'memos.folders.list' });
    await ui.tap('memos.folder.new');
    await ui.type('memos.folder.name', '聚会');
    await ui.tap('memos.folder.save');
    const folder = memosOf(ui.state).folders.find((f) => f.name === '聚会')!;
    await ui.scrollTo(`memos.folder.${folder.id}`, { within: 'memos.folders.list' });
    await ui.tap(`memos.folder.${folder.id}`);
    await writeMemo(ui, '聚会采购', p.items.map((text) => ({ text, check: true })));
    await memoAction(ui, 'pin');
    await memoAction(ui, 'share');
    await ui.scrollTo(`memos.share.target.${p.chatId}`, { within: 'memos.share.list' });
    await ui.tap(`memos.share.target.${p.chatId}`);
  },
});
