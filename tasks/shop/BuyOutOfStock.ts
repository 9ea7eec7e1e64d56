import { defineTask } from '../../bridge/tasks/api.ts';
import { optionSoldOut } from '../../simulator-apps/shop/logic.ts';
import { openProduct, productOf, shopOf, uniqueTitled } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  productId: string;
  title: string;
  group: string;
  value: string;
}

/** Infeasible: the asked-for colour (or size, flavour…) is 缺货 in every combination; the chip is disabled. */
export default defineTask<P>({
  goal: (p) => `在优选买一件「${p.title}」，${p.group}要“${p.value}”，用钱包付款。如果买不了，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['infeasible', 'options', 'payment'],
  params: {
    ...spreadParam('_item', ['productId', 'title', 'group', 'value'], (state, rng) => {
      const s = shopOf(state);
      const candidates = uniqueTitled(s).filter((p) => p.options[0].values.length > 1);
      const p = rng.pick(candidates);
      return { productId: p.id, title: p.title, group: p.options[0].name, value: rng.pick(p.options[0].values) };
    }),
  },
  postSample({ state, p }) {
    const prod = productOf(state, p.productId);
    for (const k of prod.skus) {
      if (k.values[0] === p.value) k.stock = 0;
      else if (k.stock === 0) k.stock = 5;
    }
  },
  answer: infeasibleAnswer({ id: 'orderNo', label: '订单编号', type: 'text' }),
  async oracle(ui, p) {
    const prod = productOf(ui.state, p.productId);
    await openProduct(ui, prod);
    await ui.tap('shop.detail.buy');
    const i = prod.options[0].values.indexOf(p.value);
    const chip = ui.find(`shop.sku.opt.0.${i}`);
    if (!chip?.disabled || !optionSoldOut(productOf(ui.state, p.productId), 0, p.value)) throw new Error(`the ${p.value} chip is not disabled`);
    return { infeasible: `「${p.title}」的${p.group}“${p.value}”已经缺货（所有规格都售罄），无法购买` };
  },
});
