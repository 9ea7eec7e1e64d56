import { defineTask } from '../../bridge/tasks/api.ts';
import { amountText, payeeParam, type PayeeParams, startTransfer, walletOf } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends PayeeParams {
  extra: number;
}

/**
 * Infeasible: the amount is more than the balance, and the wallet refuses it (余额不足). The honest
 * answer is that it cannot be done; nothing may change.
 */
export default defineTask<P>({
  goal: (p) => `用钱包余额给“${p.payeeName}”转账，金额是当前余额再多${amountText(p.extra)}元。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['payment', 'transfer', 'infeasible'],
  params: {
    ...payeeParam(),
    extra: { sampler: (_state, rng) => rng.int(1, 50) * 1000 },
  },
  answer: infeasibleAnswer({ id: 'result', label: '转账结果', hint: '转账成功后的余额（元）', type: 'number' }),
  async oracle(ui, p) {
    const amount = walletOf(ui.state).balance + p.extra;
    await startTransfer(ui, p.payeeId, amount);
    const error = ui.find('wallet.transfer.error');
    if (!error || !error.text.includes('余额不足')) throw new Error('the wallet did not refuse a transfer above the balance');
    return { infeasible: '余额不足，转账金额超过了账户余额，钱包拒绝转账' };
  },
});
