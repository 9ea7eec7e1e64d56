/**
 * Long file: the food app's hours, options, cart, coupons, orders and addresses rules call each
 * other (an order prices its cart with its coupon at the shop's hours); to be split by flow next.
 * The food app's rules as pure functions over plain `FoodState` (no Svelte, no DOM): opening
 * hours on the virtual clock, dish options and prices, the cart of each shop, coupons, orders
 * and their delivery stages, addresses. Queries return views; mutators change the object they are
 * given in place and are called by `FoodModel` inside `phone.update`. A refused action returns a
 * reason and changes nothing.
 */
import { registerPaymentHook, type PaidInfo } from '../wallet/payments.ts';
import { pad2 } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { priceText } from '../shared/money.ts';
import { wallClock } from '../shared/time.ts';
import { DISH_ARTS, SHOP_KINDS, type Address, type CartLine, type Coupon, type Dish, type FoodState, type Order, type OrderItem, type OrderStatus, type Shop, type ShopKind } from './types.ts';

export const FOOD_APP_ID = 'food';
/** The merchant the wallet shows for every payment and refund. */
export const FOOD_MERCHANT = '饭来外卖';
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------
// Shops and opening hours

export function shopById<S extends Pick<Shop, 'id'>>(s: { shops: readonly S[] }, id: string): S | undefined {
  return s.shops.find((x) => x.id === id);
}

export function dishById<D extends Pick<Dish, 'id'>>(shop: { dishes: readonly D[] } | undefined, id: string): D | undefined {
  return shop?.dishes.find((d) => d.id === id);
}

