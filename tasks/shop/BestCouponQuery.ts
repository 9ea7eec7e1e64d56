import { defineTask } from '../../bridge/tasks/api.ts';
import { couponStatus } from '../../simulator-apps/shop/logic.ts';
import { openShopTab, shopOf } from './_helpers.ts';

/** 我的 → 优惠券 → 可使用: the one that takes the most off (expired and used ones do not count). */
export default defineTask({
  goal: '我在优选还能用的优惠券里，减免金额最大的是哪一张？告诉我券的名称和它要满多少元才能用（无门槛填0）。',
  difficulty: 'L2',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['coupons'],
  postSample({ state, rng }) {
    // An expired coupon bigger than every valid one: the trap of reading the wrong tab.
    const s = shopOf(state);
    const now = state.os.time.timestamp;
    const top = Math.max(...s.coupons.filter((c) => couponStatus(c, now) === 'valid').map((c) => c.discount));
    const expired = s.coupons.find((c) => couponStatus(c, now) === 'expired')!;
    expired.discount = top + rng.int(1, 5) * 1000;
    expired.threshold = Math.max(expired.threshold, expired.discount * 4);
    expired.title = `满${expired.threshold / 100}减${expired.discount / 100}`;
  },
  answer: {
    fields: [
      { id: 'title', label: '优惠券名称', hint: '如：满300减30', type: 'text' },
      { id: 'threshold', label: '使用门槛（元）', type: 'number' },
    ],
    expected: (_p, input) => {
      const now = input.init.os.time.timestamp;
      const valid = shopOf(input.init).coupons.filter((c) => couponStatus(c, now) === 'valid').sort((a, b) => b.discount - a.discount);
      return { title: valid[0].title, threshold: { number: valid[0].threshold / 100, tolerance: 0 } };
    },
  },
  async oracle(ui) {
    await openShopTab(ui, '/me');
    await ui.tap('shop.me.coupons');
    const now = ui.state.os.time.timestamp;
    const best = shopOf(ui.state).coupons.filter((c) => couponStatus(c, now) === 'valid').sort((a, b) => b.discount - a.discount)[0];
    await ui.scrollTo(`shop.coupon.${best.id}`, { within: 'shop.coupons.list' });
    const node = ui.find(`shop.coupon.title.${best.id}`) ?? { text: '' };
    if (node.text !== best.title) throw new Error(`the coupon shows ${node.text}`);
    return { title: best.title, threshold: String(best.threshold / 100) };
  },
});
