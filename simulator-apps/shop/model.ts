/**
 * The shop's actions: each applies a pure rule from ./logic.ts through `phone.update` and
 * returns what the screen needs to show. A refused action never calls `update`, so the state
 * (and its revision) stays exactly as it was. Payments and refunds change the shop and the
 * wallet slices in the same update (wallet/payments.ts).
 *
 * Transient UI memory (address drafts, the checkout's address and coupon choice) lives here,
 * outside the state tree, per phone and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { openCheckout } from '../wallet/checkout.ts';
import { closePayment, refundToWallet, requestPayment } from '../wallet/payments.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState, MessageCard } from '../chat/types.ts';
import * as rules from './logic.ts';
import type { ShopTab } from './routes.ts';
import type { ShopState } from './types.ts';

export const SHOP_APP_ID = rules.SHOP_APP_ID;

/** The checkout's coupon choice: the best one automatically, a chosen one, or none. */
export type CouponChoice = { kind: 'auto' } | { kind: 'none' } | { kind: 'id'; id: string };

interface Memory {
  drafts: DraftMemory<rules.AddressDraft>;
  checkout: Map<string, { addressId: string | null; coupon: CouponChoice }>;
}

const memoryOf = perEpoch<Memory>('shop', () => ({ drafts: new DraftMemory(), checkout: new Map() }));

interface WalletLike {
  orders: { id: string; status: string }[];
}

export class ShopModel extends AppModel<ShopState> {
  constructor(phone: Phone) {
    super(phone, SHOP_APP_ID);
  }

  /** The slice as the pure rules take it (read-only use). */
  get state(): ShopState {
    return this.data as unknown as ShopState;
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  #mutate<R>(fn: (s: ShopState, apps: Record<string, unknown>) => R): R {
    return this.phone.update((state) => fn(state.apps[SHOP_APP_ID] as unknown as ShopState, state.apps as Record<string, unknown>));
  }

  // --- navigation ------------------------------------------------------------------------------

  switchTab(tab: ShopTab): void {
    this.phone.setStack([tab]);
  }

  // --- transient memory --------------------------------------------------------------------------

  /** Unsaved address forms, by address id (or `new`). */
  get drafts(): DraftMemory<rules.AddressDraft> {
    return this.#memory.drafts;
  }

  checkoutChoice(path: string): { addressId: string | null; coupon: CouponChoice } {
    return this.#memory.checkout.get(path) ?? { addressId: null, coupon: { kind: 'auto' } };
  }

  setCheckoutChoice(path: string, choice: Partial<{ addressId: string | null; coupon: CouponChoice }>): void {
    this.#memory.checkout.set(path, { ...this.checkoutChoice(path), ...choice });
  }

  /** The checkout path that is waiting for an address pick (set by 选择地址, read by the list). */
  pickingFor: string | null = null;

  // --- cart and favourites -----------------------------------------------------------------------

  addToCart(productId: string, skuId: string, qty: number): rules.CartRefusal | null {
    const bad = rules.checkStock(this.state, productId, skuId, qty, this.state.cart.find((c) => c.productId === productId && c.skuId === skuId)?.qty ?? 0);
    if (bad) return bad;
    this.#mutate((s) => rules.addToCart(s, productId, skuId, qty));
    return null;
  }

  setCartQty(itemId: string, qty: number): boolean {
    const line = this.state.cart.find((c) => c.id === itemId);
    if (!line || line.qty === qty || rules.checkStock(this.state, line.productId, line.skuId, qty) !== null) return false;
    return this.#mutate((s) => rules.setCartQty(s, itemId, qty));
  }

  setSelected(itemIds: string[], selected: boolean): void {
    if (!this.state.cart.some((c) => itemIds.includes(c.id) && c.selected !== selected)) return;
    this.#mutate((s) => rules.setSelected(s, itemIds, selected));
  }

  removeCartItems(itemIds: string[]): void {
    if (!this.state.cart.some((c) => itemIds.includes(c.id))) return;
    this.#mutate((s) => rules.removeCartItems(s, itemIds));
  }

  setFavorite(productId: string, on: boolean): void {
    if (this.state.favorites.includes(productId) === on) return;
    this.#mutate((s) => rules.setFavorite(s, productId, on));
  }

