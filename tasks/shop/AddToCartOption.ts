import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { optionSoldOut } from '../../simulator-apps/shop/logic.ts';
import { chooseSku, nextId, openProduct, optionPhrase, productOf, shopOf, uniqueTitled } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  productId: string;
  skuId: string;
  title: string;
  option: string;
  qty: number;
}

/**
 * 加入购物车 with two option groups (颜色 × 尺码). Trap: another colour or size of the same product
 * is 缺货, so the sheet does not let the first values through blindly.
 */
export default defineTask<P>({
  goal: (p) => `把「${p.title}」加入优选购物车：${p.option}，数量${p.qty}件。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['cart', 'options', 'trap', 'search'],
  params: {
    ...spreadParam('_item', ['productId', 'skuId', 'title', 'option', 'qty'], (state, rng) => {
      const s = shopOf(state);
      const candidates = uniqueTitled(s).filter((p) => p.options.length === 2 && p.skus.some((k) => k.stock >= 3) && !s.cart.some((c) => c.productId === p.id));
      const p = rng.pick(candidates);
      const sku = rng.pick(p.skus.filter((k) => k.stock >= 3));
      return { productId: p.id, skuId: sku.id, title: p.title, option: optionPhrase(p, sku), qty: rng.int(1, 3) };
    }),
  },
  postSample({ state, p }) {
    // The first value of the other group is out of stock with the wanted colour (a visible 缺货 chip).
    const prod = productOf(state, p.productId);
    const want = prod.skus.find((k) => k.id === p.skuId)!;
    const other = prod.skus.find((k) => k.values[0] === want.values[0] && k.id !== want.id);
    if (other && !optionSoldOut(prod, 0, want.values[0])) other.stock = 0;
    want.stock = Math.max(want.stock, p.qty + 2);
  },
  checkGoals(input, p) {
    const id = nextId(shopOf(input.init).cart.map((c) => c.id), 'ci_', 3);
    const line = shopOf(input.final).cart.find((c) => c.id === id);
    return [
      criteria.equals('a new cart line for this product and option', line ? `${line.productId}/${line.skuId}` : null, `${p.productId}/${p.skuId}`, `apps.shop.cart[${id}]`),
      criteria.equals('with the quantity asked for', line?.qty ?? null, p.qty),
    ];
  },
  async oracle(ui, p) {
    const prod = productOf(ui.state, p.productId);
    await openProduct(ui, prod);
    await ui.tap('shop.detail.addCart');
    await chooseSku(ui, prod, prod.skus.find((k) => k.id === p.skuId)!, p.qty);
    await ui.tap('shop.sku.addCart');
  },
});
