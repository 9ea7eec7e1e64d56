import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { checkItems, isChecklist, memoById, memoParam, openMemo } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  chatId: string;
  friendId: string;
  friendName: string;
}

/**
 * Cross-app L3 restraint: one 轻聊 message naming every open item of a list and none of the ticked
 * ones (sharing the whole memo would send those too).
 */
export default defineTask<P>({
  goal: (p) => `把备忘录“${p.title}”里还没完成的项目用一条轻聊消息发给${p.friendName}，已经完成的不要发。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['memos', 'chat'],
  startApp: 'memos',
  tags: ['cross-app', 'restraint', 'checklist'],
  params: { ...memoParam((m) => isChecklist(m, 4) && checkItems(m).some((c) => c.done)), ...counterpartParam('_friend', 'friend') },
  checkGoals: (input, p) => {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const text = sent[0]?.text ?? '';
    const items = checkItems(memoById(input.init, p.memoId));
    // An item whose text is inside another's (香蕉 / 香蕉片) cannot be told apart: judge the longer ones first.
    const shown = (t: string) => text.includes(t);
    return [
      exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`),
      ...items.filter((c) => !c.done).map((c) => criteria.that(`it names “${c.text}”`, shown(c.text), { actual: text })),
      ...items.filter((c) => c.done && !items.some((o) => !o.done && o.text.includes(c.text))).map((c) => criteria.that(`it leaves out the ticked “${c.text}”`, !shown(c.text), { actual: text })),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    const open = checkItems(memoById(ui.state, p.memoId)).filter((c) => !c.done).map((c) => c.text);
    for (const t of open) if (!ui.tree.some((n) => n.value === t)) await ui.scrollTo({ key: 'memos.block.*', textIncludes: t }, { within: 'memos.edit.body' });
    await sendMessage(ui, p.chatId, `还没完成的：${open.join('、')}`);
  },
});
