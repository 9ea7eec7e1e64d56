/**
 * Shared pieces of the shop suite: typed access to the shop slice, samplers that pick records the
 * goal can be stated about without ambiguity, the criteria of a paid order, and oracle navigation
 * (taps on `data-ui` keys only). Files starting with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { bestCoupon, cartCount, quoteLines, SHOP_MERCHANT, skuLabel, type OrderLineRequest } from '../../simulator-apps/shop/logic.ts';
import { nextId } from '../../simulator-apps/shared/ids.ts';
import { moneyText, priceText } from '../../simulator-apps/shared/money.ts';
import { TRAP_PAIRS } from '../../simulator-apps/shop/data.ts';
import type { Order, Product, ShopState, Sku } from '../../simulator-apps/shop/types.ts';
import { nextOrderId } from '../../simulator-apps/wallet/payments.ts';
import { ensureBalance as ensureWalletBalance, nextBillId, payAtCashier, walletOf } from '../wallet/_helpers.ts';
import { byId, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { bestCoupon, cartCount, moneyText, nextId, priceText, quoteLines, skuLabel, walletOf };

export function shopOf(state: PhoneState): ShopState {
  return state.apps.shop as unknown as ShopState;
}

export function productOf(state: PhoneState, id: string): Product {
  return byId(shopOf(state).products, id, 'product');
}

/** How a person names an option: `曜石黑 / 256GB` → `颜色：曜石黑，存储：256GB`. */
export function optionPhrase(p: Product, sku: Pick<Sku, 'values'>): string {
  return p.options.map((g, i) => `${g.name}：${sku.values[i]}`).join('，');
}

const TRAP_BRANDS = new Set(TRAP_PAIRS.flatMap((t) => t.brands));

export function isTrapProduct(p: Product): boolean {
  return TRAP_BRANDS.has(p.brand) && TRAP_PAIRS.some((t) => t.category === p.category && p.title.endsWith(p.title.slice(p.brand.length)));
}

/** Products whose title is unique in the catalogue. */
export function uniqueTitled(s: ShopState): Product[] {
  return uniquelyNamed(s.products, (p) => p.title);
}

/** Orders whose first item's title appears in no other order (so "the order of X" is unambiguous). */
export function pickOrder(state: PhoneState, rng: Rng, where: (o: Order) => boolean): { orderId: string; title: string } | null {
  const s = shopOf(state);
  const count = new Map<string, number>();
  for (const o of s.orders) for (const t of new Set(o.items.map((i) => i.title))) count.set(t, (count.get(t) ?? 0) + 1);
  const o = pickOrNull(rng, s.orders.filter((x) => count.get(x.items[0].title) === 1 && where(x)));
  return o && { orderId: o.id, title: o.items[0].title };
}

export interface OrderParams extends Record<string, unknown> {
  orderId: string;
  title: string;
}

/** The `_order` parameter: one order `pickOrder` finds, spread into orderId and title (its first item's). */
export function orderParam(where: (o: Order) => boolean): Record<string, ParamSpec> {
  return spreadParam('_order', ['orderId', 'title'], (state, rng) => pickOrder(state, rng, where));
}

export function orderOf(state: PhoneState, id: string): Order | undefined {
  return shopOf(state).orders.find((o) => o.id === id);
}

/** Makes the wallet able to pay `amount` comfortably (tasks are not about the balance). */
export function ensureBalance(state: PhoneState, amount: number): void {
  ensureWalletBalance(state, amount, 20_000);
}

/** The order the shop creates next, and the wallet records that paying it creates. */
export function nextIds(state: PhoneState): { orderId: string; payOrderId: string; billId: string } {
  return { orderId: nextId(shopOf(state).orders.map((o) => o.id), 'od_', 3), payOrderId: nextOrderId(walletOf(state)), billId: nextBillId(walletOf(state)) };
}

/**
 * The criteria of one shop order paid from the wallet balance: the shop order is 待发货 (paid) and
 * the wallet has exactly one new outgoing 购物 bill to 优选商城 for the order's total, the balance
 * down by as much. Paths: the order, the wallet order, the bill and the balance.
 */
