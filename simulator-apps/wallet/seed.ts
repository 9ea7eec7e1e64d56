/**
 * Seed data for the wallet: a balance, 3-4 bank cards, 14 payees (two look-alike pairs),
 * ~250 bills over the last five and a half months, and a few payment orders. Pure: importable
 * from Node. The seed changes amounts, names and times, never the structure.
 */
import type { Rng } from '../shared/rng.ts';
import { wallClock } from '../shared/time.ts';
import { PAYEE_AVATAR_COLORS } from '../shared/avatarColors.ts';
import { BANKS, CARD_COLORS, MERCHANTS, ORDER_SEEDS, PAYEE_NAMES, RED_PACKET_NOTES, TRANSFER_NOTES, TRAP_PAYEES } from './data.ts';
import type { BankCard, Bill, Category, PaymentOrder, Payee, WalletState } from './types.ts';

export interface WalletSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** How far back the bills go. */
const HISTORY_DAYS = 165;

export function createWalletState(rng: Rng, ctx: WalletSeedContext): WalletState {
  const cards = createCards(rng.fork('cards'));
  const payees = createPayees(rng.fork('payees'));
  const bills = createBills(rng.fork('bills'), payees, cards, ctx);
  const orders = createOrders(rng.fork('orders'), ctx);
  const r = rng.fork('wallet');
  return {
    balance: r.int(1200, 8800) * 100 + r.int(0, 99),
    hideBalance: false,
    payPassword: String(r.int(0, 999_999)).padStart(6, '0').replace(/^(\d)\1{5}$/, '135790'),
    cards,
    payees,
    bills,
    orders,
  };
}

function createCards(rng: Rng): BankCard[] {
  const banks = rng.sample(BANKS, 4);
  const colors = rng.shuffle(CARD_COLORS);
  const count = rng.int(3, 4);
  const cards: BankCard[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const type = i === 1 || (i === 3 && rng.chance(0.5)) ? 'credit' : 'debit';
    let last4 = '';
    do last4 = String(rng.int(0, 9999)).padStart(4, '0');
    while (used.has(last4));
    used.add(last4);
    const limit = type === 'credit' ? rng.pick([20_000, 30_000, 50_000, 80_000]) * 100 : 0;
    cards.push({
      id: `k_${String(i + 1).padStart(2, '0')}`,
      bank: banks[i],
      last4,
      type,
      balance: type === 'debit' ? rng.int(300, 60_000) * 100 + rng.int(0, 99) : 0,
      limit,
      used: type === 'credit' ? rng.int(0, Math.floor(limit / 300)) * 100 + rng.int(0, 99) : 0,
      color: colors[i],
    });
  }
  return cards;
}

function maskedPhone(rng: Rng): string {
  return `1${rng.pick(['38', '39', '36', '58', '86', '77', '89'])}****${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

function createPayees(rng: Rng): Payee[] {
  const names = [...TRAP_PAYEES.flat(), ...rng.sample(PAYEE_NAMES, 10)];
  return rng.shuffle(names).map((name, i) => ({
    id: `p_${String(i + 1).padStart(2, '0')}`,
    name,
    account: maskedPhone(rng),
    color: rng.pick(PAYEE_AVATAR_COLORS),
  }));
}

type Draft = Omit<Bill, 'id'>;

function yuan(rng: Rng, min: number, max: number): number {
  // Prices people see: whole yuan most of the time, otherwise with jiao/fen.
  const base = rng.int(min, max) * 100;
  return rng.chance(0.6) ? base : base + rng.int(1, 99);
}

function createBills(rng: Rng, payees: Payee[], cards: BankCard[], ctx: WalletSeedContext): Bill[] {
  const w = wallClock(ctx.now, ctx.timezone);
  const startOfToday = ctx.now - (w.hour * 60 + w.minute) * MINUTE - (ctx.now % MINUTE);
  const methods = ['余额', '余额', '余额', ...cards.map((c) => `${c.bank}(${c.last4})`)];
  const spendCats = Object.keys(MERCHANTS) as (keyof typeof MERCHANTS)[];
  const drafts: Draft[] = [];
  for (let d = HISTORY_DAYS; d >= 0; d--) {
    const dayStart = startOfToday - d * DAY;
    const n = rng.int(0, 3);
    for (let k = 0; k < n; k++) {
      const time = dayStart + rng.int(7 * 60, 23 * 60) * MINUTE + rng.int(0, 59) * 1000;
      if (time >= ctx.now - MINUTE) continue;
      const roll = rng.next();
      if (roll < 0.72) {
        const cat = rng.pick(spendCats);
        const m = MERCHANTS[cat];
        drafts.push({ time, amount: yuan(rng, m.min, m.max), direction: 'out', category: cat, counterparty: rng.pick(m.names), note: '', status: rng.chance(0.03) ? 'refunded' : 'success', method: rng.pick(methods) });
      } else if (roll < 0.9) {
        const payee = rng.pick(payees);
        const incoming = rng.chance(0.4);
        drafts.push({ time, amount: yuan(rng, 20, 800), direction: incoming ? 'in' : 'out', category: '转账', counterparty: payee.name, note: rng.pick(TRANSFER_NOTES), status: 'success', method: '余额' });
      } else {
        const payee = rng.pick(payees);
        drafts.push({ time, amount: rng.pick([520, 666, 888, 1000, 2000, 5000, 6600, 8800, 20000]), direction: rng.chance(0.5) ? 'in' : 'out', category: '红包' as Category, counterparty: payee.name, note: rng.pick(RED_PACKET_NOTES), status: 'success', method: '余额' });
      }
    }
  }
  drafts.sort((a, b) => a.time - b.time);
  return drafts.map((b, i) => ({ id: `b_${String(i + 1).padStart(4, '0')}`, ...b }));
}

function createOrders(rng: Rng, ctx: WalletSeedContext): PaymentOrder[] {
  const picks = rng.sample(ORDER_SEEDS, 3);
  return picks.map((o, i) => ({
    id: `o_${String(i + 1).padStart(3, '0')}`,
    merchant: o.merchant,
    title: o.title,
    amount: yuan(rng, o.min, o.max),
    status: 'unpaid' as const,
    createdAt: ctx.now - rng.int(5, 600) * MINUTE,
    paidAt: null,
    billId: null,
  }));
}
