import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { answerMatches } from '../../bridge/judge/answers.ts';
import { chatOf, openChatsTab } from './_helpers.ts';

export default defineTask({
  goal: '在聊天应用里查看我自己的账号，并回答我的账号是什么。',
  difficulty: 'L1',
  objective: 'query',
  apps: ['chat'],
  tags: ['profile'],
  checkGoals(input) {
    const expected = chatOf(input.init).me.accountId;
    return [criteria.that('answer is my account id', answerMatches(input.answer, expected), { expected, actual: input.answer })];
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
