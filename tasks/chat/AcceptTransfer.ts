import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newBills, walletOf } from '../wallet/_helpers.ts';
import { chatById, openConversation, pickPendingTransfer } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  messageId: string;
  contactName: string;
  amount: number;
}

export default defineTask<P>({
  goal: (p) => `在聊天应用里收下“${p.contactName}”转给我的那笔转账。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app'],
  params: {
    _t: { sampler: (state, rng) => pickPendingTransfer(state, rng), fields: { chatId: 'chatId', messageId: 'messageId', contactName: 'contactName', amount: 'amount' } },
  },
  checkGoals(input, p) {
    const m = chatById(input.final, p.chatId)?.messages.find((x) => x.id === p.messageId);
    const bills = newBills(input);
    const init = walletOf(input.init);
    return [
      criteria.equals('the transfer is accepted', m?.transfer?.status ?? null, 'accepted', `apps.chat.chats[${p.chatId}].messages[${p.messageId}].transfer`),
      criteria.that('one new incoming bill', bills.length === 1 && bills[0].direction === 'in', { expected: 1, actual: bills.length, path: `apps.wallet.bills[*]` }),
      criteria.equals('its amount (fen)', bills[0]?.amount ?? null, p.amount),
      criteria.equals('its counterparty', bills[0]?.counterparty ?? null, p.contactName),
      criteria.equals('the balance went up by the amount (fen)', walletOf(input.final).balance, init.balance + p.amount, 'apps.wallet.balance'),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    await ui.scrollTo(`chat.message.${p.messageId}`, { within: 'chat.messages' });
    await ui.tap(`chat.message.${p.messageId}`);
    await ui.tap('transfer.accept');
    if (!ui.find('transfer.status')?.text.includes('已收款')) throw new Error('the transfer was not accepted');
  },
});
