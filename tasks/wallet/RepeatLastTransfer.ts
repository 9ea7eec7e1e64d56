import { defineTask } from '../../bridge/tasks/api.ts';
import { yuanText as formatYuan } from '../../simulator-apps/shared/money.ts';
import type { Bill } from '../../simulator-apps/wallet/types.ts';
import { ensureBalance, openBills, payeeParam, type PayeeParams, paymentCriteria, transferThroughUi, walletOf } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

function lastTransferTo(bills: readonly Bill[], name: string): Bill | undefined {
  return bills.filter((b) => b.category === '转账' && b.direction === 'out' && b.counterparty === name && b.status === 'success').sort((a, b) => b.time - a.time)[0];
}

/**
 * Look up, then act: find my most recent transfer to the payee in 账单 (filter 转账, scroll), and
 * send the same amount again with the note 同上次.
 */
export default defineTask<PayeeParams>({
  goal: (p) => `在账单里找到我最近一次转给“${p.payeeName}”的转账，再给TA转一笔同样金额的钱，转账说明写“同上次”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['payment', 'transfer', 'bills'],
  params: {
    ...payeeParam((p, s) => lastTransferTo(s.bills, p.name) !== undefined),
  },
  postSample({ state, p }) {
    ensureBalance(state, lastTransferTo(walletOf(state).bills, p.payeeName)!.amount);
  },
  checkGoals: (input, p) =>
    paymentCriteria(input, { counterparty: p.payeeName, amount: lastTransferTo(walletOf(input.init).bills, p.payeeName)!.amount, category: '转账', note: '同上次' }),
  async oracle(ui, p) {
    await openBills(ui, { category: '转账' });
    const bill = lastTransferTo(walletOf(ui.state).bills, p.payeeName)!;
    await scrollAndTap(ui, `wallet.bill.${bill.id}`, 'wallet.bills.list');
    if (!ui.find({ key: 'wallet.bill.amount', text: `-${formatYuan(bill.amount)}` })) throw new Error('the bill detail does not show the amount');
    await transferThroughUi(ui, p.payeeId, bill.amount, '同上次');
  },
});