/** `09:30` → 570; `25:30` (after midnight) → 1530. */
export function minutesOfClock(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** `25:30` → `次日01:30`, as a shop's hours are shown. */
export function clockLabel(hhmm: string): string {
  const m = minutesOfClock(hhmm);
  return m >= 24 * 60 ? `次日${pad2(Math.floor(m / 60) - 24)}:${pad2(m % 60)}` : hhmm;
}

/** Whether the shop takes orders at `now` (hours may run past midnight). */
export function isOpen(shop: Pick<Shop, 'open' | 'close'>, now: number, timezone?: string): boolean {
  const w = wallClock(now, timezone);
  const m = w.hour * 60 + w.minute;
  const open = minutesOfClock(shop.open);
  const close = minutesOfClock(shop.close);
  return (m >= open && m < close) || m + 24 * 60 < close;
}

export function hoursText(shop: Pick<Shop, 'open' | 'close'>): string {
  return `${clockLabel(shop.open)}-${clockLabel(shop.close)}`;
}

/** `1.2km`, `850m`. */
export function distanceText(m: number): string {
  return m >= 1000 ? `${(m / 1000).toFixed(1)}km` : `${m}m`;
}

export function salesText(n: number): string {
  return n >= 10_000 ? `${(Math.floor(n / 1000) / 10).toFixed(1)}万+` : n >= 1000 ? `${Math.floor(n / 100) * 100}+` : String(n);
}

export type ShopSort = 'default' | 'fastest' | 'rating' | 'minOrder';

export const SHOP_SORTS: { key: ShopSort; label: string }[] = [
  { key: 'default', label: '综合排序' },
  { key: 'fastest', label: '配送最快' },
  { key: 'rating', label: '评分最高' },
  { key: 'minOrder', label: '起送最低' },
];

/** Shops of a kind (null = all) matching a keyword (shop name, kind or a dish name), in the chosen order; open shops first. */
export function listShops<S extends Shop>(shops: readonly S[], f: { kind: ShopKind | null; q: string; sort: ShopSort }, now: number, timezone?: string): S[] {
  const q = f.q.trim();
  const out = shops.filter((s) => (f.kind === null || s.kind === f.kind) && (q === '' || s.name.includes(q) || s.kind.includes(q) || s.dishes.some((d) => d.name.includes(q))));
  const key = (s: S): number => {
    switch (f.sort) {
      case 'fastest':
        return s.deliveryMinutes;
      case 'rating':
        return -s.rating;
      case 'minOrder':
        return s.minOrder;
      default:
        return -(Math.log10(s.sales + 10) * s.rating);
    }
  };
  const open = (s: S) => (isOpen(s, now, timezone) ? 0 : 1);
  return out.sort((a, b) => open(a) - open(b) || key(a) - key(b) || (a.id < b.id ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// Dish options

/** The picks a dish starts with: the first choice of each single group, nothing of a multi group. */
export function defaultPicks(dish: Pick<Dish, 'options'>): string[][] {
  return dish.options.map((g) => (g.multi ? [] : [g.choices[0].name]));
}

/** Why these picks do not fit the dish, or null. */
export function picksProblem(dish: Pick<Dish, 'options'>, picks: readonly (readonly string[])[]): string | null {
  if (picks.length !== dish.options.length) return '规格不完整';
  for (const [i, g] of dish.options.entries()) {
    const p = picks[i];
    if (!p.every((n) => g.choices.some((c) => c.name === n)) || new Set(p).size !== p.length) return `没有这个${g.name}`;
    if (!g.multi && p.length !== 1) return `请选择${g.name}`;
  }
  return null;
}

/** Base price plus the chosen choices, fen. */
export function unitPrice(dish: Pick<Dish, 'price' | 'options'>, picks: readonly (readonly string[])[]): number {
  let fen = dish.price;
  for (const [i, g] of dish.options.entries()) for (const n of picks[i] ?? []) fen += g.choices.find((c) => c.name === n)?.price ?? 0;
  return fen;
}

/** `大份 / 特辣 / 加蛋` (empty without options). */
export function specText(picks: readonly (readonly string[])[]): string {
  return picks.flat().join(' / ');
}

function samePicks(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return a.length === b.length && a.every((p, i) => p.length === b[i].length && [...p].sort().join('|') === [...b[i]].sort().join('|'));
}

// ---------------------------------------------------------------------------------------------
// Cart (one per shop)

export type CartRefusal = 'shop' | 'dish' | 'soldOut' | 'picks' | 'closed';

export const CART_REFUSAL_TEXT: Record<CartRefusal, string> = {
  shop: '店铺不存在',
  dish: '菜品不存在',
  soldOut: '该菜品已售罄',
  picks: '请选择规格',
  closed: '店铺休息中，暂不接单',
};

export function cartOf<L extends CartLine>(s: { cart: readonly L[] }, shopId: string): L[] {
  return s.cart.filter((l) => l.shopId === shopId);
}

/** Why the dish cannot go into the cart, or null. */
export function addProblem(s: Pick<FoodState, 'shops'>, shopId: string, dishId: string, picks: readonly (readonly string[])[], now: number, timezone?: string): CartRefusal | null {
  const shop = shopById(s, shopId);
  if (!shop) return 'shop';
  const dish = dishById(shop, dishId);
  if (!dish) return 'dish';
  if (dish.soldOut) return 'soldOut';
  if (!isOpen(shop, now, timezone)) return 'closed';
  return picksProblem(dish, picks) === null ? null : 'picks';
}

/** 加入购物车: the same dish with the same picks adds to its line. Returns the line. */
export function addToCart(s: FoodState, shopId: string, dishId: string, picks: string[][], qty: number): CartLine {
  const line = s.cart.find((l) => l.shopId === shopId && l.dishId === dishId && samePicks(l.picks, picks));
  if (line) {
    line.qty += qty;
    return line;
  }
  const added: CartLine = { id: nextId(s.cart.map((l) => l.id), 'cl_', 3), shopId, dishId, picks: picks.map((p) => [...p]), qty };
  s.cart.push(added);
  return added;
}

/** The cart stepper: 0 removes the line. */
export function setLineQty(s: FoodState, lineId: string, qty: number): boolean {
  const line = s.cart.find((l) => l.id === lineId);
  if (!line || line.qty === qty || !Number.isSafeInteger(qty) || qty < 0 || qty > 99) return false;
  if (qty === 0) s.cart = s.cart.filter((l) => l.id !== lineId);
  else line.qty = qty;
  return true;
}

export function clearCart(s: FoodState, shopId: string): number {
  const before = s.cart.length;
  s.cart = s.cart.filter((l) => l.shopId !== shopId);
  return before - s.cart.length;
}

export interface PricedLine {
  line: CartLine;
  dish: Dish;
  price: number;
}

/** A shop's cart lines with their dishes and unit prices (lines whose dish is gone are left out). */
export function pricedCart(s: Pick<FoodState, 'shops' | 'cart'>, shopId: string): PricedLine[] {
  const shop = shopById(s, shopId);
  return cartOf(s, shopId).flatMap((line) => {
    const dish = dishById(shop, line.dishId);
    return dish ? [{ line: line as CartLine, dish: dish as Dish, price: unitPrice(dish, line.picks) }] : [];
  });
}

export function cartSubtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((n, l) => n + l.price * l.line.qty, 0);
}

export function cartUnits(lines: readonly { line: { qty: number } }[]): number {
  return lines.reduce((n, l) => n + l.line.qty, 0);
}

// ---------------------------------------------------------------------------------------------
// Coupons and prices

export type CouponStatus = 'valid' | 'used' | 'expired';

export function couponStatus(c: Pick<Coupon, 'usedBy' | 'expiresAt'>, now: number): CouponStatus {
  if (c.usedBy !== null) return 'used';
  return c.expiresAt <= now ? 'expired' : 'valid';
}

/** Why a coupon cannot be used on an order of this shop and subtotal, or null. */
export function couponProblem(c: Coupon, shopId: string, subtotal: number, now: number): string | null {
  const st = couponStatus(c, now);
  if (st === 'used') return '已使用';
  if (st === 'expired') return '已过期';
  if (c.shopId !== null && c.shopId !== shopId) return '仅限指定店铺';
  if (subtotal < c.threshold) return `还差¥${priceText(c.threshold - subtotal)}可用`;
  return null;
}

/** The usable coupon that takes the most off (ties: the one expiring first, then id). */
export function bestCoupon<C extends Coupon>(coupons: readonly C[], shopId: string, subtotal: number, now: number): C | null {
  const usable = coupons.filter((c) => couponProblem(c, shopId, subtotal, now) === null);
  usable.sort((a, b) => b.discount - a.discount || a.expiresAt - b.expiresAt || (a.id < b.id ? -1 : 1));
  return usable[0] ?? null;
}

export function quote(subtotal: number, deliveryFee: number, coupon: Pick<Coupon, 'discount'> | null): { subtotal: number; deliveryFee: number; discount: number; total: number } {
  const discount = coupon ? Math.min(coupon.discount, subtotal) : 0;
  return { subtotal, deliveryFee, discount, total: subtotal + deliveryFee - discount };
}

// ---------------------------------------------------------------------------------------------
// Orders

export type OrderRefusal = 'empty' | 'closed' | 'minOrder' | 'address' | 'soldOut' | 'coupon' | 'shop';

export const ORDER_REFUSAL_TEXT: Record<OrderRefusal, string> = {
  empty: '购物车是空的',
  closed: '店铺休息中，暂不接单',
  minOrder: '未达到起送价',
  address: '请先添加收货地址',
  soldOut: '有菜品已售罄，请调整购物车',
  coupon: '该红包不可用',
  shop: '店铺不存在',
};

/** The 16-digit 订单号: yymmddHHMM of the order time + 6 digits. */
export function orderNumber(time: number, serial: number, timezone?: string): string {
  const w = wallClock(time, timezone);
  return `${pad2(w.year % 100)}${pad2(w.month)}${pad2(w.day)}${pad2(w.hour)}${pad2(w.minute)}${String(serial % 1_000_000).padStart(6, '0')}`;
}

export interface PlaceOrderRequest {
  shopId: string;
  addressId: string | null;
  couponId: string | null;
  note: string;
  now: number;
  serial: number;
  timezone?: string;
}

/** Why the shop's cart cannot be ordered now, or null (the checks `placeOrder` makes, without the coupon). */
export function orderProblem(s: Pick<FoodState, 'shops' | 'cart' | 'addresses'>, shopId: string, addressId: string | null, now: number, timezone?: string): OrderRefusal | null {
  const shop = shopById(s, shopId);
  if (!shop) return 'shop';
  const lines = pricedCart(s, shopId);
  if (lines.length === 0) return 'empty';
  if (!isOpen(shop, now, timezone)) return 'closed';
  if (lines.some((l) => l.dish.soldOut)) return 'soldOut';
  if (cartSubtotal(lines) < shop.minOrder) return 'minOrder';
  if (!s.addresses.some((a) => a.id === addressId)) return 'address';
  return null;
}

/** 提交订单: an unpaid order of the shop's cart; the coupon is used and the shop's cart is emptied. */
export function placeOrder(s: FoodState, req: PlaceOrderRequest): { ok: true; order: Order } | { ok: false; reason: OrderRefusal } {
  const bad = orderProblem(s, req.shopId, req.addressId, req.now, req.timezone);
  if (bad) return { ok: false, reason: bad };
  const shop = shopById(s, req.shopId)!;
  const lines = pricedCart(s, req.shopId);
  const subtotal = cartSubtotal(lines);
  let coupon: Coupon | null = null;
  if (req.couponId !== null) {
    coupon = s.coupons.find((c) => c.id === req.couponId) ?? null;
    if (!coupon || couponProblem(coupon, req.shopId, subtotal, req.now) !== null) return { ok: false, reason: 'coupon' };
  }
  const a = s.addresses.find((x) => x.id === req.addressId)!;
  const q = quote(subtotal, shop.deliveryFee, coupon);
  const items: OrderItem[] = lines.map((l) => ({ dishId: l.dish.id, name: l.dish.name, spec: specText(l.line.picks), picks: l.line.picks.map((p) => [...p]), price: l.price, qty: l.line.qty }));
  const order: Order = {
    id: nextId(s.orders.map((o) => o.id), 'fo_', 3),
    no: orderNumber(req.now, req.serial, req.timezone),
    shopId: shop.id,
    shopName: shop.name,
    items,
    address: { name: a.name, phone: a.phone, address: a.address, room: a.room },
    note: req.note.trim().slice(0, 50),
    subtotal: q.subtotal,
    deliveryFee: q.deliveryFee,
    couponId: coupon?.id ?? null,
    discount: q.discount,
    total: q.total,
    status: 'unpaid',
    createdAt: req.now,
    paidAt: null,
    times: null,
    payOrderId: null,
    payBillId: null,
    cancelledAt: null,
    refundBillId: null,
    review: null,
  };
  if (coupon) coupon.usedBy = order.id;
  clearCart(s, shop.id);
  s.orders.push(order);
  return { ok: true, order };
}

/** A short title for the wallet: `老街牛肉面 红烧牛肉面等2件`. */
export function paymentTitle(o: Pick<Order, 'shopName' | 'items'>): string {
  const units = o.items.reduce((n, i) => n + i.qty, 0);
  return `${o.shopName} ${o.items[0]?.name ?? '外卖'}${units > 1 ? `等${units}件` : ''}`;
}

/** When each stage starts, from the payment time and the shop's delivery minutes. */
export function stageTimes(paidAt: number, deliveryMinutes: number): NonNullable<Order['times']> {
  return { accepted: paidAt + MINUTE, cooking: paidAt + 3 * MINUTE, delivering: paidAt + Math.round(deliveryMinutes * 0.55) * MINUTE, arrive: paidAt + deliveryMinutes * MINUTE };
}

/** The wallet paid the order (called from the payment hook inside the wallet's update). */
export function markPaid(s: FoodState, orderId: string, paid: Pick<PaidInfo, 'billId' | 'paidAt'>): boolean {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid') return false;
  const shop = shopById(s, o.shopId);
  o.status = 'paid';
  o.paidAt = paid.paidAt;
  o.payBillId = paid.billId;
  o.times = stageTimes(paid.paidAt, shop?.deliveryMinutes ?? 30);
  return true;
}

/** What the user sees of an order: its stored status, or for a paid one the stage the clock is at. */
export type Stage = 'unpaid' | 'placed' | 'accepted' | 'cooking' | 'delivering' | 'delivered' | 'cancelled' | 'closed';

export const STAGE_TEXT: Record<Stage, string> = {
  unpaid: '待支付',
  placed: '等待商家接单',
  accepted: '商家已接单',
  cooking: '商家制作中',
  delivering: '骑手配送中',
  delivered: '已送达',
  cancelled: '已取消',
  closed: '已关闭',
};

export function stageOf(o: Pick<Order, 'status' | 'times'>, now: number): Stage {
  if (o.status !== 'paid' || !o.times) return o.status as Exclude<OrderStatus, 'paid'>;
  if (now >= o.times.arrive) return 'delivered';
  if (now >= o.times.delivering) return 'delivering';
  if (now >= o.times.cooking) return 'cooking';
  if (now >= o.times.accepted) return 'accepted';
  return 'placed';
}

/** An order can be cancelled while unpaid, or paid until the kitchen starts cooking. */
export function canCancel(o: Pick<Order, 'status' | 'times'>, now: number): boolean {
  const st = stageOf(o, now);
  return st === 'unpaid' || st === 'placed' || st === 'accepted';
}

/** 取消订单: unpaid → closed; paid (before cooking) → cancelled (the model refunds the total). The coupon comes back. */
export function cancelOrder(s: FoodState, orderId: string, now: number): Order | null {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || !canCancel(o, now)) return null;
  o.status = o.status === 'unpaid' ? 'closed' : 'cancelled';
  o.cancelledAt = now;
  const c = s.coupons.find((x) => x.usedBy === o.id);
  if (c) c.usedBy = null;
  return o;
}

/** 再来一单: the order's dishes (those still on sale, with the same picks) replace the shop's cart. Returns how many lines. */
export function reorder(s: FoodState, orderId: string): number {
  const o = s.orders.find((x) => x.id === orderId);
  const shop = o && shopById(s, o.shopId);
  if (!o || !shop) return 0;
  const items = o.items.filter((i) => {
    const d = dishById(shop, i.dishId);
    return d && !d.soldOut && picksProblem(d, i.picks) === null;
  });
  if (items.length === 0) return 0;
  clearCart(s, shop.id);
  for (const i of items) addToCart(s, shop.id, i.dishId, i.picks.map((p) => [...p]), i.qty);
  return items.length;
}

export function canReview(o: Pick<Order, 'status' | 'times' | 'review'>, now: number): boolean {
  return o.review === null && stageOf(o, now) === 'delivered';
}

/** 评价: stars 1-5 and a text, once, after delivery. */
export function reviewOrder(s: FoodState, orderId: string, stars: number, text: string, now: number): boolean {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || !canReview(o, now) || !Number.isInteger(stars) || stars < 1 || stars > 5) return false;
  o.review = { stars, text: text.trim().slice(0, 200), time: now };
  return true;
}

export type OrderTab = 'all' | 'active' | 'review' | 'refund';
export const ORDER_TABS: { tab: OrderTab; label: string }[] = [
  { tab: 'all', label: '全部' },
  { tab: 'active', label: '进行中' },
  { tab: 'review', label: '待评价' },
  { tab: 'refund', label: '退款' },
];

export function inTab(o: Order, tab: OrderTab, now: number): boolean {
  const st = stageOf(o, now);
  switch (tab) {
    case 'all':
      return true;
    case 'active':
      return st === 'unpaid' || st === 'placed' || st === 'accepted' || st === 'cooking' || st === 'delivering';
    case 'review':
      return canReview(o, now);
    case 'refund':
      return st === 'cancelled';
  }
}

/** Orders of a tab, newest first. */
export function ordersOf<O extends Order>(orders: readonly O[], tab: OrderTab, now: number): O[] {
  return orders.filter((o) => inTab(o, tab, now)).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

// ---------------------------------------------------------------------------------------------
// Addresses

export interface AddressDraft {
  name: string;
  phone: string;
  address: string;
  room: string;
  tag: Address['tag'];
  isDefault: boolean;
}

export const ADDRESS_TAGS: readonly Address['tag'][] = ['家', '公司', '学校'];

export function addressDraftOf(a: Address | undefined): AddressDraft {
  return a ? { name: a.name, phone: a.phone, address: a.address, room: a.room, tag: a.tag, isDefault: a.isDefault } : { name: '', phone: '', address: '', room: '', tag: '', isDefault: false };
}

/** Why a draft cannot be saved, or null. */
export function addressDraftError(d: AddressDraft): string | null {
  if (d.name.trim() === '') return '请填写联系人';
  if (!/^1[3-9]\d{9}$/.test(d.phone.trim())) return '请填写正确的11位手机号';
  if (d.address.trim() === '') return '请填写收货地址';
  return null;
}

/** Adds (id null) or updates an address; the first address is always the default. Returns its id. */
export function saveAddress(s: FoodState, id: string | null, d: AddressDraft): string {
  const clean = { name: d.name.trim(), phone: d.phone.trim(), address: d.address.trim().replace(/\s+/g, ' '), room: d.room.trim(), tag: d.tag };
  let a = id ? s.addresses.find((x) => x.id === id) : undefined;
  if (!a) {
    a = { id: nextId(s.addresses.map((x) => x.id), 'fa_', 2), ...clean, isDefault: false };
    s.addresses.push(a);
  } else Object.assign(a, clean);
  if (d.isDefault || s.addresses.length === 1) for (const x of s.addresses) x.isDefault = x.id === a.id;
  else if (a.isDefault) {
    a.isDefault = false;
    (s.addresses.find((x) => x.id !== a!.id) ?? a).isDefault = true;
  }
  return a.id;
}

export function deleteAddress(s: FoodState, id: string): boolean {
  const a = s.addresses.find((x) => x.id === id);
  if (!a) return false;
  s.addresses = s.addresses.filter((x) => x.id !== id);
  if (a.isDefault && s.addresses.length > 0) s.addresses[0].isDefault = true;
  return true;
}

export function defaultAddress<A extends Address>(addresses: readonly A[]): A | undefined {
  return addresses.find((a) => a.isDefault) ?? addresses[0];
}

// ---------------------------------------------------------------------------------------------
// The wallet tells us an order was paid (runs inside the wallet's own state update).

registerPaymentHook(FOOD_APP_ID, (apps, ref, paid) => {
  const food = apps[FOOD_APP_ID] as FoodState | undefined;
  if (food) markPaid(food, ref, paid);
});

// ---------------------------------------------------------------------------------------------
// Validation

const isFen = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isClock = (v: unknown): boolean => typeof v === 'string' && /^([01]\d|2[0-6]):[0-5]\d$/.test(v);
const STATUSES: readonly OrderStatus[] = ['unpaid', 'paid', 'cancelled', 'closed'];
const isPicks = (v: unknown): boolean => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.every((n) => typeof n === 'string'));

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateFoodState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.food must be an object';
  const s = v as Partial<FoodState>;
  if (typeof s.me?.name !== 'string') return 'apps.food.me.name must be a string';
  if (!Array.isArray(s.shops)) return 'apps.food.shops must be an array';
  for (const [i, shop] of s.shops.entries()) {
    const at = `apps.food.shops[${i}]`;
    if (typeof shop?.id !== 'string' || typeof shop.name !== 'string') return `${at} needs string id and name`;
    if (!(SHOP_KINDS as readonly string[]).includes(shop.kind)) return `${at}.kind must be one of ${SHOP_KINDS.join(', ')}`;
    if (!isFen(shop.deliveryFee) || !isFen(shop.minOrder)) return `${at}.deliveryFee and minOrder must be non-negative integers (fen)`;
    if (!Number.isSafeInteger(shop.deliveryMinutes) || shop.deliveryMinutes < 5) return `${at}.deliveryMinutes must be an integer of at least 5`;
    if (!isClock(shop.open) || !isClock(shop.close) || minutesOfClock(shop.close) <= minutesOfClock(shop.open)) return `${at}.open and close must be HH:MM with close after open (up to 26:00)`;
    if (!Array.isArray(shop.dishes) || !Array.isArray(shop.reviews)) return `${at} needs dishes and reviews arrays`;
    for (const [j, d] of shop.dishes.entries()) {
      const dat = `${at}.dishes[${j}]`;
      if (typeof d?.id !== 'string' || typeof d.name !== 'string') return `${dat} needs string id and name`;
      if (!(DISH_ARTS as readonly string[]).includes(d.art)) return `${dat}.art must be one of ${DISH_ARTS.join(', ')}`;
      if (!isFen(d.price) || d.price === 0) return `${dat}.price must be a positive integer (fen)`;
      if (typeof d.soldOut !== 'boolean') return `${dat}.soldOut must be a boolean`;
      if (!Array.isArray(d.options) || !d.options.every((g) => typeof g?.name === 'string' && typeof g.multi === 'boolean' && Array.isArray(g.choices) && g.choices.length > 0 && g.choices.every((c) => typeof c?.name === 'string' && isFen(c.price)))) return `${dat}.options must be groups of {name, multi, choices: [{name, price}]}`;
    }
  }
  if (!Array.isArray(s.cart)) return 'apps.food.cart must be an array';
  for (const [i, l] of s.cart.entries()) {
    if (typeof l?.id !== 'string' || typeof l.shopId !== 'string' || typeof l.dishId !== 'string') return `apps.food.cart[${i}] needs string id, shopId and dishId`;
    if (!isPicks(l.picks)) return `apps.food.cart[${i}].picks must be an array of string arrays`;
    if (!Number.isSafeInteger(l.qty) || l.qty < 1) return `apps.food.cart[${i}].qty must be a positive integer`;
  }
  if (!Array.isArray(s.addresses)) return 'apps.food.addresses must be an array';
  for (const [i, a] of s.addresses.entries()) {
    if (typeof a?.id !== 'string' || typeof a.name !== 'string' || typeof a.phone !== 'string' || typeof a.address !== 'string' || typeof a.room !== 'string') return `apps.food.addresses[${i}] needs string id, name, phone, address and room`;
    if (typeof a.isDefault !== 'boolean') return `apps.food.addresses[${i}].isDefault must be a boolean`;
  }
  if (!Array.isArray(s.coupons)) return 'apps.food.coupons must be an array';
  for (const [i, c] of s.coupons.entries()) {
    if (typeof c?.id !== 'string' || typeof c.title !== 'string') return `apps.food.coupons[${i}] needs string id and title`;
    if (!isFen(c.threshold) || !isFen(c.discount)) return `apps.food.coupons[${i}].threshold and discount must be non-negative integers (fen)`;
    if (!Number.isFinite(c.expiresAt)) return `apps.food.coupons[${i}].expiresAt must be a number`;
  }
  if (!Array.isArray(s.orders)) return 'apps.food.orders must be an array';
  for (const [i, o] of s.orders.entries()) {
    const at = `apps.food.orders[${i}]`;
    if (typeof o?.id !== 'string' || typeof o.no !== 'string' || typeof o.shopId !== 'string') return `${at} needs string id, no and shopId`;
    if (!STATUSES.includes(o.status)) return `${at}.status must be one of ${STATUSES.join(', ')}`;
    if (!Array.isArray(o.items) || o.items.length === 0 || !o.items.every((it) => isPicks(it?.picks))) return `${at}.items must be a non-empty array of items with picks`;
    if (!isFen(o.subtotal) || !isFen(o.deliveryFee) || !isFen(o.discount) || !isFen(o.total)) return `${at} subtotal, deliveryFee, discount and total must be non-negative integers (fen)`;
    if (o.total !== o.subtotal + o.deliveryFee - o.discount) return `${at}.total must equal subtotal + deliveryFee − discount`;
    if (o.status === 'paid' && !o.times) return `${at}.times must be set on a paid order`;
    if (typeof o.address?.name !== 'string') return `${at}.address must be an address`;
  }
  return null;
}
