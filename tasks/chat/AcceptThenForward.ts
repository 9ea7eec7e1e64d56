import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { amountText, newBills, walletOf } from '../wallet/_helpers.ts';
import { acceptTransfer, chatById, isLookalike, newMessages, pickChat, pickPendingTransfer, transferInChat } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  messageId: string;
  contactName: string;
  amount: number;
  toChatId: string;
  toName: string;
}

/** Two apps, two payments: accept X's transfer, then pass the same amount on to Y with a note. */
export default defineTask<P>({
  goal: (p) => `在聊天应用里先收下“${p.contactName}”转给我的钱，然后把同样的金额转给“${p.toName}”，转账说明写“代转”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app'],
  params: {
    ...spreadParam('_t', ['chatId', 'messageId', 'contactName', 'amount', 'toChatId', 'toName'], (state, rng) => {
      const t = pickPendingTransfer(state, rng);
      const to = t && pickChat(state, rng, (c, contact) => c.id !== t.chatId && !isLookalike(contact.name) && !c.messages.some((m) => m.transfer));
      return t && to ? { ...t, toChatId: to.chatId, toName: to.contactName } : null;
    }),
  },
  checkGoals(input, p) {
    const accepted = chatById(input.final, p.chatId)?.messages.find((x) => x.id === p.messageId)?.transfer?.status ?? null;
    const bills = newBills(input);
    const inBill = bills.find((b) => b.direction === 'in');
    const outBill = bills.find((b) => b.direction === 'out');
    const sent = newMessages(input, p.toChatId).filter((m) => m.transfer);
    return [
      criteria.equals('the transfer from the first contact is accepted', accepted, 'accepted', `apps.chat.chats[${p.chatId}].messages[${p.messageId}].transfer`),
      criteria.that('two new bills (one in, one out)', bills.length === 2 && !!inBill && !!outBill, { expected: 2, actual: bills.length, path: 'apps.wallet.bills[*]' }),
      criteria.equals('the outgoing bill goes to the second contact', outBill?.counterparty ?? null, p.toName),
      criteria.equals('the outgoing amount (fen)', outBill?.amount ?? null, p.amount),
      criteria.equals('the outgoing note', outBill?.note ?? null, '代转'),
      criteria.equals('the balance is unchanged in the end (fen)', walletOf(input.final).balance, walletOf(input.init).balance, 'apps.wallet.balance'),
      exactlyOne('one transfer message in the second chat', sent),
    ];
  },
  expectedChanges: (_input, p) => [
    `apps.chat.chats[${p.chatId}].unread`,
    `apps.chat.chats[${p.toChatId}].messages[*]`,
    `apps.chat.chats[${p.toChatId}].unread`,
  ],
  async oracle(ui, p) {
    await acceptTransfer(ui, p.chatId, p.messageId);
    await transferInChat(ui, p.toChatId, amountText(p.amount), '代转');
  },
});
