import { defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import { chatOf, chatParam, type ChatParams, chatTransferCriteria, isLookalike, sendMessage, sentTextCriteria, threadChanges, transferInChat } from '../chat/_helpers.ts';
import { MINUTES, recallChatMessage } from '../_shared/session.ts';
import { amountText, ensureBalance } from './_helpers.ts';

interface P extends ChatParams {
  item: string;
  /** The agreed price, in fen. */
  price: number;
  offerId: string;
}

const ITEMS = ['自行车', '电饭煲', '显示器', '吉他', '台灯', '登山包'] as const;
const DEAL = '成交';

/** A price as people write it in a chat: 125元, 125.5元. */
const yuan = (fen: number): string => `${fen / 100}元`;

/**
 * Session (2 episodes), memory across episodes: a friend offers me a second-hand thing in 轻聊 at a
 * price and I accept; later the offer is recalled and I am asked to pay the agreed price
 * through 钱包's transfer in the chat: the amount is only in what the agent remembers.
 */
export default defineTask<P>({
  goal: (p) => `${p.contactName}在轻聊里问我要不要买他的二手${p.item}。回复他“${DEAL}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'home',
  tags: ['memory', 'session', 'cross-app', 'payment'],
  params: {
    ...chatParam((_c, contact) => !isLookalike(contact.name)),
    item: { type: 'enum', values: ITEMS },
    price: { sampler: (_s, rng) => rng.int(12, 60) * 1000 + rng.pick([0, 0, 500]) },
    offerId: { default: '' },
  },
  postSample({ state, p }) {
    ensureBalance(state, p.price);
    const chat = chatOf(state);
    chat.chats.find((c) => c.id === p.chatId)!.draft = '';
    p.offerId = deliverIncoming(chat, { chatId: p.chatId, from: p.contactId, text: `我那台${p.item}你还要吗？${yuan(p.price)}给你，要的话回我“${DEAL}”`, now: state.os.time.timestamp - 5 * MINUTES });
  },
  checkGoals: (input, p) => sentTextCriteria(input, p.chatId, DEAL, `one reply to ${p.contactName}`),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, DEAL);
  },
  nextEpisodes: [
    {
      goal: (p) => `按刚才和${p.contactName}谈好的价格，在轻聊里给他转账买下那台${p.item}，转账说明写“${p.item}”。`,
      objective: 'action',
      // Later: the friend recalled the offer and wrote again, without the price.
      between({ state, p }) {
        recallChatMessage(state, p.chatId, p.offerId);
        deliverIncoming(chatOf(state), { chatId: p.chatId, from: p.contactId, text: `${p.item}我擦干净了，钱按说好的转我就行`, now: state.os.time.timestamp });
      },
      elapseMs: 20 * MINUTES,
      checkGoals: (input, p) => chatTransferCriteria(input, p, p.price, p.item),
      expectedChanges: (_input, p) => threadChanges(p.chatId),
      async oracle(ui, p) {
        await transferInChat(ui, p.chatId, amountText(p.price), p.item);
      },
    },
  ],
});
