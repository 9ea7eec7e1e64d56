import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addDays, addedPaths, newEventCriteria, todayOf } from '../calendar/_helpers.ts';
import { newMessages, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { checkItems, memoAction, memoById, memoTitle, namedMemos, openMemo, setItem } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  blockId: string;
  item: string;
  chatId: string;
  friendId: string;
  friendName: string;
}

/**
 * L4 over three apps, in order of the goal: the meeting memo's first open follow-up → a 日历 event
 * tomorrow 10:00 (titled as the item) → the item ticked in the memo → the memo shared to a colleague.
 * Every other item keeps its state.
 */
export default defineTask<P>({
  goal: (p) =>
    `备忘录“${p.title}”的会后待办里，第一项还没完成的事安排在明天上午 10:00 做：把它加到日历（标题用待办的原文），在备忘录里把这一项勾选掉，然后把这条备忘录分享给轻聊里的${p.friendName}。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['memos', 'calendar', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'calendar', 'share', 'checklist'],
  params: {
    ...spreadParam('_todo', ['memoId', 'title', 'blockId', 'item'], (state, rng) => {
      const m = pickOrNull(rng, namedMemos(state, (x) => !x.locked && x.blocks.some((b) => b.kind === 'heading' && b.text === '会后待办')));
      if (!m) return null;
      const first = checkItems(m).find((c) => !c.done) ?? checkItems(m)[0]!;
      return { memoId: m.id, title: memoTitle(m), blockId: first.id, item: first.text };
    }),
    ...counterpartParam('_friend', 'friend'),
  },
  postSample({ state, p }) {
    // The named item is the first open one (a seed that ticked them all reopens it).
    for (const c of checkItems(memoById(state, p.memoId))) if (c.id === p.blockId) c.done = false;
  },
  checkGoals: (input, p) => {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const before = checkItems(memoById(input.init, p.memoId));
    const after = checkItems(memoById(input.final, p.memoId));
    return [
      ...newEventCriteria(input, p.item, (e) => [criteria.equals('its start', e ? `${e.startDate} ${e.startTime}` : null, `${addDays(todayOf(input.init), 1)} 10:00`)]),
      ...before.map((c) => criteria.equals(`“${c.text}” ${c.id === p.blockId || c.done ? 'done' : 'open'}`, after.find((x) => x.id === c.id)?.done ?? null, c.id === p.blockId || c.done, `apps.memos.memos[${p.memoId}].blocks[${c.id}].done`)),
      exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`),
      criteria.equals('a card of the memo', sent[0]?.card ? `${sent[0].card.app}:${sent[0].card.title}` : null, `memos:${p.title}`),
    ];
  },
  expectedChanges: (input, p) => [...addedPaths(input), `apps.memos.memos[${p.memoId}].editedAt`, ...threadChanges(p.chatId)],
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await ui.scrollTo(`memos.block.${p.blockId}`, { within: 'memos.edit.body' });
    await ui.tap(`memos.block.${p.blockId}`);
    await memoAction(ui, 'calendar');
    await ui.type('memos.cal.date', addDays(todayOf(ui.state), 1), { clear: true });
    await ui.type('memos.cal.time', '10:00', { clear: true });
    await ui.tap('memos.cal.save');
    await setItem(ui, p.blockId, true);
    await memoAction(ui, 'share');
    await ui.scrollTo(`memos.share.target.${p.chatId}`, { within: 'memos.share.list' });
    await ui.tap(`memos.share.target.${p.chatId}`);
  },
});
