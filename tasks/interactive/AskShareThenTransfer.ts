import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { amountText, ensureBalance, paymentCriteria } from '../wallet/_helpers.ts';
import { chatParam, type ChatParams, isLookalike, newMessages, sendMessage, transferInChat } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, sentSince } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends ChatParams {
  total: number;
  people: number;
  share: number;
}

/**
 * Interactive, two apps, money: the friend paid for last night's dinner. Ask what my share is
 * (they answer with the total and the head count, and the share), then send exactly that with
 * the chat's 转账, which pays from the wallet.
 */
export default defineTask<P>({
  goal: (p) => `昨晚聚餐是“${p.contactName}”买的单。在轻聊里问问他你应该出多少钱，然后在聊天里用转账把你那份钱转给他，转账说明写“聚餐AA”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['interactive', 'cross-app', 'payment', 'transfer'],
  params: {
    ...chatParam((_c, contact) => !isLookalike(contact.name)),
    ...spreadParam('_bill', ['people', 'share', 'total'], (_s, rng) => {
      const people = rng.int(3, 6);
      const share = rng.int(45, 160) * 100 + rng.pick([0, 50]);
      return { people, share, total: share * people };
    }),
  },
  postSample({ state, p }) {
    ensureBalance(state, p.share);
  },
  interaction: chatCounterpart<P>(
    (p) => p.contactId,
    ({ p, unanswered, turn }) => {
      if (!unanswered.some((t) => /多少|AA|aa|分摊|出多少|钱/.test(t))) return turn === 0 ? { text: '咋了？' } : null;
      return { text: `一共${amountText(p.total)}元，${p.people}个人平摊，每人${amountText(p.share)}元`, done: true };
    },
  ),
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.transfer);
    return [
      criteria.that(`asked ${p.contactName} first`, sentSince(input.init, input.final, p.contactId).some((m) => !m.transfer), { expected: 'a text message before the transfer' }),
      ...paymentCriteria(input, { counterparty: p.contactName, amount: p.share, category: '转账', note: '聚餐AA' }),
      exactlyOne('one transfer message in the chat', sent),
    ];
  },
  expectedChanges: (input, p) => conversationPaths(input.init, input.final, p.contactId),
  async oracle(ui, p) {
    await sendMessage(ui, p.chatId, '昨晚聚餐我该出多少钱？AA给你');
    const reply = ui.findAll({ textIncludes: '每人' }).at(-1);
    const m = reply?.text.match(/每人([\d.]+)元/);
    if (!m) throw new Error(`${p.contactName} did not say the share`);
    await transferInChat(ui, p.chatId, m[1]!, '聚餐AA');
  },
});
