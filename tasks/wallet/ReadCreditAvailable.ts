import { defineTask } from '../../bridge/tasks/api.ts';
import { formatYuan, openWalletHome, walletOf, yuanAnswer } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  cardId: string;
  bank: string;
}

/** The available credit (额度 − 已用) is only on the card's detail page. */
export default defineTask<P>({
  goal: (p) => `我绑定在钱包里的${p.bank}信用卡，现在还有多少可用额度（元）？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['wallet'],
  tags: ['cards'],
  params: {
    ...spreadParam('_card', ['cardId', 'bank'], (state, rng) => {
      const credit = walletOf(state).cards.filter((c) => c.type === 'credit');
      if (credit.length === 0) return null;
      const c = rng.pick(credit);
      return { cardId: c.id, bank: c.bank };
    }),
  },
  answer: {
    fields: [{ id: 'available', label: '可用额度（元）', hint: '如：12345.67', type: 'number' }],
    expected: (p, input) => {
      const c = walletOf(input.init).cards.find((x) => x.id === p.cardId)!;
      return { available: yuanAnswer(c.limit - c.used) };
    },
  },
  async oracle(ui, p) {
    await openWalletHome(ui);
    await ui.tap('wallet.action.cards');
    await scrollAndTap(ui, `wallet.card.${p.cardId}`, 'wallet.cards.list');
    const c = walletOf(ui.state).cards.find((x) => x.id === p.cardId)!;
    const text = `¥${formatYuan(c.limit - c.used)}`;
    if (ui.find('wallet.card.available')?.text !== text) throw new Error(`the available credit ${text} is not shown`);
    return formatYuan(c.limit - c.used);
  },
});
