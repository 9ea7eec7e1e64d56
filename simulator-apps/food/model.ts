/**
 * The food app's actions: each applies a pure rule from ./logic.ts through `phone.update` and
 * returns what the screen needs to show. A refused action never calls `update`, so the state (and
 * its revision) stays exactly as it was. Payments and refunds change the food and the wallet
 * slices in the same update (wallet/payments.ts), as the shop and the railway do.
 *
 * Transient UI memory (address drafts, the checkout's address, coupon and note) lives here,
 * outside the state tree, per phone and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { openCheckout } from '../wallet/checkout.ts';
import { closePayment, refundToWallet, requestPayment } from '../wallet/payments.ts';
import * as rules from './logic.ts';
import type { FoodTab } from './routes.ts';
import type { FoodState, Order } from './types.ts';

export const FOOD_APP_ID = rules.FOOD_APP_ID;

/** The checkout's coupon choice: the best one automatically, a chosen one, or none. */
export type CouponChoice = { kind: 'auto' } | { kind: 'none' } | { kind: 'id'; id: string };

export interface CheckoutChoice {
  addressId: string | null;
  coupon: CouponChoice;
  note: string;
}

interface Memory {
  drafts: DraftMemory<rules.AddressDraft>;
  checkout: Map<string, CheckoutChoice>;
}

const memoryOf = perEpoch<Memory>('food', () => ({ drafts: new DraftMemory(), checkout: new Map() }));

interface WalletLike {
  orders: { id: string; status: string }[];
}

export class FoodModel extends AppModel<FoodState> {
  constructor(phone: Phone) {
    super(phone, FOOD_APP_ID);
  }

  /** The slice as the pure rules take it (read-only use). */
  get state(): FoodState {
    return this.data as unknown as FoodState;
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  #mutate<R>(fn: (s: FoodState, apps: Record<string, unknown>) => R): R {
    return this.phone.update((state) => fn(state.apps[FOOD_APP_ID] as unknown as FoodState, state.apps as Record<string, unknown>));
  }

  switchTab(tab: FoodTab): void {
    this.phone.setStack([tab]);
  }

  // --- transient memory --------------------------------------------------------------------------

  get drafts(): DraftMemory<rules.AddressDraft> {
    return this.#memory.drafts;
  }

  checkoutChoice(shopId: string): CheckoutChoice {
    return this.#memory.checkout.get(shopId) ?? { addressId: null, coupon: { kind: 'auto' }, note: '' };
  }

  setCheckoutChoice(shopId: string, choice: Partial<CheckoutChoice>): void {
    this.#memory.checkout.set(shopId, { ...this.checkoutChoice(shopId), ...choice });
  }

  /** The shop whose checkout waits for an address pick (set by the checkout, read by the list). */
  pickingFor: string | null = null;

  // --- cart --------------------------------------------------------------------------------------

  addToCart(shopId: string, dishId: string, picks: string[][], qty: number): rules.CartRefusal | null {
    const bad = rules.addProblem(this.state, shopId, dishId, picks, this.phone.now, this.phone.timezone);
    if (bad) return bad;
    if (!Number.isSafeInteger(qty) || qty < 1) return 'picks';
    this.#mutate((s) => rules.addToCart(s, shopId, dishId, picks, qty));
    return null;
  }

  setLineQty(lineId: string, qty: number): boolean {
    const line = this.state.cart.find((l) => l.id === lineId);
    if (!line || line.qty === qty || qty < 0 || qty > 99) return false;
    return this.#mutate((s) => rules.setLineQty(s, lineId, qty));
  }

  clearCart(shopId: string): void {
    if (!this.state.cart.some((l) => l.shopId === shopId)) return;
    this.#mutate((s) => rules.clearCart(s, shopId));
  }

  // --- orders ------------------------------------------------------------------------------------

