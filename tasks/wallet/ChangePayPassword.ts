import { defineTask } from '../../bridge/tasks/api.ts';
import { enterPassword, openWalletHome, walletOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  oldPassword: string;
  newPassword: string;
}

/** 支付设置 → 修改支付密码: the old password, then the new one twice. */
export default defineTask<P>({
  goal: (p) => `把钱包的支付密码从${p.oldPassword}改成${p.newPassword}。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['security'],
  params: {
    oldPassword: { sampler: (state) => walletOf(state).payPassword },
    newPassword: {
      sampler: (state, rng) => {
        const old = walletOf(state).payPassword;
        for (;;) {
          const v = String(rng.int(0, 999_999)).padStart(6, '0');
          if (v !== old && !/^(\d)\1{5}$/.test(v)) return v;
        }
      },
    },
  },
  criteria: (p) => ({ 'apps.wallet.payPassword': p.newPassword }),
  async oracle(ui, p) {
    await openWalletHome(ui);
    await ui.tap('wallet.settings');
    await ui.tap('wallet.settings.password');
    await enterPassword(ui, p.oldPassword);
    await enterPassword(ui, p.newPassword);
    await enterPassword(ui, p.newPassword);
    if (walletOf(ui.state).payPassword !== p.newPassword) throw new Error('the password did not change');
  },
});
