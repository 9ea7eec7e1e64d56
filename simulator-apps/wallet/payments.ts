/**
 * Paying with the wallet from another app (a railway ticket, a shop order), as pure rules on the
 * `apps` record of a state draft, so a caller runs them inside its own `phone.update` and the
 * two slices change in one revision.
 *
 * - The other app asks for a payment: `requestPayment` appends an unpaid wallet order carrying
 *   `source: { app, ref, returnPath }`, and the app opens the wallet on it (`openCheckout`).
 * - The user pays it in the wallet with the payment password. Inside that same update the wallet
 *   calls the hook the source app registered (`registerPaymentHook`), which marks the app's own
 *   record paid: the debit, the bill and the app's order change together or not at all.
 * - Refunds (`refundToWallet`) credit the balance with an incoming bill; `closePayment` closes an
 *   unpaid order its app cancelled.
 * - Before paying, the wallet asks the source app whether its record can still be paid
 *   (`registerPayableCheck`): an order the app cancelled on its own (铁路出行's unpaid order past
 *   its deadline) is closed instead of paid, and no money moves.
 */
import type { Category, PaymentOrder, PaymentSource, WalletState } from './types.ts';
import { bookOnBalance } from './logic.ts';
import { nextId } from '../shared/ids.ts';

export type { PaymentSource };

/** What the wallet tells the source app when its order is paid. */
export interface PaidInfo {
  orderId: string;
  billId: string;
  paidAt: number;
}

/** The `apps` record of a phone-state draft. */
export type AppsDraft = Record<string, unknown>;

export type PaymentHook = (apps: AppsDraft, ref: string, paid: PaidInfo) => void;

const hooks = new Map<string, PaymentHook>();

/** Registers the function that marks `app`'s record `ref` paid (call once, at module top level). */
export function registerPaymentHook(app: string, hook: PaymentHook): void {
  hooks.set(app, hook);
}

export type PayableCheck = (apps: AppsDraft, ref: string) => boolean;
const payable = new Map<string, PayableCheck>();

/** Registers the function that says whether `app`'s record `ref` can still be paid (an app without one: always). */
export function registerPayableCheck(app: string, check: PayableCheck): void {
  payable.set(app, check);
}

/** Whether wallet order `orderId` may be paid: its source app still wants the money (true for an order without a source). */
export function sourceStillPayable(apps: AppsDraft, orderId: string): boolean {
  const order = walletOf(apps).orders.find((o) => o.id === orderId);
  const check = order?.source ? payable.get(order.source.app) : undefined;
  return !check || check(apps, order!.source!.ref);
}

function walletOf(apps: AppsDraft): WalletState {
  const w = apps.wallet as WalletState | undefined;
  if (!w) throw new Error('the phone has no wallet (apps.wallet is missing)');
  return w;
}

/** What every request to move money through the wallet carries. */
export interface MoneyRequest {
  /** Fen, > 0. */
  amount: number;
  category: Category;
  now: number;
}

/** The wallet of a request whose amount is a positive whole number of fen (`caller` names the refusal). */
function walletFor(apps: AppsDraft, req: MoneyRequest, caller: string): WalletState {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError(`${caller}: amount must be a positive integer of fen, got ${req.amount}`);
  return walletOf(apps);
}

/** The next free order id (`o_001` …): max + 1, so ids never repeat after a close. */
export function nextOrderId(w: Pick<WalletState, 'orders'>): string {
  return nextId(w.orders.map((o) => o.id), 'o_', 3);
}

/** An order to pay; `category` is the one the bill gets when paid. */
export interface PaymentRequest extends MoneyRequest {
  merchant: string;
  title: string;
  source: PaymentSource;
}

/** Appends an unpaid order for the wallet to pay; returns its id. */
export function requestPayment(apps: AppsDraft, req: PaymentRequest): string {
  const w = walletFor(apps, req, 'requestPayment');
  const order: PaymentOrder = {
    id: nextOrderId(w),
    merchant: req.merchant,
    title: req.title,
    amount: req.amount,
    status: 'unpaid',
    createdAt: req.now,
    paidAt: null,
    billId: null,
    category: req.category,
    source: { ...req.source },
  };
  w.orders.push(order);
  return order.id;
}

/** Tells the order's source app it was paid (the wallet calls this right after `payOrder`). */
export function settlePaidOrder(apps: AppsDraft, orderId: string): void {
  const order = walletOf(apps).orders.find((o) => o.id === orderId);
  if (!order?.source || order.status !== 'paid' || !order.billId || order.paidAt === null) return;
  hooks.get(order.source.app)?.(apps, order.source.ref, { orderId: order.id, billId: order.billId, paidAt: order.paidAt });
}

/** Closes an unpaid order its app cancelled; a paid or unknown order is left alone (returns false). */
export function closePayment(apps: AppsDraft, orderId: string): boolean {
  const order = walletOf(apps).orders.find((o) => o.id === orderId);
  if (!order || order.status !== 'unpaid') return false;
  order.status = 'closed';
  return true;
}

export interface RefundRequest extends MoneyRequest {
  counterparty: string;
  note: string;
}

/** Credits a refund to the balance with an incoming bill; returns the bill id. */
export function refundToWallet(apps: AppsDraft, req: RefundRequest): string {
  const w = walletFor(apps, req, 'refundToWallet');
  return bookOnBalance(w, { time: req.now, amount: req.amount, direction: 'in', category: req.category, counterparty: req.counterparty, note: req.note }).id;
}
