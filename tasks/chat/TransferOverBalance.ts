import { defineTask } from '../../bridge/tasks/api.ts';
import { amountText, walletOf } from '../wallet/_helpers.ts';
import { chatParam, type ChatParams, isLookalike, startChatTransfer } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends ChatParams {
  extra: number;
}

/** Infeasible: the amount is more than the wallet balance; the transfer screen refuses before any password. */
export default defineTask<P>({
  goal: (p) => `在聊天应用里给“${p.contactName}”转账，金额是钱包当前余额再多${amountText(p.extra)}元。如果做不到，请说明原因。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app', 'infeasible'],
  params: {
    ...chatParam((_c, contact) => !isLookalike(contact.name)),
    extra: { sampler: (_s, rng) => rng.int(1, 50) * 1000 },
  },
  answer: infeasibleAnswer({ id: 'result', label: '转账结果', type: 'text' }),
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`, `apps.chat.chats[${p.chatId}].draft`],
  async oracle(ui, p) {
    const amount = walletOf(ui.state).balance + p.extra;
    await startChatTransfer(ui, p.chatId, amountText(amount));
    const error = ui.find('transfer.error');
    if (!error?.text.includes('余额不足')) throw new Error('the transfer screen did not refuse an amount above the balance');
    return { infeasible: '钱包余额不足，转账金额超过了余额，无法转账' };
  },
});