export function paidOrderCriteria(input: JudgeInput, orderId: string): Criterion[] {
  const order = orderOf(input.final, orderId);
  const init = walletOf(input.init);
  const fin = walletOf(input.final);
  const { payOrderId, billId } = nextIds(input.init);
  const bills = fin.bills.filter((b) => !init.bills.some((x) => x.id === b.id));
  const bill = bills[0];
  return [
    criteria.equals('the shop order is paid (待发货)', order?.status ?? null, 'paid', `apps.shop.orders[${orderId}]`),
    exactlyOne('exactly one new wallet bill', bills, `apps.wallet.bills[${billId}]`),
    criteria.equals('the bill pays 优选商城 for shopping', bill ? `${bill.direction}/${bill.category}/${bill.counterparty}` : null, `out/购物/${SHOP_MERCHANT}`),
    criteria.equals('the bill is the order total (fen)', bill?.amount ?? null, order?.total ?? -1),
    criteria.equals('the balance went down by the order total (fen)', fin.balance, init.balance - (order?.total ?? 0), 'apps.wallet.balance'),
    criteria.that('the wallet payment order exists', fin.orders.some((o) => o.id === payOrderId), { path: `apps.wallet.orders[${payOrderId}]` }),
  ];
}

/** The coupon the checkout picks by itself for these lines (its `usedBy` changes), or null. */
export function autoCoupon(state: PhoneState, lines: OrderLineRequest[]): string | null {
  const s = shopOf(state);
  return bestCoupon(s.coupons, quoteLines(s, lines), state.os.time.timestamp)?.id ?? null;
}

// --- oracle navigation ------------------------------------------------------------------------

const TAB_KEYS = { '/': 'shop.tab.home', '/category': 'shop.tab.category', '/cart': 'shop.tab.cart', '/me': 'shop.tab.me' } as const;

/** From anywhere, to one of the shop's four tabs. */
export async function openShopTab(ui: OracleUi, tab: keyof typeof TAB_KEYS): Promise<void> {
  if (ui.route.app !== 'shop') await ui.openApp('shop');
  for (let i = 0; i < 10 && !ui.find('shop.tab.home'); i++) await ui.back();
  if (ui.route.app !== 'shop') await ui.openApp('shop');
  if (!ui.find('shop.tab.home')) throw new Error(`could not get back to the shop's tabs (route ${ui.route.path})`);
  if (ui.route.path !== tab) await ui.tap(TAB_KEYS[tab]);
}

/** 首页 → 搜索 → keyword → the product's card → 商品详情. */
export async function searchAndOpen(ui: OracleUi, keyword: string, productId: string): Promise<void> {
  await openShopTab(ui, '/');
  await ui.tap('shop.search');
  await ui.type('shop.search.input', keyword);
  await ui.tap('shop.search.submit');
  await scrollAndTap(ui, `shop.product.${productId}`, 'shop.results.list');
}

/** On the option sheet: taps each value of the SKU (unless chosen already) and steps the quantity up. */
export async function chooseSku(ui: OracleUi, p: Product, sku: Pick<Sku, 'values'>, qty: number): Promise<void> {
  for (const [g, group] of p.options.entries()) {
    const key = `shop.sku.opt.${g}.${group.values.indexOf(sku.values[g])}`;
    const node = ui.find(key);
    if (!node) throw new Error(`no option chip ${key}`);
    if (!node.selected && !node.checked) await ui.tap(key);
  }
  for (let i = 1; i < qty; i++) await ui.tap('shop.sku.qty.plus');
  const shown = ui.find('shop.sku.qty.value')?.text;
  if (shown !== String(qty)) throw new Error(`the quantity shows ${shown}, not ${qty}`);
}

/** 首页 → 搜索 the product's title without its brand → its 商品详情. */
export async function openProduct(ui: OracleUi, p: Product): Promise<void> {
  await searchAndOpen(ui, p.title.slice(p.brand.length + 1), p.id);
}

/** 我的 → 我的订单 → 全部 → the order's detail. */
export async function openOrder(ui: OracleUi, orderId: string): Promise<void> {
  await openShopTab(ui, '/me');
  await ui.tap('shop.me.orders');
  await scrollAndTap(ui, `shop.order.${orderId}`, 'shop.orders.list');
}

/** An order's detail → one of its buttons (取消订单, 确认收货) → 确定 in the dialog that asks first. */
export async function confirmOnOrder(ui: OracleUi, orderId: string, button: string): Promise<void> {
  await openOrder(ui, orderId);
  await ui.tap(button);
  await ui.tap('dialog.confirm');
}

/** In the wallet's cashier (opened by the shop): 立即支付 → six digits → 完成 (back to the shop). */
export async function payInWallet(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'wallet') throw new Error(`the wallet's cashier did not open (route ${ui.route.app}${ui.route.path})`);
  await payAtCashier(ui);
  if (ui.find('wallet.done')) await ui.tap('wallet.done');
}
