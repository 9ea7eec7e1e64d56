import { defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, openConversation } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { memoById, memosOf, memoTitle, namedMemos, openMemo, unlockMemo } from './_helpers.ts';
import { pickOrNull } from '../_shared/records.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  chatId: string;
  friendId: string;
  friendName: string;
  code: string;
}

/**
 * Cross-app memory, grounded L3: a locked memo holds a locker code; its password is in a friend's
 * message in 轻聊 (they kept it for me). Read the password there, open the memo, answer the code.
 */
export default defineTask<P>({
  goal: (p) => `加锁的备忘录“${p.title}”里记着健身房储物柜的密码。备忘录的密码我以前让${p.friendName}帮我记着，发在轻聊里了。储物柜密码是多少？`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['chat', 'memos'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'lock'],
  params: {
    ...spreadParam('_memo', ['memoId', 'title'], (state, rng) => {
      const m = pickOrNull(rng, namedMemos(state, (x) => x.locked));
      return m && { memoId: m.id, title: memoTitle(m) };
    }),
    ...counterpartParam('_friend', 'friend'),
    code: { type: 'string', pattern: '[1-9]\\d{3}' },
  },
  postSample({ state, p }) {
    const memo = memoById(state, p.memoId);
    memo.blocks.push({ id: `bk_${String(memo.blocks.length + 1).padStart(2, '0')}`, kind: 'text', text: `健身房储物柜密码：${p.code}` });
    deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.friendId, text: `你让我帮你记的备忘录密码是 ${memosOf(state).password}，别再忘啦`, now: state.os.time.timestamp - 3 * 86_400_000 });
  },
  answer: {
    fields: [{ id: 'code', label: '储物柜密码', hint: '如：1234', type: 'text' }],
    expected: (p) => ({ code: p.code }),
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    const line = ui.findAll({ textIncludes: '备忘录密码是' }).at(-1)?.text ?? '';
    const password = /备忘录密码是 (\d+)/.exec(line)?.[1];
    if (!password) throw new Error(`no password in "${line}"`);
    await openMemo(ui, p.memoId);
    await unlockMemo(ui, password);
    const node = ui.tree.find((n) => n.value?.startsWith('健身房储物柜密码：')) ?? (await ui.scrollTo({ key: 'memos.block.*', textIncludes: '储物柜' }, { within: 'memos.edit.body' }));
    return (node.value ?? '').replace('健身房储物柜密码：', '');
  },
});
