import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { autoCoupon, chooseSku, ensureBalance, nextIds, optionPhrase, orderOf, paidOrderCriteria, payInWallet, productOf, searchAndOpen, shopOf } from './_helpers.ts';
import { TRAP_PAIRS } from '../../simulator-apps/shop/data.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  productId: string;
  skuId: string;
  title: string;
  brand: string;
  keyword: string;
  option: string;
  qty: number;
}

/**
 * Search, choose the option, buy now, pay with the wallet. Trap: the product has a look-alike from
 * a brand whose name differs by one character, with the same title otherwise.
 */
export default defineTask<P>({
  goal: (p) => `在优选上买「${p.title}」（${p.option}），数量${p.qty}件，立即购买并用钱包余额付款。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['shop', 'wallet'],
  startApp: 'shop',
  tags: ['payment', 'cross-app', 'trap', 'search'],
  params: {
    ...spreadParam('_item', ['productId', 'skuId', 'title', 'brand', 'keyword', 'option', 'qty'], (state, rng) => {
      const pair = rng.pick(TRAP_PAIRS);
      const brand = rng.pick(pair.brands);
      const p = shopOf(state).products.find((x) => x.brand === brand && x.category === pair.category && x.title.includes(' '))!;
      const skus = p.skus.filter((k) => k.stock >= 3);
      const sku = skus.length > 0 ? rng.pick(skus) : p.skus.find((k) => k.stock > 0)!;
      const qty = sku.stock >= 3 ? rng.int(1, 2) : 1;
      return { productId: p.id, skuId: sku.id, title: p.title, brand: p.brand, keyword: p.title.slice(p.brand.length + 1, p.brand.length + 5), option: optionPhrase(p, sku), qty };
    }),
  },
  postSample({ state, p }) {
    const sku = productOf(state, p.productId).skus.find((k) => k.id === p.skuId)!;
    ensureBalance(state, sku.price * p.qty + 1000);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const item = order?.items[0];
    return [
      criteria.that('one new order with exactly this item', order?.items.length === 1, { expected: 1, actual: order?.items.length ?? 0, path: `apps.shop.orders[${orderId}]` }),
      criteria.equals('the product (brand) is right', item?.productId ?? null, p.productId),
      criteria.equals('the option is right', item?.skuId ?? null, p.skuId),
      criteria.equals('the quantity is right', item?.qty ?? null, p.qty),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges(input, p) {
    const coupon = autoCoupon(input.init, [{ productId: p.productId, skuId: p.skuId, qty: p.qty }]);
    return [`apps.shop.products[${p.productId}].skus[${p.skuId}].stock`, ...(coupon ? [`apps.shop.coupons[${coupon}].usedBy`] : [])];
  },
  async oracle(ui, p) {
    await searchAndOpen(ui, p.keyword, p.productId);
    if (!ui.find('shop.detail.title')?.text.includes(p.title)) throw new Error('opened the wrong product');
    await ui.tap('shop.detail.buy');
    await chooseSku(ui, productOf(ui.state, p.productId), productOf(ui.state, p.productId).skus.find((k) => k.id === p.skuId)!, p.qty);
    await ui.tap('shop.sku.buy');
    await ui.tap('shop.checkout.submit');
    await payInWallet(ui);
  },
});
