import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, namedChatParam, newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { clockOf, foodOf, openOrder, orderOf, setStage } from './_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopName: string;
  chatId: string;
  contactName: string;
}

/** Cross-app: read the order's expected arrival in 饭来 and tell a friend in 轻聊 (one message, with the time). */
export default defineTask<P>({
  goal: (p) => `看一下我在饭来外卖“${p.shopName}”点的外卖预计几点送达，然后在轻聊里告诉“${p.contactName}”这个时间。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['food', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'clock', 'orders', 'message'],
  params: {
    ...spreadParam('_order', ['orderId', 'shopName'], (state) => {
      const live = foodOf(state).orders.at(-1)!;
      return { orderId: live.id, shopName: live.shopName };
    }),
    ...namedChatParam(),
  },
  postSample({ state, p, rng }) {
    setStage(state, orderOf(state, p.orderId)!, rng.pick(['cooking', 'delivering'] as const), rng.int(15, 35));
  },
  checkGoals(input, p) {
    const arrive = clockOf(input.init, orderOf(input.init, p.orderId)!.times!.arrive);
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    const [h, m] = arrive.split(':').map(Number);
    const spoken = [arrive, `${h}:${String(m).padStart(2, '0')}`, `${h}点${m === 0 ? '' : m === 30 ? '半' : `${m}分`}`, `${h > 12 ? h - 12 : h}点${m === 0 ? '' : m === 30 ? '半' : `${m}分`}`];
    return [
      exactlyOne(`one message to ${p.contactName}`, sent, `apps.chat.chats[${p.chatId}].messages`),
      criteria.that(`it says the arrival time ${arrive}`, sent.some((x) => spoken.some((s) => x.text.includes(s))), { expected: arrive, actual: sent.map((x) => x.text).join(' / ') }),
      criteria.equals('no other chat got a message', chatOf(input.final).chats.filter((c) => c.id !== p.chatId && c.messages.length !== chatOf(input.init).chats.find((x) => x.id === c.id)?.messages.length).length, 0),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    const arrive = (ui.find('food.detail.eta')?.text ?? '').match(/\d{2}:\d{2}/)?.[0];
    if (!arrive) throw new Error('no arrival time on the order');
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `我点的外卖预计${arrive}送到`);
  },
});
