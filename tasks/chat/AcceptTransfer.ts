import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newBills, walletOf } from '../wallet/_helpers.ts';
import { acceptTransfer, chatById, pendingTransferParam, type PendingTransferParams } from './_helpers.ts';

export default defineTask<PendingTransferParams>({
  goal: (p) => `在聊天应用里收下“${p.contactName}”转给我的那笔转账。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app'],
  params: {
    ...pendingTransferParam(),
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
    await acceptTransfer(ui, p.chatId, p.messageId);
    if (!ui.find('transfer.status')?.text.includes('已收款')) throw new Error('the transfer was not accepted');
  },
});
