/**
 * Paying with the wallet from another app: the order request, the source app's hook running in
 * the same update as the debit, refunds, closed orders, and the cashier's way back to the caller.
 */
import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { Phone } from '../../simulator-apps/os/phone.svelte.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { WalletModel } from '../../simulator-apps/wallet/model.ts';
import { closePayment, nextOrderId, refundToWallet, registerPaymentHook, requestPayment, settlePaidOrder } from '../../simulator-apps/wallet/payments.ts';
import { openCheckout, returnToSource } from '../../simulator-apps/wallet/checkout.ts';
import { parseWalletPath } from '../../simulator-apps/wallet/routes.ts';
import { validateWalletState } from '../../simulator-apps/wallet/logic.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';

interface TestSlice {
  orders: { id: string; paid: null | { orderId: string; billId: string; paidAt: number } }[];
}

// A pretend app slice living under apps.chat's neighbour key; the hook marks its order paid.
registerPaymentHook('testshop', (apps, ref, paid) => {
  const slice = apps.testshop as TestSlice;
  const order = slice.orders.find((o) => o.id === ref);
  if (order) order.paid = paid;
});

const walletOf = (s: PhoneState): WalletState => s.apps.wallet as unknown as WalletState;

function stateWithShop(): PhoneState {
  const s = createInitialState(4);
  (s.apps as Record<string, unknown>).testshop = { orders: [{ id: 's1', paid: null }] };
  return s;
}

const REQUEST = { merchant: '测试商店', title: '帆布包 ×1', amount: 12_800, category: '购物' as const, source: { app: 'testshop', ref: 's1', returnPath: '/order/s1' } };

describe('requestPayment', () => {
  it('appends an unpaid order with its source and category, with the next id', () => {
    const s = stateWithShop();
    const w = walletOf(s);
    const expected = nextOrderId(w);
    const id = requestPayment(s.apps, { ...REQUEST, now: 1000 });
    expect(id).toBe(expected);
    expect(w.orders.at(-1)).toEqual({ id, merchant: '测试商店', title: '帆布包 ×1', amount: 12_800, status: 'unpaid', createdAt: 1000, paidAt: null, billId: null, category: '购物', source: REQUEST.source });
    expect(validateWalletState(w)).toBeNull();
  });

  it('refuses an amount that is not a positive integer of fen', () => {
    const s = stateWithShop();
    expect(() => requestPayment(s.apps, { ...REQUEST, amount: 12.5, now: 1 })).toThrow(/positive integer of fen/);
    expect(() => requestPayment(s.apps, { ...REQUEST, amount: 0, now: 1 })).toThrow(/positive integer/);
  });
});

describe('paying a requested order in the wallet', () => {
  it('debits, bills under the requested category and marks the source order paid in one revision', () => {
    const phone = new Phone(stateWithShop());
    const id = phone.update((s) => requestPayment(s.apps, { ...REQUEST, category: '交通', now: phone.now }));
    const model = new WalletModel(phone);
    const before = phone.revision;
    const balance = model.data!.balance;
    const r = model.payOrder(id, model.data!.payPassword);
    expect(r.ok).toBe(true);
    expect(phone.revision).toBe(before + 1);
    const s = JSON.parse(phone.getStateJson()) as PhoneState;
    const w = walletOf(s);
    expect(w.balance).toBe(balance - 12_800);
    const order = w.orders.find((o) => o.id === id)!;
    expect(order.status).toBe('paid');
    expect(w.bills.at(-1)).toMatchObject({ id: order.billId, category: '交通', counterparty: '测试商店', direction: 'out', amount: 12_800 });
    expect((s.apps.testshop as unknown as TestSlice).orders[0].paid).toEqual({ orderId: id, billId: order.billId, paidAt: phone.now });
  });

  it('a wrong password changes neither slice', () => {
    const phone = new Phone(stateWithShop());
    const id = phone.update((s) => requestPayment(s.apps, { ...REQUEST, now: phone.now }));
    const model = new WalletModel(phone);
    const json = phone.getStateJson();
    const wrong = model.data!.payPassword === '000000' ? '111111' : '000000';
    expect(model.payOrder(id, wrong)).toEqual({ ok: false, reason: 'password' });
    expect(phone.getStateJson()).toBe(json);
  });

  it('settlePaidOrder ignores unpaid and unknown orders', () => {
    const s = stateWithShop();
    const id = requestPayment(s.apps, { ...REQUEST, now: 1 });
    settlePaidOrder(s.apps, id);
    settlePaidOrder(s.apps, 'o_999');
    expect((s.apps.testshop as unknown as TestSlice).orders[0].paid).toBeNull();
  });
});

