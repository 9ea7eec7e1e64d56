/**
 * The wallet's stray change: the eye on the home card (hide or show the balance). No wallet task
 * asks for it except HideBalance, which declares that path and so gets another app's change.
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import type { WalletState } from '../../../simulator-apps/wallet/types.ts';

function walletOf(state: PhoneState): WalletState | null {
  const w = state.apps?.wallet as unknown as WalletState | undefined;
  return w && typeof w.hideBalance === 'boolean' ? w : null;
}

/** Back to the wallet's home from anywhere: sheets and dialogs close, other apps give way. */
async function toWalletHome(ui: OracleUi): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || n.role === 'alertdialog' || n.role === 'menu');
    if (overlay) await ui.back();
    else if (ui.route.app !== 'wallet') await ui.openApp('wallet');
    else if (ui.route.path !== '/') await ui.back();
    else return;
  }
  throw new Error(`stray change: could not get back to the wallet's home (route ${ui.route.app}${ui.route.path})`);
}

/** 钱包 → the eye on the balance card. Writes `apps.wallet.hideBalance`. */
export const walletHideBalance: StrayChange = {
  id: 'wallet.hideBalance',
  app: 'wallet',
  plan(state) {
    const w = walletOf(state);
    if (!w) return null;
    const hide = !w.hideBalance;
    return {
      path: 'apps.wallet.hideBalance',
      description: `钱包 → 余额旁的眼睛 → ${hide ? '隐藏' : '显示'}余额`,
      apply(draft) {
        walletOf(draft)!.hideBalance = hide;
      },
      async run(ui) {
        await toWalletHome(ui);
        await ui.tap('wallet.balance.toggle');
      },
    };
  },
};

export const walletStray: StrayChange[] = [walletHideBalance];
