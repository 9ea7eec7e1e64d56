import { defineTask, match } from '../../bridge/tasks/api.ts';
import { openShopTab, productOf, shopOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  itemId: string;
  title: string;
}

/** 购物车 → 管理 → only that line selected → 删除 → confirm. The other lines stay (selection may change). */
export default defineTask<P>({
  goal: (p) => `把优选购物车里的「${p.title}」删掉，其他商品保留。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['cart'],
  params: {
    ...spreadParam('_item', ['itemId', 'title'], (state, rng) => {
      const s = shopOf(state);
      const titles = s.cart.map((c) => productOf(state, c.productId).title);
      const unique = s.cart.filter((_, i) => titles.filter((t) => t === titles[i]).length === 1);
      const c = rng.pick(unique);
      return { itemId: c.id, title: productOf(state, c.productId).title };
    }),
  },
  criteria: (p, input) => ({
    [`apps.shop.cart[${p.itemId}]`]: match.absent(),
    ...Object.fromEntries(shopOf(input.init).cart.filter((c) => c.id !== p.itemId).map((c) => [`apps.shop.cart[${c.id}].qty`, c.qty])),
  }),
  expectedChanges: () => ['apps.shop.cart[*].selected'],
  async oracle(ui, p) {
    await openShopTab(ui, '/cart');
    await ui.tap('shop.cart.manage');
    const others = shopOf(ui.state).cart.filter((c) => c.id !== p.itemId && c.selected);
    if (others.length > 0) {
      if (ui.find('shop.cart.all')?.checked) await ui.tap('shop.cart.all');
      else {
        await ui.tap('shop.cart.all');
        await ui.tap('shop.cart.all');
      }
    }
    await ui.scrollTo(`shop.cart.check.${p.itemId}`, { within: 'shop.cart.list' });
    if (!ui.find(`shop.cart.check.${p.itemId}`)?.checked) await ui.tap(`shop.cart.check.${p.itemId}`);
    await ui.tap('shop.cart.delete');
    await ui.tap('dialog.confirm');
  },
});
