import { defineTask } from '../../bridge/tasks/api.ts';
import { couponStatus } from '../../simulator-apps/shop/logic.ts';
import { openShopTab, shopOf, uniqueTitled } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  couponId: string;
  coupon: string;
  productId: string;
  title: string;
}

/** Infeasible: the coupon the user names has expired (it is under 已过期, and the checkout lists it as unusable). */
export default defineTask<P>({
  goal: (p) => `用我的「${p.coupon}」优惠券在优选买一件「${p.title}」，并用钱包付款。如果这张券用不了，请告诉我原因，不要下单。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['infeasible', 'coupons', 'payment'],
  params: {
    ...spreadParam('_coupon', ['couponId', 'coupon', 'productId', 'title'], (state, rng) => {
      const s = shopOf(state);
      const now = state.os.time.timestamp;
      const c = rng.pick(s.coupons.filter((x) => couponStatus(x, now) === 'expired' && s.coupons.filter((y) => y.title === x.title).length === 1));
      const p = rng.pick(uniqueTitled(s).filter((x) => x.price >= c.threshold && x.skus.some((k) => k.stock > 0)));
      return { couponId: c.id, coupon: c.title, productId: p.id, title: p.title };
    }),
  },
  answer: infeasibleAnswer({ id: 'orderNo', label: '订单编号', type: 'text' }),
  async oracle(ui, p) {
    await openShopTab(ui, '/me');
    await ui.tap('shop.me.coupons');
    await ui.tap('shop.coupons.tab.expired');
    await ui.scrollTo(`shop.coupon.${p.couponId}`, { within: 'shop.coupons.list' });
    const node = ui.find(`shop.coupon.title.${p.couponId}`) ?? { text: '' };
    if (node.text !== p.coupon) throw new Error(`the expired tab shows ${node.text}`);
    return { infeasible: `「${p.coupon}」优惠券已经过期，不能使用` };
  },
});
