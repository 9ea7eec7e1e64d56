import { defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, openChatsTab } from './_helpers.ts';

export default defineTask({
  goal: '在聊天应用里查看我自己的账号，并回答我的账号是什么。',
  difficulty: 'L1',
  objective: 'query',
  apps: ['chat'],
  tags: ['profile'],
  answer: {
    fields: [{ id: 'accountId', label: '我的账号', hint: '“我”页面上显示的账号', type: 'text' }],
    expected: (_p, input) => ({ accountId: chatOf(input.init).me.accountId }),
  },
  async oracle(ui) {
    await openChatsTab(ui);
    await ui.tap('tab.me');
    const id = chatOf(ui.state).me.accountId;
    // The answer must be on screen, not just in the state.
    if (!ui.find({ textIncludes: id })) throw new Error(`my account id ${id} is not shown on the me page`);
    return id;
  },
});
