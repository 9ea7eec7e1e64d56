/**
 * Opening the wallet's cashier from another app: the wallet comes to the front on the order,
 * above its home screen, so back leaves the payment and 完成 returns to the source app.
 */
import type { Phone } from '../os/phone.svelte.ts';
import { WALLET_ROOT } from './routes.ts';
import type { PaymentSource } from './types.ts';

/** Brings the wallet to the front on the order (`?checkout=1`: back and 完成 return to the caller). */
export function openCheckout(phone: Phone, orderId: string): void {
  phone.openApp('wallet');
  phone.setStack([WALLET_ROOT, `/order/${orderId}?checkout=1`]);
}

/** Leaves the cashier: the wallet goes back to its home, the source app comes to the front. */
export function returnToSource(phone: Phone, source: PaymentSource): void {
  phone.setStack([WALLET_ROOT]);
  phone.openApp(source.app);
  if (source.returnPath) phone.replace(source.returnPath);
}
