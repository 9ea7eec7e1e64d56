/**
 * Shared pieces of the food suite: typed access to the 饭来 slice, samplers that pick shops, dishes
 * and orders a goal can name without ambiguity, the set-up moves that put the clock's stage where a
 * task needs it, the criteria of an order paid from the wallet, and oracle navigation (taps on
 * `data-ui` keys only). Files starting with `_` are not tasks.
 */
import type { OracleUi, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { bestCoupon, defaultAddress, FOOD_MERCHANT, isOpen, picksProblem, specText, stageOf, unitPrice } from '../../simulator-apps/food/logic.ts';
import type { Dish, FoodState, Order, Shop } from '../../simulator-apps/food/types.ts';
import { nextId } from '../../simulator-apps/shared/ids.ts';
import { formatClock } from '../../simulator-apps/shared/time.ts';
import { nextOrderId } from '../../simulator-apps/wallet/payments.ts';
import { ensureBalance as ensureWalletBalance, nextBillId, payAtCashier, walletOf } from '../wallet/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { byId } from '../_shared/records.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { bestCoupon, defaultAddress, formatClock, isOpen, specText, stageOf, unitPrice, walletOf };

export const MINUTE = 60_000;

export function foodOf(state: PhoneState): FoodState {
  return state.apps.food as unknown as FoodState;
}

export function shopOf(state: PhoneState, id: string): Shop {
  return byId(foodOf(state).shops, id, 'shop');
}

export function dishOf(state: PhoneState, shopId: string, dishId: string): Dish {
  return byId(shopOf(state, shopId).dishes, dishId, 'dish');
}

export function orderOf(state: PhoneState, id: string): Order | undefined {
  return foodOf(state).orders.find((o) => o.id === id);
}

export function nowOf(state: PhoneState): number {
  return state.os.time.timestamp;
}

export function clockOf(state: PhoneState, t: number): string {
  return formatClock(t, state.os.time.timezone);
}

/** Shops open at the phone's time (the seed keeps several open every morning). */
export function openShops(state: PhoneState): Shop[] {
  return foodOf(state).shops.filter((s) => isOpen(s, nowOf(state), state.os.time.timezone));
}

/** Opens a shop from 00:00 to 24:00 (the task is not about its hours). */
export function keepOpen(shop: Shop): void {
  shop.open = '00:00';
  shop.close = '24:00';
}

/** The newest order of the slice (the 订单 list's first row). */
export function newestOrder(state: PhoneState): Order {
  return [...foodOf(state).orders].sort((a, b) => b.createdAt - a.createdAt)[0];
}

/** Moves a paid order's stages so that, at the phone's time, it is at `stage` for at least ten more minutes. */
export function setStage(state: PhoneState, order: Order, stage: 'accepted' | 'cooking' | 'delivering', arriveIn = 25): void {
  const now = nowOf(state);
  const arrive = Math.ceil((now + arriveIn * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const at = { accepted: { accepted: now - MINUTE, cooking: now + 12 * MINUTE }, cooking: { accepted: now - 6 * MINUTE, cooking: now - 4 * MINUTE }, delivering: { accepted: now - 20 * MINUTE, cooking: now - 18 * MINUTE } }[stage];
  const delivering = stage === 'delivering' ? now - 3 * MINUTE : Math.max(at.cooking + MINUTE, arrive - 12 * MINUTE);
  order.status = 'paid';
  order.createdAt = at.accepted - 2 * MINUTE;
  order.paidAt = at.accepted - MINUTE;
  order.times = { accepted: at.accepted, cooking: at.cooking, delivering, arrive };
}

/** A dish's picks as a person says them: `大份，特辣，加蛋`, or `` for a dish without options. */
export function picksPhrase(picks: readonly (readonly string[])[]): string {
  return picks.flat().join('，');
}

/** Random picks for a dish: a choice of each single group, up to two add-ons. */
export function randomPicks(rng: Rng, dish: Dish): string[][] {
  return dish.options.map((g) => (g.multi ? rng.shuffle(g.choices).slice(0, rng.int(0, 2)).map((c) => c.name) : [rng.pick(g.choices).name]));
}

/** Dish names that appear once in a shop (goals name dishes by name). */
export function uniqueDishes(shop: Shop, where: (d: Dish) => boolean = () => true): Dish[] {
  return shop.dishes.filter((d) => !d.soldOut && shop.dishes.filter((x) => x.name === d.name).length === 1 && where(d));
}

/** Shop names that appear once. */
export function uniqueShops(state: PhoneState, where: (s: Shop) => boolean = () => true): Shop[] {
  const shops = foodOf(state).shops;
  return shops.filter((s) => shops.filter((x) => x.name === s.name).length === 1 && where(s));
}

/** Makes the wallet able to pay `amount` comfortably (tasks are not about the balance). */
export function ensureBalance(state: PhoneState, amount: number): void {
  ensureWalletBalance(state, amount, 20_000);
}

/** The order the app creates next, and the wallet records that paying it creates. */
export function nextIds(state: PhoneState): { orderId: string; payOrderId: string; billId: string } {
  return { orderId: nextId(foodOf(state).orders.map((o) => o.id), 'fo_', 3), payOrderId: nextOrderId(walletOf(state)), billId: nextBillId(walletOf(state)) };
}

/**
 * The criteria of one food order paid from the wallet balance: the order is paid and the wallet
 * has exactly one new outgoing 餐饮 bill to 饭来外卖 for the order's total, the balance down by as much.
 */
export function paidOrderCriteria(input: JudgeInput, orderId: string): Criterion[] {
  const order = orderOf(input.final, orderId);
  const init = walletOf(input.init);
  const fin = walletOf(input.final);
  const { payOrderId, billId } = nextIds(input.init);
  const bills = fin.bills.filter((b) => !init.bills.some((x) => x.id === b.id));
  const bill = bills[0];
  return [
    criteria.equals('the order is paid', order?.status ?? null, 'paid', `apps.food.orders[${orderId}]`),
    exactlyOne('exactly one new wallet bill', bills, `apps.wallet.bills[${billId}]`),
    criteria.equals('the bill pays 饭来外卖 for food', bill ? `${bill.direction}/${bill.category}/${bill.counterparty}` : null, `out/餐饮/${FOOD_MERCHANT}`),
    criteria.equals('the bill is the order total (fen)', bill?.amount ?? null, order?.total ?? -1),
    criteria.equals('the balance went down by the order total (fen)', fin.balance, init.balance - (order?.total ?? 0), 'apps.wallet.balance'),
    criteria.that('the wallet payment order exists', fin.orders.some((o) => o.id === payOrderId), { path: `apps.wallet.orders[${payOrderId}]` }),
  ];
}

export interface WantedItem {
  dishId: string;
  picks: string[][];
  qty: number;
}

const picksKey = (picks: readonly (readonly string[])[]): string => picks.map((p) => [...p].sort().join('+')).join('|');

/** The new order at the shop has exactly these items (dish, picks, quantity), in any order. */
export function itemsCriteria(order: Order | undefined, shopId: string, want: readonly WantedItem[]): Criterion[] {
  const key = (i: { dishId: string; picks: readonly (readonly string[])[]; qty: number }) => `${i.dishId}:${picksKey(i.picks)}x${i.qty}`;
  return [
    criteria.equals('the order is from the shop', order?.shopId ?? null, shopId),
    criteria.equals('the dishes, options and quantities', order ? order.items.map(key).sort() : null, want.map(key).sort()),
  ];
}

/** The changes any order leaves beyond the order and the wallet: the shop's cart emptied, the coupon the checkout picks used. */
export function orderSideChanges(input: JudgeInput, shopId: string): string[] {
  const init = foodOf(input.init);
  const lines = init.cart.filter((l) => l.shopId === shopId).map((l) => `apps.food.cart[${l.id}]`);
  return [...lines, 'apps.food.cart', 'apps.food.coupons[*].usedBy'];
}

/** The coupon the checkout picks by itself for a subtotal at a shop, or null. */
export function autoCoupon(state: PhoneState, shopId: string, subtotal: number): string | null {
  return bestCoupon(foodOf(state).coupons, shopId, subtotal, nowOf(state))?.id ?? null;
}

// --- oracle navigation ------------------------------------------------------------------------

const TAB_KEYS = { '/': 'food.tab.home', '/orders': 'food.tab.orders', '/me': 'food.tab.me' } as const;

/** From anywhere, to one of the app's three tabs. */
export async function openFoodTab(ui: OracleUi, tab: keyof typeof TAB_KEYS): Promise<void> {
  if (ui.route.app !== 'food') await ui.openApp('food');
  for (let i = 0; i < 10 && !ui.find('food.tab.home'); i++) await ui.back();
  if (ui.route.app !== 'food') await ui.openApp('food');
  if (!ui.find('food.tab.home')) throw new Error(`could not get back to the food app's tabs (route ${ui.route.path})`);
  if (ui.route.path.split('?')[0] !== tab || (tab === '/' && ui.route.path !== '/')) await ui.tap(TAB_KEYS[tab]);
}

/** 首页 → the shop's card (scrolled to) → the shop. */
export async function openShop(ui: OracleUi, shopId: string): Promise<void> {
  await openFoodTab(ui, '/');
  await scrollAndTap(ui, `food.shop.${shopId}`, 'food.home.list');
}

/** On a shop's page: ＋ or 选规格 on the dish, its picks and quantity, 加入购物车. */
export async function addDish(ui: OracleUi, dish: Dish, picks: readonly (readonly string[])[], qty: number): Promise<void> {
  await scrollAndTap(ui, `food.dish.add.${dish.id}`, 'food.shop.scroll');
  if (dish.options.length === 0) {
    for (let i = 1; i < qty; i++) await ui.tap(`food.dish.add.${dish.id}`);
    return;
  }
  for (const [g, group] of dish.options.entries()) {
    for (const [c, choice] of group.choices.entries()) {
      const want = picks[g].includes(choice.name);
      const node = ui.find(`food.opt.${g}.${c}`);
      if (!node) throw new Error(`no option chip food.opt.${g}.${c}`);
      if (Boolean(node.checked) !== want && (group.multi || want)) await ui.tap(`food.opt.${g}.${c}`);
    }
  }
  for (let i = 1; i < qty; i++) await ui.tap('food.opt.qty.plus');
  if (ui.find('food.opt.qty.value')?.text !== String(qty)) throw new Error(`the quantity shows ${ui.find('food.opt.qty.value')?.text}, not ${qty}`);
  await ui.tap('food.opt.add');
}

/** The shop's cart sheet → 清空购物车 (when the cart bar shows anything). */
export async function clearShopCart(ui: OracleUi): Promise<void> {
  if (!ui.find('food.cartbar.count')) return;
  await ui.tap('food.cartbar.open');
  await ui.tap('food.cart.clear');
}

/** In the wallet's cashier (opened by the app): 立即支付 → six digits → 完成 (back to the order). */
export async function payInWallet(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'wallet') throw new Error(`the wallet's cashier did not open (route ${ui.route.app}${ui.route.path})`);
  await payAtCashier(ui);
  if (ui.find('wallet.done')) await ui.tap('wallet.done');
}

/** On a shop's page with its cart ready: 去结算 → 提交订单 → pay in the wallet. */
export async function checkoutAndPay(ui: OracleUi): Promise<void> {
  await ui.tap('food.cartbar.checkout');
  await ui.tap('food.checkout.submit');
  await payInWallet(ui);
}

/** 订单 → 全部 → the order's detail. */
export async function openOrder(ui: OracleUi, orderId: string): Promise<void> {
  await openFoodTab(ui, '/orders');
  await scrollAndTap(ui, `food.order.${orderId}`, 'food.orders.list');
}

/** A dish with options whose picks differ from its defaults (so choosing them takes taps). */
export function hasChoices(dish: Dish): boolean {
  return dish.options.some((g) => g.multi || g.choices.length > 1);
}

export { picksProblem };
