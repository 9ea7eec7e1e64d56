import { defineTask } from '../../bridge/tasks/api.ts';
import { formatYuan, openWalletHome, walletOf, yuanAnswer } from './_helpers.ts';

/** The balance starts hidden (******): the agent has to reveal it first. */
export default defineTask({
  goal: '打开钱包，查看账户余额还有多少元。',
  difficulty: 'L1',
  objective: 'query',
  apps: ['wallet'],
  tags: ['balance'],
  postSample({ state }) {
    walletOf(state).hideBalance = true;
  },
  answer: {
    fields: [{ id: 'balance', label: '账户余额（元）', hint: '如：1234.56', type: 'number' }],
    expected: (_p, input) => ({ balance: yuanAnswer(walletOf(input.init).balance) }),
  },
  // Revealing the hidden balance is part of reading it.
  expectedChanges: () => ['apps.wallet.hideBalance'],
  async oracle(ui) {
    await openWalletHome(ui);
    if (walletOf(ui.state).hideBalance) await ui.tap('wallet.balance.toggle');
    const text = formatYuan(walletOf(ui.state).balance);
    if (ui.find('wallet.balance')?.text !== text) throw new Error(`the balance ${text} is not shown on the home card`);
    return text;
  },
});
