import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import type { Dish } from '../../simulator-apps/food/types.ts';
import { addDish, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, openShop, orderOf, orderSideChanges, paidOrderCriteria, picksPhrase, checkoutAndPay, shopOf, uniqueDishes, unitPrice } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  picks: string[][];
  spec: string;
}

const isDrink = (d: Dish) => d.art === 'tea' || d.art === 'coffee';

/**
 * Interactive, three apps: ask a friend in 轻聊 what they want from a drinks shop; they answer
 * with a drink and how they like it; order exactly that to the default address and pay.
 */
export default defineTask<P>({
  goal: (p) => `在轻聊问问“${p.friendName}”想喝“${p.shopName}”的什么，按对方说的饮品和口味在饭来外卖点一杯送到默认地址，用钱包付款。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'food', 'wallet'],
  startApp: 'home',
  tags: ['interactive', 'cross-app', 'payment', 'options'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...spreadParam('_drink', ['shopId', 'shopName', 'dishId', 'dishName', 'picks', 'spec'], (state, rng) => {
      const shops = foodOf(state).shops.filter((s) => uniqueDishes(s, (d) => isDrink(d) && d.options.length > 0).length > 0);
      if (shops.length === 0) return null;
      const shop = rng.pick(shops);
      const dish = rng.pick(uniqueDishes(shop, (d) => isDrink(d) && d.options.length > 0));
      const picks = dish.options.map((g) => (g.multi ? [] : [rng.pick(g.choices).name]));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name, picks, spec: picksPhrase(picks) };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    foodOf(state).cart = foodOf(state).cart.filter((l) => l.shopId !== p.shopId);
    const price = unitPrice(dishOf(state, p.shopId, p.dishId), p.picks);
    shop.minOrder = Math.min(shop.minOrder, price);
    ensureBalance(state, price + shop.deliveryFee);
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered }) => {
      if (!unanswered.some((t) => /喝|饮|奶茶|咖啡|什么|想要/.test(t) || t.includes(p.shopName))) return { text: '嗯？怎么啦' };
      return { text: `我要一杯${p.dishName}，${p.spec}，谢谢！`, done: true };
    },
  ),
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    return [
      criteria.that(`asked ${p.friendName} in the chat app`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
      ...itemsCriteria(orderOf(input.final, orderId), p.shopId, [{ dishId: p.dishId, picks: p.picks, qty: 1 }]),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges: (input, p) => [...orderSideChanges(input, p.shopId), ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `我在点${p.shopName}，你想喝什么？`);
    const reply = ui.findAll({ textIncludes: '我要一杯' }).at(-1);
    if (!reply?.text.includes(p.dishName)) throw new Error(`${p.friendName} did not answer with the drink`);
    await ui.openApp('food');
    await openShop(ui, p.shopId);
    await addDish(ui, dishOf(ui.state, p.shopId, p.dishId), p.picks, 1);
    await checkoutAndPay(ui);
  },
});