describe('refunds and closed orders', () => {
  it('refundToWallet credits the balance with an incoming bill', () => {
    const s = stateWithShop();
    const w = walletOf(s);
    const balance = w.balance;
    const billId = refundToWallet(s.apps, { counterparty: '测试商店', amount: 5_000, category: '购物', note: '退款：帆布包', now: 5 });
    expect(w.balance).toBe(balance + 5_000);
    expect(w.bills.at(-1)).toMatchObject({ id: billId, direction: 'in', amount: 5_000, category: '购物', note: '退款：帆布包', status: 'success' });
  });

  it('closePayment closes an unpaid order only; the id is not reused', () => {
    const s = stateWithShop();
    const id = requestPayment(s.apps, { ...REQUEST, now: 1 });
    expect(closePayment(s.apps, id)).toBe(true);
    expect(closePayment(s.apps, id)).toBe(false);
    expect(walletOf(s).orders.find((o) => o.id === id)!.status).toBe('closed');
    expect(requestPayment(s.apps, { ...REQUEST, now: 2 })).not.toBe(id);
    expect(validateWalletState(walletOf(s))).toBeNull();
  });

  it('validation names a bad source or category', () => {
    const s = stateWithShop();
    requestPayment(s.apps, { ...REQUEST, now: 1 });
    const w = walletOf(s);
    (w.orders.at(-1) as unknown as { source: unknown }).source = { app: 'x' };
    expect(validateWalletState(w)).toMatch(/orders\[\d+\]\.source needs string app, ref and returnPath/);
    (w.orders.at(-1) as unknown as { source: unknown; category: string }).source = undefined;
    (w.orders.at(-1) as unknown as { category: string }).category = '房租';
    expect(validateWalletState(w)).toMatch(/orders\[\d+\]\.category must be one of/);
  });
});

describe('the cashier', () => {
  it('opens the wallet on the order and returns to the source app', () => {
    const phone = new Phone(stateWithShop());
    phone.openApp('chat');
    const id = phone.update((s) => requestPayment(s.apps, { ...REQUEST, source: { app: 'chat', ref: 's1', returnPath: '/me' }, now: phone.now }));
    openCheckout(phone, id);
    expect(phone.route).toEqual({ app: 'wallet', path: `/order/${id}?checkout=1` });
    expect(parseWalletPath(phone.route.path)).toEqual({ screen: 'order', orderId: id, checkout: true });
    returnToSource(phone, { app: 'chat', ref: 's1', returnPath: '/me' });
    expect(phone.route).toEqual({ app: 'chat', path: '/me' });
    expect(phone.nav.stacks.wallet).toEqual(['/']);
  });
});

describe('an order its app gave up on', () => {
  it("铁路出行's unpaid order past its deadline: the clock cancels it and frees its seat; paying it then closes it and takes nothing", async () => {
    const { startPayment, seatOf, validateRailwayState } = await import('../../simulator-apps/railway/logic.ts');
    const phone = new Phone(createInitialState(6));
    const railwayOf = () => (JSON.parse(phone.getStateJson()) as PhoneState).apps.railway as unknown as import('../../simulator-apps/railway/types.ts').RailwayState;
    const order = railwayOf().orders.find((o) => o.status === 'unpaid')!;
    const leftOf = () => seatOf(railwayOf().trains.find((t) => t.id === order.trainId)!, order.seatClass)!.left;
    const left = leftOf();
    // 去支付 within the window: a wallet order asking for the money.
    const started = phone.update((s) => startPayment(s.apps, order.id, phone.now));
    expect(started.ok).toBe(true);
    const walletOrderId = started.ok ? started.payOrderId : '';
    // A step that stays inside the window changes nothing in the railway slice.
    const before = JSON.stringify(railwayOf());
    phone.advanceTime(order.payDeadline! - phone.now - 1);
    expect(JSON.stringify(railwayOf())).toBe(before);
    phone.advanceTime(2);
    const after = railwayOf().orders.find((o) => o.id === order.id)!;
    expect(after).toMatchObject({ status: 'cancelled', payDeadline: order.payDeadline });
    expect(leftOf()).toBe(left + order.tickets.length);
    expect(validateRailwayState(railwayOf())).toBeNull();
    // The wallet order is still there to be paid; paying it closes it and moves no money.
    const model = new WalletModel(phone);
    const balance = model.data!.balance;
    expect(model.payOrder(walletOrderId, model.data!.payPassword)).toEqual({ ok: false, reason: 'closed' });
    const w = walletOf(JSON.parse(phone.getStateJson()) as PhoneState);
    expect(w.orders.find((o) => o.id === walletOrderId)!.status).toBe('closed');
    expect(w.balance).toBe(balance);
    expect(railwayOf().orders.find((o) => o.id === order.id)!.status).toBe('cancelled');
  });
});
