import { defineTask } from '../../bridge/tasks/api.ts';
import { openConversation, pendingTransferParam, type PendingTransferParams } from './_helpers.ts';

export default defineTask<PendingTransferParams>({
  goal: (p) => `“${p.contactName}”在聊天应用里给我转了一笔还没收的钱，金额是多少元？（只查看，不要收款）`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['transfer'],
  params: {
    ...pendingTransferParam(),
  },
  answer: {
    fields: [{ id: 'amount', label: '金额（元）', type: 'number' }],
    expected: (p) => ({ amount: { number: p.amount / 100, tolerance: 0.001 } }),
  },
  expectedChanges: (_input, p) => [`apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    await ui.scrollTo(`chat.message.${p.messageId}`, { within: 'chat.messages' });
    const m = ui.find(`chat.message.${p.messageId}`)?.text.match(/¥([\d.]+)/);
    if (!m) throw new Error('no transfer amount on screen');
    return m[1];
  },
});
