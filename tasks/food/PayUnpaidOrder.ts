import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { FOOD_MERCHANT, paymentTitle, quote, specText, unitPrice } from '../../simulator-apps/food/logic.ts';
import { nextOrderId } from '../../simulator-apps/wallet/payments.ts';
import { spreadParam } from '../_shared/params.ts';
import { ensureBalance, foodOf, keepOpen, MINUTE, nowOf, openFoodTab, orderOf, payInWallet, shopOf, uniqueDishes, uniqueShops, walletOf } from './_helpers.ts';
import { nextBillId } from '../wallet/_helpers.ts';

interface P extends Record<string, unknown> {
  orderId: string;
  shopId: string;
  shopName: string;
}

/** An order was submitted but not paid (its wallet payment is waiting): 去支付 → the cashier. */
export default defineTask<P>({
  goal: (p) => `我在饭来外卖“${p.shopName}”下的单还没付钱，帮我用钱包付掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['food', 'wallet'],
  startApp: 'food',
  tags: ['payment', 'cross-app', 'orders'],
  params: {
    ...spreadParam('_shop', ['shopId', 'shopName', 'orderId'], (state, rng) => {
      const used = new Set(foodOf(state).orders.map((o) => o.shopId));
      const s = rng.pick(uniqueShops(state, (x) => !used.has(x.id) && uniqueDishes(x).length > 0));
      return { shopId: s.id, shopName: s.name, orderId: `fo_${String(foodOf(state).orders.length + 1).padStart(3, '0')}` };
    }),
  },
  postSample({ state, p }) {
    const shop = shopOf(state, p.shopId);
    keepOpen(shop);
    const dish = uniqueDishes(shop)[0];
    const picks = dish.options.map((g) => (g.multi ? [] : [g.choices[0].name]));
    const q = quote(unitPrice(dish, picks) * 2, shop.deliveryFee, null);
    const now = nowOf(state);
    const a = foodOf(state).addresses.find((x) => x.isDefault)!;
    const order = { id: p.orderId, no: `2603140930${String(now % 1_000_000).padStart(6, '0')}`, shopId: shop.id, shopName: shop.name, items: [{ dishId: dish.id, name: dish.name, spec: specText(picks), picks, price: unitPrice(dish, picks), qty: 2 }], address: { name: a.name, phone: a.phone, address: a.address, room: a.room }, note: '', subtotal: q.subtotal, deliveryFee: q.deliveryFee, couponId: null, discount: 0, total: q.total, status: 'unpaid' as const, createdAt: now - 3 * MINUTE, paidAt: null, times: null, payOrderId: null as string | null, payBillId: null, cancelledAt: null, refundBillId: null, review: null };
    const wallet = walletOf(state);
    order.payOrderId = nextOrderId(wallet);
    wallet.orders.push({ id: order.payOrderId, merchant: FOOD_MERCHANT, title: paymentTitle(order), amount: order.total, status: 'unpaid', createdAt: order.createdAt, paidAt: null, billId: null, category: '餐饮', source: { app: 'food', ref: order.id, returnPath: `/order/${order.id}` } });
    foodOf(state).orders.push(order);
    ensureBalance(state, order.total);
  },
  checkGoals(input, p) {
    const order = orderOf(input.final, p.orderId);
    const before = walletOf(input.init);
    const after = walletOf(input.final);
    const bill = after.bills.find((b) => b.id === nextBillId(before));
    return [
      criteria.equals('the order is paid', order?.status ?? null, 'paid', `apps.food.orders[${p.orderId}]`),
      criteria.equals('one bill to 饭来外卖 for its total', bill ? `${bill.direction}/${bill.counterparty}/${bill.amount}` : null, `out/${FOOD_MERCHANT}/${order?.total ?? -1}`, `apps.wallet.bills[${nextBillId(before)}]`),
      criteria.equals('the balance went down by the total', after.balance, before.balance - (order?.total ?? 0), 'apps.wallet.balance'),
    ];
  },
  expectedChanges: (input, p) => [`apps.wallet.orders[${orderOf(input.init, p.orderId)!.payOrderId}].**`],
  async oracle(ui, p) {
    await openFoodTab(ui, '/orders');
    await ui.tap(`food.orders.pay.${p.orderId}`);
    await payInWallet(ui);
  },
});
