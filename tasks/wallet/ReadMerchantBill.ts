import { defineTask } from '../../bridge/tasks/api.ts';
import { MERCHANTS } from '../../simulator-apps/wallet/data.ts';
import { filterBills, monthKey, monthLabel } from '../../simulator-apps/wallet/logic.ts';
import { yuanText as formatYuan } from '../../simulator-apps/shared/money.ts';
import type { Bill, WalletState } from '../../simulator-apps/wallet/types.ts';
import { openBills, walletOf, yuanAnswer } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

type SpendCategory = keyof typeof MERCHANTS;

interface P extends Record<string, unknown> {
  month: string;
  category: string;
  merchant: string;
}

function previousMonth(key: string): string {
  const [y, m] = key.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const outOf = (w: WalletState, month: string, category: string, tz: string): Bill[] =>
  filterBills(w.bills, { month, category: category as SpendCategory }, tz).filter((b) => b.direction === 'out');

/**
 * Trap: the same merchant also has a bill in the month before (with a different amount). Only
 * the bill in the asked month counts; the setup makes it the only one there.
 */
export default defineTask<P>({
  goal: (p) => `${monthLabel(p.month)}我在“${p.merchant}”有一笔消费，金额是多少元？`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['wallet'],
  tags: ['bills', 'trap'],
  params: {
    ...spreadParam('_pick', ['month', 'category', 'merchant'], (state, rng) => {
      const w = walletOf(state);
      const tz = state.os.time.timezone;
      const current = monthKey(state.os.time.timestamp, tz);
      const months = [...new Set(w.bills.map((b) => monthKey(b.time, tz)))].filter((m) => m !== current);
      const picks: P[] = [];
      for (const month of months) {
        const prev = previousMonth(month);
        if (!months.includes(prev)) continue;
        for (const category of Object.keys(MERCHANTS) as SpendCategory[]) {
          if (MERCHANTS[category].names.length < 3) continue;
          if (outOf(w, month, category, tz).length >= 2 && outOf(w, prev, category, tz).length >= 1) {
            for (const merchant of MERCHANTS[category].names) picks.push({ month, category, merchant });
          }
        }
      }
      return picks.length ? rng.pick(picks) : null;
    }),
  },
  postSample({ state, p, rng }) {
    const w = walletOf(state);
    const tz = state.os.time.timezone;
    const names = MERCHANTS[p.category as SpendCategory].names.filter((n) => n !== p.merchant);
    // Exactly one successful bill at the merchant in the month…
    const inMonth = outOf(w, p.month, p.category, tz);
    const target = rng.pick(inMonth);
    for (const b of inMonth) if (b !== target && b.counterparty === p.merchant) b.counterparty = rng.pick(names);
    target.counterparty = p.merchant;
    target.status = 'success';
    // …and one in the month before, with another amount.
    const decoy = rng.pick(outOf(w, previousMonth(p.month), p.category, tz));
    decoy.counterparty = p.merchant;
    decoy.status = 'success';
    if (decoy.amount === target.amount) decoy.amount += 100;
  },
  answer: {
    fields: [{ id: 'amount', label: '消费金额（元）', hint: '如：35.50', type: 'number' }],
    expected: (p, input) => {
      const bill = outOf(walletOf(input.init), p.month, p.category, input.init.os.time.timezone).find((b) => b.counterparty === p.merchant)!;
      return { amount: yuanAnswer(bill.amount) };
    },
  },
  async oracle(ui, p) {
    await openBills(ui, { month: p.month });
    const bill = outOf(walletOf(ui.state), p.month, p.category, ui.state.os.time.timezone).find((b) => b.counterparty === p.merchant)!;
    await ui.scrollTo(`wallet.bill.${bill.id}`, { within: 'wallet.bills.list' });
    const row = ui.find(`wallet.bill.${bill.id}`);
    if (!row || !row.text.includes(p.merchant) || !row.text.includes(formatYuan(bill.amount))) throw new Error(`the bill row does not show ${p.merchant} ${formatYuan(bill.amount)}`);
    return formatYuan(bill.amount);
  },
});
