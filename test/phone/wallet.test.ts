import { describe, expect, it } from 'vitest';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createWalletState } from '../../simulator-apps/wallet/seed.ts';
import { parseYuan, yuanText } from '../../simulator-apps/shared/money.ts';
import { billTotals, changePassword, filterBills, nextBillId, payOrder, transfer, validateWalletState } from '../../simulator-apps/wallet/logic.ts';
import { parseWalletPath, walletRouteStack, billsPath } from '../../simulator-apps/wallet/routes.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';

const NOW = Date.UTC(2026, 2, 14, 3, 0);
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): WalletState => createWalletState(new Rng(seed), ctx);

describe('wallet seed', () => {
  it('is valid, in fen, with hundreds of bills over several months and under 200 KB', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const w = fresh(seed);
      expect(validateWalletState(w)).toBeNull();
      expect(w.bills.length).toBeGreaterThan(200);
      expect(new Set(w.bills.map((b) => new Date(b.time).toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(5);
      expect(w.bills.every((b) => Number.isInteger(b.amount) && b.amount > 0 && b.time < NOW)).toBe(true);
      expect(JSON.stringify(w).length).toBeLessThan(200_000);
      expect(w.payees.map((p) => p.name)).toEqual(expect.arrayContaining(['周子涵', '周梓涵']));
      expect(w.orders.some((o) => o.status === 'unpaid')).toBe(true);
    }
  });
});

describe('transfer', () => {
  it('moves money, adds one bill and keeps the balance an integer', () => {
    const w = fresh();
    const before = w.balance;
    const id = nextBillId(w);
    const r = transfer(w, { payeeId: w.payees[0].id, amount: 12_345, note: ' 饭钱 ', password: w.payPassword, now: NOW });
    expect(r.ok).toBe(true);
    expect(w.balance).toBe(before - 12_345);
    expect(w.bills.at(-1)).toMatchObject({ id, amount: 12_345, direction: 'out', category: '转账', counterparty: w.payees[0].name, note: '饭钱', time: NOW });
  });

  it('refuses an amount above the balance and changes nothing', () => {
    const w = fresh();
    const json = JSON.stringify(w);
    const r = transfer(w, { payeeId: w.payees[0].id, amount: w.balance + 1, note: '', password: w.payPassword, now: NOW });
    expect(r).toEqual({ ok: false, reason: 'balance' });
    expect(JSON.stringify(w)).toBe(json);
  });

  it('accepts exactly the balance (down to zero, never below)', () => {
    const w = fresh();
    expect(transfer(w, { payeeId: w.payees[1].id, amount: w.balance, note: '', password: w.payPassword, now: NOW }).ok).toBe(true);
    expect(w.balance).toBe(0);
    expect(transfer(w, { payeeId: w.payees[1].id, amount: 1, note: '', password: w.payPassword, now: NOW })).toEqual({ ok: false, reason: 'balance' });
  });

  it('refuses a wrong password and changes nothing', () => {
    const w = fresh();
    const json = JSON.stringify(w);
    const wrong = w.payPassword === '000000' ? '111111' : '000000';
    expect(transfer(w, { payeeId: w.payees[0].id, amount: 100, note: '', password: wrong, now: NOW })).toEqual({ ok: false, reason: 'password' });
    expect(JSON.stringify(w)).toBe(json);
  });

  it('refuses zero, negative and fractional fen amounts and unknown payees', () => {
    const w = fresh();
    for (const amount of [0, -5, 1.5]) expect(transfer(w, { payeeId: w.payees[0].id, amount, note: '', password: w.payPassword, now: NOW })).toEqual({ ok: false, reason: 'amount' });
    expect(transfer(w, { payeeId: 'p_99', amount: 100, note: '', password: w.payPassword, now: NOW })).toEqual({ ok: false, reason: 'payee' });
  });
});

describe('orders and password', () => {
  it('pays an unpaid order once', () => {
    const w = fresh();
    w.balance = 1_000_000;
    const o = w.orders.find((x) => x.status === 'unpaid')!;
    const r = payOrder(w, { orderId: o.id, password: w.payPassword, now: NOW });
    expect(r.ok).toBe(true);
    expect(o).toMatchObject({ status: 'paid', paidAt: NOW, billId: w.bills.at(-1)!.id });
    expect(w.balance).toBe(1_000_000 - o.amount);
    expect(payOrder(w, { orderId: o.id, password: w.payPassword, now: NOW })).toEqual({ ok: false, reason: 'order' });
  });

  it('refuses an order above the balance', () => {
    const w = fresh();
    w.balance = 1;
    const json = JSON.stringify(w);
    expect(payOrder(w, { orderId: w.orders[0].id, password: w.payPassword, now: NOW })).toEqual({ ok: false, reason: 'balance' });
    expect(JSON.stringify(w)).toBe(json);
  });

  it('changes the password only with the old one and six digits', () => {
    const w = fresh();
    const old = w.payPassword;
    expect(changePassword(w, old === '000000' ? '111111' : '000000', '123456')).toBe('password');
    expect(changePassword(w, old, '12345')).toBe('format');
    expect(w.payPassword).toBe(old);
    expect(changePassword(w, old, '246810')).toBe('ok');
    expect(w.payPassword).toBe('246810');
  });
});

describe('money, filters and routes', () => {
  it('formats and parses yuan without floats', () => {
    expect(yuanText(123_456)).toBe('1,234.56');
    expect(yuanText(5)).toBe('0.05');
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan('0.01')).toBe(1);
    expect(parseYuan('0')).toBeNull();
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });

  it('filters bills by month and category and totals without refunds', () => {
    const w = fresh();
    const march = filterBills(w.bills, { month: '2026-03', category: null }, 'Asia/Shanghai');
    expect(march.length).toBeGreaterThan(0);
    expect(march.every((b, i) => i === 0 || march[i - 1].time >= b.time)).toBe(true);
    const refunded = { ...w.bills[0], status: 'refunded' as const, direction: 'out' as const };
    expect(billTotals([refunded]).out).toBe(0);
    expect(filterBills(w.bills, { month: '2020-01', category: null })).toEqual([]);
  });

  it('parses paths and gives deep links a back stack', () => {
    expect(parseWalletPath(billsPath('2026-02', '餐饮'))).toEqual({ screen: 'bills', month: '2026-02', category: '餐饮' });
    expect(walletRouteStack('/transfer/p_03')).toEqual(['/', '/transfer', '/transfer/p_03']);
    expect(walletRouteStack('/settings/password')).toEqual(['/', '/settings', '/settings/password']);
    expect(parseWalletPath('/nope').screen).toBe('notFound');
  });

  it('rejects slices with floats or negative money', () => {
    const w = fresh();
    expect(validateWalletState({ ...w, balance: 12.5 })).toMatch(/balance/);
    expect(validateWalletState({ ...w, balance: -1 })).toMatch(/balance/);
    expect(validateWalletState({ ...w, payPassword: '12ab56' })).toMatch(/payPassword/);
  });
});
