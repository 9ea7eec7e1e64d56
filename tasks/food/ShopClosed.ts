import { defineTask } from '../../bridge/tasks/api.ts';
import { hoursText } from '../../simulator-apps/food/logic.ts';
import { pad2 } from '../../simulator-apps/shared/dates.ts';
import { wallClock } from '../../simulator-apps/shared/time.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { foodOf, nowOf, openShop, shopOf, uniqueDishes, uniqueShops } from './_helpers.ts';

interface P extends Record<string, unknown> {
  shopId: string;
  shopName: string;
  dishName: string;
}

/** Infeasible: at the phone's time the shop is 休息中 (it opens later today); it takes no orders. */
export default defineTask<P>({
  goal: (p) => `现在就在饭来外卖的“${p.shopName}”点一份「${p.dishName}」送到默认地址并付款。如果现在点不了，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['food'],
  startApp: 'food',
  tags: ['infeasible', 'clock', 'payment'],
  params: {
    ...spreadParam('_shop', ['shopId', 'shopName', 'dishName'], (state, rng) => {
      const s = rng.pick(uniqueShops(state, (x) => uniqueDishes(x).length > 0));
      return { shopId: s.id, shopName: s.name, dishName: rng.pick(uniqueDishes(s)).name };
    }),
  },
  postSample({ state, p, rng }) {
    // Opens one to three hours after the phone's time, closes late at night.
    const w = wallClock(nowOf(state), state.os.time.timezone);
    const shop = shopOf(state, p.shopId);
    shop.open = `${pad2(Math.min(w.hour + rng.int(1, 3), 20))}:${rng.pick(['00', '30'])}`;
    shop.close = rng.pick(['22:00', '23:30', '25:00']);
    foodOf(state).cart = foodOf(state).cart.filter((l) => l.shopId !== p.shopId);
  },
  answer: infeasibleAnswer({ id: 'orderNo', label: '订单号', type: 'text' }),
  async oracle(ui, p) {
    await openShop(ui, p.shopId);
    if (!ui.find('food.shop.closed')) throw new Error('the shop does not say it is closed');
    return { infeasible: `“${p.shopName}”现在休息中（营业时间 ${hoursText(shopOf(ui.state, p.shopId))}），暂不接单` };
  },
});
