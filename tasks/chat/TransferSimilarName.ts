import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { amountText, ensureBalance, paymentCriteria } from '../wallet/_helpers.ts';
import { LOOKALIKE_NAMES, chatOf, displayName, newMessages, pickChat, threadChanges, transferInChat } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactId: string;
  contactName: string;
  amount: number;
}

/** Trap: the contact has a look-alike (张伟 / 张玮 …) with a chat of their own; only the named one gets the money. */
export default defineTask<P>({
  goal: (p) => `在聊天应用里给“${p.contactName}”转账${amountText(p.amount)}元。注意核对收款人姓名。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app', 'trap'],
  params: {
    _chat: {
      sampler: (state, rng) => pickChat(state, rng, (_c, contact) => contact.remark === '' && LOOKALIKE_NAMES.some((pair) => pair.includes(contact.name))),
      fields: { chatId: 'chatId', contactId: 'contactId', contactName: 'contactName' },
    },
    amount: { sampler: (_s, rng) => rng.int(4, 40) * 500 },
  },
  postSample({ state, p }) {
    ensureBalance(state, p.amount);
    if (displayName(chatOf(state).contacts.find((c) => c.id === p.contactId)!) !== p.contactName) throw new Error('name changed');
  },
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.transfer);
    return [
      ...paymentCriteria(input, { counterparty: p.contactName, amount: p.amount, category: '转账' }),
      exactlyOne('the transfer message is in the right chat', sent),
    ];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await transferInChat(ui, p.chatId, amountText(p.amount), '', () => {
      const payee = ui.find('transfer.payee');
      if (payee?.text !== `转账给 ${p.contactName}`) throw new Error(`wrong payee on screen: ${payee?.text}`);
    });
  },
});
