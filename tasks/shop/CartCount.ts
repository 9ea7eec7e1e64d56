import { defineTask } from '../../bridge/tasks/api.ts';
import { cartCount, openShopTab, shopOf } from './_helpers.ts';

/** The 购物车 shows “共N件宝贝” (units, every line's quantity added up). */
export default defineTask({
  goal: '我的优选购物车里现在一共有多少件商品（把每种商品的数量加起来）？',
  difficulty: 'L1',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['cart'],
  postSample({ state, rng }) {
    const s = shopOf(state);
    const c = rng.pick(s.cart);
    const sku = s.products.find((p) => p.id === c.productId)!.skus.find((k) => k.id === c.skuId)!;
    c.qty = Math.max(1, Math.min(sku.stock, rng.int(1, 4)));
  },
  answer: {
    fields: [{ id: 'count', label: '商品件数', type: 'number' }],
    expected: (_p, input) => ({ count: { number: cartCount(shopOf(input.init)), tolerance: 0 } }),
  },
  async oracle(ui) {
    await openShopTab(ui, '/cart');
    const text = ui.find('shop.cart.count')?.text ?? '';
    const m = text.match(/共(\d+)件/);
    if (!m || Number(m[1]) !== cartCount(shopOf(ui.state))) throw new Error(`the cart shows "${text}"`);
    return m[1];
  },
});
