import { defineTask } from '../../bridge/tasks/api.ts';
import { amountText, ensureBalance, payeeParam, type PayeeParams, paymentCriteria, transferThroughUi } from './_helpers.ts';

interface P extends PayeeParams {
  amount: number;
}

export default defineTask<P>({
  goal: (p) => `用钱包给“${p.payeeName}”转账${amountText(p.amount)}元。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['payment', 'transfer'],
  params: {
    ...payeeParam(),
    amount: { sampler: (_state, rng) => rng.int(5, 60) * 500 + rng.pick([0, 0, 50, 88]) },
  },
  postSample({ state, p }) {
    // Enough money for the transfer, whatever the seed's balance.
    ensureBalance(state, p.amount);
  },
  checkGoals: (input, p) => paymentCriteria(input, { counterparty: p.payeeName, amount: p.amount, category: '转账' }),
  async oracle(ui, p) {
    await transferThroughUi(ui, p.payeeId, p.amount);
  },
});
