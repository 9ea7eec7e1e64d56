import { defineTask } from '../../bridge/tasks/api.ts';
import { openShopTab, priceText, shopOf } from './_helpers.ts';
import { SHOP_CATEGORIES } from '../../simulator-apps/shop/types.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  brand: string;
  category: string;
}

/** 分类 / 搜索 → 筛选 品牌 → 价格↑ → the first card. The answer is the lowest listed price (元). */
export default defineTask<P>({
  goal: (p) => `优选上「${p.brand}」这个品牌在${p.category}类里最便宜的商品卖多少钱（元）？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['search', 'filter'],
  params: {
    ...spreadParam('_brand', ['brand', 'category'], (state, rng) => {
      const s = shopOf(state);
      const cat = rng.pick(SHOP_CATEGORIES);
      const brands = [...new Set(s.products.filter((p) => p.category === cat).map((p) => p.brand))].filter((b) => s.products.filter((p) => p.brand === b).length >= 2);
      return { brand: rng.pick(brands), category: cat };
    }),
  },
  answer: {
    fields: [{ id: 'price', label: '最低价格（元）', hint: '如：129.9', type: 'number' }],
    expected: (p, input) => {
      const min = Math.min(...shopOf(input.init).products.filter((x) => x.brand === p.brand && x.category === p.category).map((x) => x.price));
      return { price: { number: min / 100, tolerance: 0.001 } };
    },
  },
  async oracle(ui, p) {
    await openShopTab(ui, '/');
    await ui.tap(`shop.home.cat.${p.category}`);
    await ui.tap('shop.filter');
    await ui.tap(`shop.filter.brand.${p.brand}`);
    await ui.tap('shop.filter.apply');
    await ui.tap('shop.sort.price');
    const first = ui.findAll('shop.product.*')[0];
    if (!first) throw new Error('no product on screen');
    const prod = shopOf(ui.state).products.find((x) => `shop.product.${x.id}` === first.key)!;
    const text = `¥${priceText(prod.price)}`;
    if (!first.text.replace(/\s+/g, '').includes(text)) throw new Error(`the first card does not show ${text}: ${first.text}`);
    return priceText(prod.price);
  },
});