  // --- orders ------------------------------------------------------------------------------------

  /**
   * 提交订单: the unpaid order and its wallet payment order in one update, then the wallet's
   * cashier opens on it (完成 there returns to this order).
   */
  submitOrder(req: Omit<rules.PlaceOrderRequest, 'now' | 'serial' | 'timezone'>): { ok: true; orderId: string } | { ok: false; reason: rules.OrderRefusal } {
    const now = this.phone.now;
    const full: rules.PlaceOrderRequest = { ...req, now, serial: this.#serial(now), timezone: this.phone.timezone };
    const dry = rules.placeOrder(JSON.parse(JSON.stringify(this.state)) as ShopState, full);
    if (!dry.ok) return dry;
    const { orderId, payOrderId } = this.#mutate((s, apps) => {
      const r = rules.placeOrder(s, full);
      if (!r.ok) throw new Error(`placeOrder refused after a dry run passed: ${r.reason}`);
      const pay = requestPayment(apps, { merchant: rules.SHOP_MERCHANT, title: rules.paymentTitle(r.order), amount: r.order.total, category: '购物', source: { app: SHOP_APP_ID, ref: r.order.id, returnPath: `/order/${r.order.id}` }, now });
      r.order.payOrderId = pay;
      return { orderId: r.order.id, payOrderId: pay };
    });
    this.phone.replace(`/order/${orderId}`);
    openCheckout(this.phone, payOrderId);
    return { ok: true, orderId };
  }

  #serial(now: number): number {
    return (Math.floor(now / 1000) * 7919 + this.state.orders.length * 104_729) % 10_000_000_000;
  }

  /** 去支付: reopens the wallet on the order's payment (asking for one first when there is none open). */
  payOrder(orderId: string): boolean {
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || o.status !== 'unpaid') return false;
    const wallet = this.phone.app<WalletLike>('wallet');
    if (!wallet) return false;
    let payId = o.payOrderId;
    if (!payId || wallet.orders.find((w) => w.id === payId)?.status !== 'unpaid') {
      const now = this.phone.now;
      payId = this.#mutate((s, apps) => {
        const order = s.orders.find((x) => x.id === orderId)!;
        order.payOrderId = requestPayment(apps, { merchant: rules.SHOP_MERCHANT, title: rules.paymentTitle(order), amount: order.total, category: '购物', source: { app: SHOP_APP_ID, ref: order.id, returnPath: `/order/${order.id}` }, now });
        return order.payOrderId;
      });
    }
    openCheckout(this.phone, payId);
    return true;
  }

  cancelOrder(orderId: string): boolean {
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || o.status !== 'unpaid') return false;
    return this.#mutate((s, apps) => {
      const order = s.orders.find((x) => x.id === orderId)!;
      if (order.payOrderId && apps.wallet) closePayment(apps, order.payOrderId);
      return rules.cancelOrder(s, orderId);
    });
  }

  confirmReceipt(orderId: string): boolean {
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || o.status !== 'shipped') return false;
    const now = this.phone.now;
    return this.#mutate((s) => rules.confirmReceipt(s, orderId, now));
  }

  /** 申请退款: the order is refunded and the paid amount goes back to the wallet balance. */
  refund(orderId: string, reason: string): number | null {
    const o = this.state.orders.find((x) => x.id === orderId);
    if (!o || !rules.canRefund(o) || reason.trim() === '') return null;
    const now = this.phone.now;
    return this.#mutate((s, apps) => {
      const order = rules.refundOrder(s, orderId, reason, now)!;
      if (apps.wallet && order.total > 0) {
        order.refund!.billId = refundToWallet(apps, { counterparty: rules.SHOP_MERCHANT, amount: order.total, category: '购物', note: `退款-${order.no}`, now });
      }
      return order.total;
    });
  }

  // --- sharing -----------------------------------------------------------------------------------

  /** The chats and groups a card can go to (empty without the chat app). */
  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** 分享 → a chat: a card message from me in that conversation. */
  share(chatId: string, card: MessageCard): boolean {
    if (!this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const now = this.phone.now;
    this.phone.update((state) => shareToChat(state.apps.chat as unknown as ChatState, { chatId, card, now }));
    return true;
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
