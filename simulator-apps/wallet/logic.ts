/**
 * The wallet's rules as pure functions over plain `WalletState` (no Svelte, no DOM). Queries
 * return views; mutators change the object they are given in place and are called by
 * `WalletModel` inside `phone.update`. A refused payment returns a reason and changes nothing.
 */
import { nextId } from '../shared/ids.ts';
import { yuanText } from '../shared/money.ts';
import { wallClock } from '../shared/time.ts';
import { CATEGORIES, type Bill, type Category, type PaymentOrder, type WalletState } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Months

/** `2026-03` for a timestamp. */
export function monthKey(time: number, timezone?: string): string {
  const w = wallClock(time, timezone);
  return `${w.year}-${String(w.month).padStart(2, '0')}`;
}

/** `2026-03` → `2026年3月`. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-');
  return `${y}年${Number(m)}月`;
}

/** Months that have bills, newest first, plus the current month. */
export function billMonths(s: Pick<WalletState, 'bills'>, now: number, timezone?: string): string[] {
  const set = new Set<string>([monthKey(now, timezone)]);
  for (const b of s.bills) set.add(monthKey(b.time, timezone));
  return [...set].sort().reverse();
}

export interface BillFilter {
  /** `2026-03`, or null for every month. */
  month: string | null;
  category: Category | null;
}

/** Bills matching the filter, newest first. */
export function filterBills<B extends Bill>(bills: readonly B[], f: BillFilter, timezone?: string): B[] {
  return bills
    .filter((b) => (f.month === null || monthKey(b.time, timezone) === f.month) && (f.category === null || b.category === f.category))
    .sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
}

/** 支出 / 收入 totals of a list of bills (refunded bills count for nothing). */
export function billTotals(bills: readonly Bill[]): { out: number; in: number } {
  let out = 0;
  let inn = 0;
  for (const b of bills) {
    if (b.status !== 'success') continue;
    if (b.direction === 'out') out += b.amount;
    else inn += b.amount;
  }
  return { out, in: inn };
}

export function isCategory(v: string): v is Category {
  return (CATEGORIES as readonly string[]).includes(v);
}

export function cardLabel(c: { bank: string; last4: string }): string {
  return `${c.bank}(${c.last4})`;
}

// ---------------------------------------------------------------------------------------------
// Ids

export function nextBillId(s: Pick<WalletState, 'bills'>): string {
  return nextId(s.bills.map((b) => b.id), 'b_', 4);
}

// ---------------------------------------------------------------------------------------------
// Payments

export type PaymentRefusal = 'password' | 'balance' | 'amount' | 'payee' | 'order';

export type PaymentResult = { ok: true; bill: Bill } | { ok: false; reason: PaymentRefusal };

/** The message a refused payment shows. */
export const REFUSAL_TEXT: Record<PaymentRefusal, string> = {
  password: '支付密码错误，请重试',
  balance: '余额不足，无法完成支付',
  amount: '请输入正确的金额',
  payee: '收款人不存在',
  order: '该订单无法支付',
};

/** Paying another app's order may also find it `closed`: that app cancelled it (the wallet order is closed, nothing paid). */
export type OrderRefusal = PaymentRefusal | 'closed';
export type OrderPaymentResult = { ok: true; bill: Bill } | { ok: false; reason: OrderRefusal };
export const ORDER_REFUSAL_TEXT: Record<OrderRefusal, string> = { ...REFUSAL_TEXT, closed: '订单已失效（商家已取消），无需支付' };

/** Why an amount cannot be paid from the balance, checked before asking for the password. */
export function checkAmount(s: Pick<WalletState, 'balance'>, amount: number): PaymentRefusal | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amount';
  if (amount > s.balance) return 'balance';
  return null;
}

/** What the form shows when `checkAmount` refuses: too little balance says how much there is. */
export function amountRefusalText(s: Pick<WalletState, 'balance'>, amount: number, action: '转账' | '支付'): string | null {
  const bad = checkAmount(s, amount);
  return bad === 'balance' ? `余额不足（可用余额 ¥${yuanText(s.balance)}），无法${action}` : bad && REFUSAL_TEXT[bad];
}

export function passwordMatches(s: Pick<WalletState, 'payPassword'>, password: string): boolean {
  return password === s.payPassword;
}

/** What a payment from or to the balance says; its bill adds the id, `success` and `余额`. */
export type BalanceEntry = Pick<Bill, 'time' | 'amount' | 'direction' | 'category' | 'counterparty' | 'note'>;

/** Moves the balance by the entry's amount (in: +, out: −) and writes its bill; returns the bill. */
export function bookOnBalance(s: Pick<WalletState, 'balance' | 'bills'>, e: BalanceEntry): Bill {
  const bill: Bill = { id: nextBillId(s), time: e.time, amount: e.amount, direction: e.direction, category: e.category, counterparty: e.counterparty, note: e.note, status: 'success', method: '余额' };
  s.balance += e.direction === 'in' ? e.amount : -e.amount;
  s.bills.push(bill);
  return bill;
}

