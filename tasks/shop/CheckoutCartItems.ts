import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { autoCoupon, ensureBalance, nextIds, openShopTab, orderOf, paidOrderCriteria, payInWallet, productOf, quoteLines, shopOf, uniqueTitled } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  itemA: string;
  itemB: string;
  titleA: string;
  titleB: string;
}

/**
 * 购物车: buy exactly two of the lines, let the checkout apply the best coupon, pay with the wallet.
 * Trap: another line is already ticked (it must not be bought), and a category coupon that looks
 * bigger does not apply to these items.
 */
export default defineTask<P>({
  goal: (p) => `在优选购物车里只结算「${p.titleA}」和「${p.titleB}」这两件（其他商品这次不买），用能用的最优惠的优惠券，并用钱包余额付款。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['shop', 'wallet'],
  startApp: 'shop',
  tags: ['payment', 'cross-app', 'cart', 'coupons', 'trap'],
  params: {
    ...spreadParam('_pair', ['itemA', 'itemB', 'titleA', 'titleB'], (state, rng) => {
      const s = shopOf(state);
      const ok = new Set(uniqueTitled(s).map((p) => p.id));
      const lines = s.cart.filter((c) => ok.has(c.productId) && productOf(state, c.productId).skus.find((k) => k.id === c.skuId)!.stock >= c.qty);
      if (lines.length < 3) return null;
      const [a, b] = rng.shuffle(lines);
      return { itemA: a.id, itemB: b.id, titleA: productOf(state, a.productId).title, titleB: productOf(state, b.productId).title };
    }),
  },
  postSample({ state, p }) {
    const s = shopOf(state);
    // A and B unticked, one other line ticked: the agent must change the selection.
    for (const c of s.cart) c.selected = false;
    s.cart.find((c) => c.id !== p.itemA && c.id !== p.itemB)!.selected = true;
    const total = s.cart.filter((c) => c.id === p.itemA || c.id === p.itemB).reduce((n, c) => n + productOf(state, c.productId).skus.find((k) => k.id === c.skuId)!.price * c.qty, 0);
    ensureBalance(state, total + 1000);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const cart = shopOf(input.init).cart;
    const want = cart.filter((c) => c.id === p.itemA || c.id === p.itemB);
    const lines = want.map((c) => ({ productId: c.productId, skuId: c.skuId, qty: c.qty }));
    const best = autoCoupon(input.init, lines);
    const got = (order?.items ?? []).map((i) => `${i.productId}/${i.skuId}/${i.qty}`).sort();
    const s = shopOf(input.init);
    const bestDiscount = best ? Math.min(s.coupons.find((c) => c.id === best)!.discount, quoteLines(s, lines).reduce((n, l) => n + l.price * l.qty, 0)) : 0;
    return [
      criteria.equals('the new order holds exactly the two lines', got, want.map((c) => `${c.productId}/${c.skuId}/${c.qty}`).sort(), `apps.shop.orders[${orderId}]`),
      criteria.equals('the best usable coupon was used', order?.couponId ?? null, best),
      criteria.equals('its discount (fen)', order?.discount ?? null, bestDiscount),
      criteria.that('the two lines left the cart, the others stayed', !shopOf(input.final).cart.some((c) => c.id === p.itemA || c.id === p.itemB) && shopOf(input.final).cart.length === cart.length - 2, { path: `apps.shop.cart[${p.itemA}]` }),
      criteria.that('line B left the cart', !shopOf(input.final).cart.some((c) => c.id === p.itemB), { path: `apps.shop.cart[${p.itemB}]` }),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges(input, p) {
    const cart = shopOf(input.init).cart.filter((c) => c.id === p.itemA || c.id === p.itemB);
    const best = autoCoupon(input.init, cart.map((c) => ({ productId: c.productId, skuId: c.skuId, qty: c.qty })));
    return ['apps.shop.cart[*].selected', ...cart.map((c) => `apps.shop.products[${c.productId}].skus[${c.skuId}].stock`), ...(best ? [`apps.shop.coupons[${best}].usedBy`] : [])];
  },
  async oracle(ui, p) {
    await openShopTab(ui, '/cart');
    for (const c of shopOf(ui.state).cart) {
      const want = c.id === p.itemA || c.id === p.itemB;
      if (c.selected !== want) {
        await scrollAndTap(ui, `shop.cart.check.${c.id}`, 'shop.cart.list');
      }
    }
    await ui.tap('shop.cart.checkout');
    await ui.scrollTo('shop.checkout.coupon', { within: 'shop.checkout.scroll' });
    await ui.tap('shop.checkout.submit');
    await payInWallet(ui);
  },
});
