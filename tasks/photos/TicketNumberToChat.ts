import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { clearChatDraft, livePhotos, openPhoto, photosOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Memory, cross-app: read the 订单号 printed on the ticket photo (the picture only), type it to a friend in 轻聊. */
export default defineTask<P>({
  goal: (p) => `相册里有一张电子客票的照片，把票上的订单号（E开头）用轻聊发给${p.friendName}。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'memory'],
  params: { ...counterpartParam('_friend', 'friend') },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  checkGoals: (input, p) => {
    const code = livePhotos(photosOf(input.init)).find((x) => x.kind === 'ticket')!.code;
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.that('it carries the order number', (sent[0]?.text ?? '').includes(code), { expected: code, actual: sent[0]?.text })];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    const ticket = livePhotos(photosOf(ui.state)).find((x) => x.kind === 'ticket')!;
    await openPhoto(ui, ticket.id);
    // The number is drawn in the picture; the oracle knows it as a reader of the picture would.
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `订单号是 ${ticket.code}`);
  },
});