/** 转账 from the balance to a payee. Refused (nothing changes) for a bad amount, a bad password or too little money. */
export function transfer(s: WalletState, req: { payeeId: string; amount: number; note: string; password: string; now: number }): PaymentResult {
  const payee = s.payees.find((p) => p.id === req.payeeId);
  if (!payee) return { ok: false, reason: 'payee' };
  const bad = checkAmount(s, req.amount);
  if (bad) return { ok: false, reason: bad };
  if (!passwordMatches(s, req.password)) return { ok: false, reason: 'password' };
  const bill = bookOnBalance(s, { time: req.now, amount: req.amount, direction: 'out', category: '转账', counterparty: payee.name, note: req.note.trim() });
  return { ok: true, bill };
}

/** Pays an unpaid order from the balance. */
export function payOrder(s: WalletState, req: { orderId: string; password: string; now: number }): PaymentResult {
  const order = s.orders.find((o) => o.id === req.orderId);
  if (!order || order.status !== 'unpaid') return { ok: false, reason: 'order' };
  const bad = checkAmount(s, order.amount);
  if (bad) return { ok: false, reason: bad };
  if (!passwordMatches(s, req.password)) return { ok: false, reason: 'password' };
  const bill = bookOnBalance(s, { time: req.now, amount: order.amount, direction: 'out', category: order.category ?? '购物', counterparty: order.merchant, note: order.title });
  order.status = 'paid';
  order.paidAt = req.now;
  order.billId = bill.id;
  return { ok: true, bill };
}

export function isSixDigits(v: string): boolean {
  return /^\d{6}$/.test(v);
}

/** Changes the payment password; refused when the old one is wrong or the new one is not 6 digits. */
export function changePassword(s: WalletState, oldPassword: string, newPassword: string): 'ok' | 'password' | 'format' {
  if (!passwordMatches(s, oldPassword)) return 'password';
  if (!isSixDigits(newPassword)) return 'format';
  s.payPassword = newPassword;
  return 'ok';
}

export function setHideBalance(s: WalletState, hide: boolean): void {
  if (s.hideBalance !== hide) s.hideBalance = hide;
}

export function unpaidOrders<O extends PaymentOrder>(orders: readonly O[]): O[] {
  return orders.filter((o) => o.status === 'unpaid').sort((a, b) => b.createdAt - a.createdAt);
}

// ---------------------------------------------------------------------------------------------
// Validation

const isFen = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateWalletState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.wallet must be an object';
  const s = v as Partial<WalletState>;
  if (!isFen(s.balance)) return 'apps.wallet.balance must be a non-negative integer (fen)';
  if (typeof s.hideBalance !== 'boolean') return 'apps.wallet.hideBalance must be a boolean';
  if (typeof s.payPassword !== 'string' || !isSixDigits(s.payPassword)) return 'apps.wallet.payPassword must be 6 digits';
  if (!Array.isArray(s.cards)) return 'apps.wallet.cards must be an array';
  for (const [i, c] of s.cards.entries()) {
    if (typeof c?.id !== 'string' || typeof c.bank !== 'string' || !/^\d{4}$/.test(String(c.last4))) return `apps.wallet.cards[${i}] needs string id, bank and a 4-digit last4`;
    if (c.type !== 'debit' && c.type !== 'credit') return `apps.wallet.cards[${i}].type must be debit or credit`;
    if (!isFen(c.balance) || !isFen(c.limit) || !isFen(c.used)) return `apps.wallet.cards[${i}] balance, limit and used must be non-negative integers (fen)`;
  }
  if (!Array.isArray(s.payees)) return 'apps.wallet.payees must be an array';
  for (const [i, p] of s.payees.entries()) if (typeof p?.id !== 'string' || typeof p.name !== 'string') return `apps.wallet.payees[${i}] needs string id and name`;
  if (!Array.isArray(s.bills)) return 'apps.wallet.bills must be an array';
  for (const [i, b] of s.bills.entries()) {
    if (typeof b?.id !== 'string' || !Number.isFinite(b.time)) return `apps.wallet.bills[${i}] needs a string id and a numeric time`;
    if (!Number.isSafeInteger(b.amount) || b.amount <= 0) return `apps.wallet.bills[${i}].amount must be a positive integer (fen)`;
    if (b.direction !== 'in' && b.direction !== 'out') return `apps.wallet.bills[${i}].direction must be in or out`;
    if (!isCategory(String(b.category))) return `apps.wallet.bills[${i}].category must be one of ${CATEGORIES.join(', ')}`;
  }
  if (!Array.isArray(s.orders)) return 'apps.wallet.orders must be an array';
  for (const [i, o] of s.orders.entries()) {
    if (typeof o?.id !== 'string' || typeof o.merchant !== 'string') return `apps.wallet.orders[${i}] needs string id and merchant`;
    if (!Number.isSafeInteger(o.amount) || o.amount <= 0) return `apps.wallet.orders[${i}].amount must be a positive integer (fen)`;
    if (o.status !== 'unpaid' && o.status !== 'paid' && o.status !== 'closed') return `apps.wallet.orders[${i}].status must be unpaid, paid or closed`;
    if (o.category !== undefined && !isCategory(String(o.category))) return `apps.wallet.orders[${i}].category must be one of ${CATEGORIES.join(', ')}`;
    if (o.source !== undefined && (typeof o.source?.app !== 'string' || typeof o.source.ref !== 'string' || typeof o.source.returnPath !== 'string')) return `apps.wallet.orders[${i}].source needs string app, ref and returnPath`;
  }
  return null;
}
