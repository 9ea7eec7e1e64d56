import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { memoAction, memoParam, openMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Cross-app L2: ⋯ → 分享到轻聊 → the friend's chat: one card of 备忘录 with the memo's title in that chat. */
export default defineTask<P>({
  goal: (p) => `把备忘录“${p.title}”分享给轻聊里的${p.friendName}。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['memos', 'chat'],
  startApp: 'memos',
  tags: ['cross-app', 'share'],
  params: { ...memoParam((m) => !m.locked), ...counterpartParam('_friend', 'friend') },
  checkGoals: (input, p) => {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const card = sent[0]?.card;
    return [exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.equals('a 备忘录 card of the memo', card ? `${card.app}:${card.title}` : null, `memos:${p.title}`)];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    await memoAction(ui, 'share');
    await ui.scrollTo(`memos.share.target.${p.chatId}`, { within: 'memos.share.list' });
    await ui.tap(`memos.share.target.${p.chatId}`);
  },
});
