/**
 * The wallet's stray change for `phonegym verify` (docs/verify.md): the eye on the home card (hide
 * or show the balance). No wallet task asks for it except HideBalance, which declares that path
 * and so gets another app's change.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';

const WALLET: StrayApp<WalletState> = { app: 'wallet', has: (w) => typeof w.hideBalance === 'boolean' };

/** Back to the wallet's home from anywhere: sheets and dialogs close, other apps give way. */
async function toWalletHome(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'wallet', "the wallet's home", () => {
    if (overlaid(ui, ['dialog', 'alertdialog', 'menu'])) return 'back';
    if (ui.route.app !== 'wallet') return 'open';
    return ui.route.path === '/' ? null : 'back';
  });
}

/** 钱包 → the eye on the balance card. Writes `apps.wallet.hideBalance`. */
const hideBalance = sliceStray(WALLET, 'wallet.hideBalance', (w) => {
  const hide = !w.hideBalance;
  return {
    path: 'apps.wallet.hideBalance',
    description: `钱包 → 余额旁的眼睛 → ${hide ? '隐藏' : '显示'}余额`,
    apply(draft) {
      draft.hideBalance = hide;
    },
    async run(ui) {
      await toWalletHome(ui);
      await ui.tap('wallet.balance.toggle');
    },
  };
});

export const strays: StrayChange[] = [hideBalance];
