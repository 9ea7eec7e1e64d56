import { defineTask } from '../../bridge/tasks/api.ts';
import { billTotals, filterBills, monthKey, monthLabel } from '../../simulator-apps/wallet/logic.ts';
import { yuanText as formatYuan } from '../../simulator-apps/shared/money.ts';
import type { Category } from '../../simulator-apps/wallet/types.ts';
import { openBills, walletOf, yuanAnswer } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  month: string;
  category: string;
}

const SPEND_CATEGORIES: Category[] = ['餐饮', '交通', '购物', '生活缴费', '娱乐'];

/** The bills page filtered by month and category shows the total; refunded bills do not count. */
export default defineTask<P>({
  goal: (p) => `在钱包账单里算一下：${monthLabel(p.month)}“${p.category}”类一共支出了多少元？（已退款的不算）`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['wallet'],
  tags: ['bills'],
  params: {
    ...spreadParam('_pick', ['month', 'category'], (state, rng) => {
      const w = walletOf(state);
      const current = monthKey(state.os.time.timestamp, state.os.time.timezone);
      const months = [...new Set(w.bills.map((b) => monthKey(b.time, state.os.time.timezone)))].filter((m) => m !== current);
      const pairs: { month: string; category: string }[] = [];
      for (const month of months.slice(-4)) {
        for (const category of SPEND_CATEGORIES) {
          const n = filterBills(w.bills, { month, category }, state.os.time.timezone).filter((b) => b.direction === 'out').length;
          if (n >= 3) pairs.push({ month, category });
        }
      }
      return pairs.length ? rng.pick(pairs) : null;
    }),
  },
  answer: {
    fields: [{ id: 'total', label: '支出合计（元）', hint: '如：356.80', type: 'number' }],
    expected: (p, input) => {
      const bills = filterBills(walletOf(input.init).bills, { month: p.month, category: p.category as Category }, input.init.os.time.timezone);
      return { total: yuanAnswer(billTotals(bills).out) };
    },
  },
  async oracle(ui, p) {
    await openBills(ui, { month: p.month, category: p.category });
    const bills = filterBills(walletOf(ui.state).bills, { month: p.month, category: p.category as Category }, ui.state.os.time.timezone);
    const total = formatYuan(billTotals(bills).out);
    if (!ui.find({ key: 'wallet.bills.summary', textIncludes: `¥${total}` })) throw new Error(`the summary does not show ¥${total}`);
    return total;
  },
});
