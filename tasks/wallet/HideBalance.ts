import { defineTask } from '../../bridge/tasks/api.ts';
import { openWalletHome, walletOf } from './_helpers.ts';

export default defineTask({
  goal: '在钱包首页把账户余额隐藏起来，不要让别人看到金额。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['balance', 'privacy'],
  postSample({ state }) {
    walletOf(state).hideBalance = false;
  },
  criteria: () => ({ 'apps.wallet.hideBalance': true }),
  async oracle(ui) {
    await openWalletHome(ui);
    await ui.tap('wallet.balance.toggle');
  },
});