  #payment(order: Order, now: number) {
    return { merchant: rules.FOOD_MERCHANT, title: rules.paymentTitle(order), amount: order.total, category: '餐饮' as const, source: { app: FOOD_APP_ID, ref: order.id, returnPath: `/order/${order.id}` }, now };
  }

  /** 提交订单: the unpaid order and its wallet payment order in one update, then the wallet's cashier opens on it. */
  submitOrder(req: Omit<rules.PlaceOrderRequest, 'now' | 'serial' | 'timezone'>): { ok: true; orderId: string } | { ok: false; reason: rules.OrderRefusal } {
    const now = this.phone.now;
    const full: rules.PlaceOrderRequest = { ...req, now, serial: (Math.floor(now / 1000) * 7919 + this.state.orders.length * 104_729) % 1_000_000, timezone: this.phone.timezone };
    const dry = rules.placeOrder(JSON.parse(JSON.stringify(this.state)) as FoodState, full);
    if (!dry.ok) return dry;
    const { orderId, payOrderId } = this.#mutate((s, apps) => {
      const r = rules.placeOrder(s, full);
      if (!r.ok) throw new Error(`placeOrder refused after a dry run passed: ${r.reason}`);
      r.order.payOrderId = requestPayment(apps, this.#payment(r.order, now));
      return { orderId: r.order.id, payOrderId: r.order.payOrderId };
    });
    this.phone.setStack(['/orders', `/order/${orderId}`]);
    openCheckout(this.phone, payOrderId);
    return { ok: true, orderId };
  }

  /** 去支付: reopens the wallet on the order's payment (asking for one first when there is none open). */
  payOrder(orderId: string): boolean {
    const o = this.state.orders.find((x) => x.id === orderId);
    const wallet = this.phone.app<WalletLike>('wallet');
    if (!o || o.status !== 'unpaid' || !wallet) return false;
    let payId = o.payOrderId;
    if (!payId || wallet.orders.find((w) => w.id === payId)?.status !== 'unpaid') {
      const now = this.phone.now;
      payId = this.#mutate((s, apps) => {
        const order = s.orders.find((x) => x.id === orderId)!;
        order.payOrderId = requestPayment(apps, this.#payment(order, now));
        return order.payOrderId;
      });
    }
    openCheckout(this.phone, payId);
    return true;
  }

  /** 取消订单: an unpaid order closes its wallet payment; a paid one (before cooking) is refunded to the balance. */
  cancelOrder(orderId: string): boolean {
    const now = this.phone.now;
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || !rules.canCancel(o, now)) return false;
    return this.#mutate((s, apps) => {
      const order = rules.cancelOrder(s, orderId, now)!;
      if (order.status === 'closed' && order.payOrderId && apps.wallet) closePayment(apps, order.payOrderId);
      if (order.status === 'cancelled' && apps.wallet && order.total > 0) {
        order.refundBillId = refundToWallet(apps, { counterparty: rules.FOOD_MERCHANT, amount: order.total, category: '餐饮', note: `退款-${order.shopName}`, now });
      }
      return true;
    });
  }

  /** 再来一单: the order's dishes go back into the shop's cart, and the checkout opens. */
  reorder(orderId: string): number {
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o) return 0;
    const n = this.#mutate((s) => rules.reorder(s, orderId));
    if (n > 0) this.phone.setStack(['/', `/shop/${o.shopId}`, `/checkout/${o.shopId}`]);
    return n;
  }

  review(orderId: string, stars: number, text: string): boolean {
    const now = this.phone.now;
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || !rules.canReview(o, now) || stars < 1 || stars > 5) return false;
    return this.#mutate((s) => rules.reviewOrder(s, orderId, stars, text, now));
  }

  // --- addresses ---------------------------------------------------------------------------------

  saveAddress(id: string | null, draft: rules.AddressDraft): { error: string } | { id: string } {
    const error = rules.addressDraftError(draft);
    if (error) return { error };
    return { id: this.#mutate((s) => rules.saveAddress(s, id, draft)) };
  }

  deleteAddress(id: string): void {
    if (!this.state.addresses.some((a) => a.id === id)) return;
    this.#mutate((s) => rules.deleteAddress(s, id));
  }
}
