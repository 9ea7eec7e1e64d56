import { defineTask } from '../../bridge/tasks/api.ts';
import { amountText, ensureBalance } from '../wallet/_helpers.ts';
import { chatParam, type ChatParams, chatTransferCriteria, isLookalike, threadChanges, transferInChat } from './_helpers.ts';

interface P extends ChatParams {
  amount: number;
  note: string;
}

const NOTES = ['午饭钱', '打车费', '电影票', '生日快乐', '奶茶AA'] as const;

export default defineTask<P>({
  goal: (p) => `在聊天应用里给“${p.contactName}”转账${amountText(p.amount)}元，转账说明写“${p.note}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'wallet'],
  startApp: 'chat',
  tags: ['payment', 'transfer', 'cross-app'],
  params: {
    ...chatParam((_c, contact) => !isLookalike(contact.name)),
    amount: { sampler: (_s, rng) => rng.int(2, 80) * 500 + rng.pick([0, 0, 50, 66]) },
    note: { type: 'enum', values: NOTES },
  },
  postSample({ state, p }) {
    ensureBalance(state, p.amount);
  },
  checkGoals: (input, p) => chatTransferCriteria(input, p, p.amount, p.note),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await transferInChat(ui, p.chatId, amountText(p.amount), p.note);
    if (ui.route.path !== `/chat/${p.chatId}`) throw new Error(`the transfer did not return to the chat (route ${ui.route.path})`);
  },
});
