import { defineTask } from '../../bridge/tasks/api.ts';
import { TRAP_PAYEES } from '../../simulator-apps/wallet/data.ts';
import { TRANSFER_NOTES, amountText, ensureBalance, type PayeeParams, paymentCriteria, transferThroughUi, walletOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAndTwin } from '../_shared/records.ts';

interface P extends PayeeParams {
  lookAlike: string;
  amount: number;
  note: string;
}

/**
 * Trap: the payee list holds two people whose names differ by one character (周子涵 / 周梓涵);
 * paying the wrong one fails, and so does a missing note.
 */
export default defineTask<P>({
  goal: (p) => `给“${p.payeeName}”转账${amountText(p.amount)}元，转账说明填“${p.note}”。注意别转给名字相近的人。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['wallet'],
  startApp: 'wallet',
  tags: ['payment', 'transfer', 'trap'],
  params: {
    ...spreadParam('_payee', ['payeeId', 'payeeName', 'lookAlike'], (state, rng) => {
      const [name, twin] = oneAndTwin(rng, rng.pick(TRAP_PAYEES));
      const payee = walletOf(state).payees.find((x) => x.name === name);
      return payee ? { payeeId: payee.id, payeeName: payee.name, lookAlike: twin } : null;
    }),
    amount: { sampler: (_state, rng) => rng.int(2, 40) * 1000 + rng.pick([0, 500, 660]) },
    note: { type: 'enum', values: TRANSFER_NOTES },
  },
  postSample({ state, p }) {
    ensureBalance(state, p.amount);
  },
  checkGoals: (input, p) => paymentCriteria(input, { counterparty: p.payeeName, amount: p.amount, category: '转账', note: p.note }),
  async oracle(ui, p) {
    await transferThroughUi(ui, p.payeeId, p.amount, p.note);
  },
});
