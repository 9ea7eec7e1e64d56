/**
 * The wallet's actions: each applies a pure rule from ./logic.ts through `phone.update` and
 * returns what the screen needs to show. A refused payment never calls `update`, so the state
 * (and its revision) stays exactly as it was.
 */
import { AppModel } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import { closePayment, settlePaidOrder, sourceStillPayable } from './payments.ts';
import type { WalletState } from './types.ts';

export const WALLET_APP_ID = 'wallet';

export class WalletModel extends AppModel<WalletState> {
  constructor(phone: Phone) {
    super(phone, WALLET_APP_ID);
  }

  /** A dry run on a copy: the refusal a payment would meet, so a refused one never touches the state. */
  #dryRun(fn: (s: WalletState) => rules.PaymentResult): rules.PaymentResult {
    const copy = JSON.parse(JSON.stringify(this.data)) as WalletState;
    return fn(copy);
  }

  setHideBalance(hide: boolean): void {
    this.mutate((s) => rules.setHideBalance(s, hide));
  }

  transfer(payeeId: string, amount: number, note: string, password: string): rules.PaymentResult {
    const req = { payeeId, amount, note, password, now: this.phone.now };
    const dry = this.#dryRun((s) => rules.transfer(s, req));
    if (!dry.ok) return dry;
    return this.mutate((s) => rules.transfer(s, req));
  }

  payOrder(orderId: string, password: string): rules.OrderPaymentResult {
    const req = { orderId, password, now: this.phone.now };
    const dry = this.#dryRun((s) => rules.payOrder(s, req));
    if (!dry.ok) return dry;
    // One update: the debit, the bill and the source app's own order change together; or, when the
    // source app no longer wants the money (its order timed out), the wallet order is closed.
    return this.phone.update((state): rules.OrderPaymentResult => {
      if (!sourceStillPayable(state.apps, orderId)) {
        closePayment(state.apps, orderId);
        return { ok: false, reason: 'closed' };
      }
      const r = rules.payOrder(state.apps[WALLET_APP_ID] as unknown as WalletState, req);
      if (r.ok) settlePaidOrder(state.apps, req.orderId);
      return r;
    });
  }

  checkPassword(password: string): boolean {
    return this.data !== undefined && rules.passwordMatches(this.data, password);
  }

  changePassword(oldPassword: string, newPassword: string): 'ok' | 'password' | 'format' {
    const data = this.data;
    if (!data) return 'password';
    if (!rules.passwordMatches(data, oldPassword)) return 'password';
    if (!rules.isSixDigits(newPassword)) return 'format';
    return this.mutate((s) => rules.changePassword(s, oldPassword, newPassword));
  }
}
