import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { defaultPicks } from '../../simulator-apps/food/logic.ts';
import { chatOf, namedChatParam, openConversation } from '../chat/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { addDish, dishOf, ensureBalance, foodOf, itemsCriteria, keepOpen, nextIds, openShop, openShops, orderOf, orderSideChanges, paidOrderCriteria, payInWallet, shopOf, uniqueDishes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
  shopId: string;
  shopName: string;
  dishId: string;
  dishName: string;
  address: string;
  room: string;
  phone: string;
  messageId: string;
}

const PLACES = [
  { address: '上城区 庆春路 118号 嘉德广场', room: '9楼前台' },
  { address: '西湖区 教工路 88号 立元大厦', room: '1203室' },
  { address: '滨江区 滨盛路 1509号 天恒大厦', room: 'A座6楼' },
] as const;

/**
 * Memory, three apps: a friend's message in 轻聊 gives the address (and number) to send food to;
 * the agent remembers it, adds it in 饭来 at the checkout and orders there, paying with the wallet.
 */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”在轻聊里发了一个地址，让我请他吃饭。请在饭来外卖的“${p.shopName}”点一份「${p.dishName}」（默认规格），送到他消息里的地址（联系人写他的名字，电话用他给的），用钱包付款。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'food', 'wallet'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'payment', 'address'],
  params: {
    ...namedChatParam(),
    ...spreadParam('_dish', ['shopId', 'shopName', 'dishId', 'dishName'], (state, rng) => {
      const shop = rng.pick(openShops(state).filter((s) => uniqueDishes(s).length > 0));
      const dish = rng.pick(uniqueDishes(shop));
      return { shopId: shop.id, shopName: shop.name, dishId: dish.id, dishName: dish.name };
    }),
    ...spreadParam('_place', ['address', 'room'], (_s, rng) => ({ ...rng.pick(PLACES) })),
    phone: { type: 'string', pattern: '1(3[5-9]|5[0-3]|8[6-9])\\d{8}' },
    messageId: {
      sampler: (state) => {
        let max = 0;
        for (const ch of chatOf(state).chats) for (const m of ch.messages) max = Math.max(max, Number(m.id.slice(2)));
        return `m_${String(max + 1).padStart(5, '0')}`;
      },
    },
  },
  postSample({ state, p }) {
    const chat = chatOf(state);
    const c = chat.chats.find((x) => x.id === p.chatId)!;
    c.messages.push({ id: p.messageId, from: c.contactId, text: `我今天在公司加班，地址是${p.address} ${p.room}，电话${p.phone}，谢啦！`, time: state.os.time.timestamp - 20 * 60_000 });
    c.unread += 1;
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    foodOf(state).cart = foodOf(state).cart.filter((l) => l.shopId !== p.shopId);
    const dish = dishOf(state, p.shopId, p.dishId);
    shop.minOrder = Math.min(shop.minOrder, dish.price);
    ensureBalance(state, dish.price + shop.deliveryFee);
  },
  checkGoals(input, p) {
    const { orderId } = nextIds(input.init);
    const order = orderOf(input.final, orderId);
    const norm = (t: string) => t.replace(/\s+/g, '');
    return [
      ...itemsCriteria(order, p.shopId, [{ dishId: p.dishId, picks: defaultPicks(dishOf(input.init, p.shopId, p.dishId)), qty: 1 }]),
      criteria.equals("sent to the friend's address", order ? norm(`${order.address.address}${order.address.room}`) : null, norm(`${p.address}${p.room}`)),
      criteria.equals("with the friend's name and number", order ? `${order.address.name} ${order.address.phone}` : null, `${p.contactName} ${p.phone}`),
      ...paidOrderCriteria(input, orderId),
    ];
  },
  expectedChanges: (input, p) => [...orderSideChanges(input, p.shopId), 'apps.food.addresses[*]', `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await openConversation(ui, p.chatId);
    const msg = await ui.scrollTo(`chat.message.${p.messageId}`, { within: 'chat.messages' });
    if (!msg.text.includes(p.address)) throw new Error(`the message does not hold the address: ${msg.text}`);
    await ui.openApp('food');
    await openShop(ui, p.shopId);
    const dish = dishOf(ui.state, p.shopId, p.dishId);
    await addDish(ui, dish, defaultPicks(dish), 1);
    await ui.tap('food.cartbar.checkout');
    await ui.tap('food.checkout.address');
    await ui.tap('food.address.add');
    await ui.type('food.addr.name', p.contactName);
    await ui.type('food.addr.phone', p.phone);
    await ui.type('food.addr.address', p.address);
    await ui.type('food.addr.room', p.room);
    await ui.tap('food.addr.save');
    const added = foodOf(ui.state).addresses.find((a) => a.address === p.address)!;
    await ui.tap(`food.address.${added.id}`);
    await ui.tap('food.checkout.submit');
    await payInWallet(ui);
  },
});
