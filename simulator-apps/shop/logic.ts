/**
 * Long file: the shop's search, options, cart, coupons, checkout and after-sales rules, which
 * call each other; to be split by flow next.
 * The shop's rules as pure functions over plain `ShopState` (no Svelte, no DOM). Queries return
 * views; mutators change the object they are given in place and are called by `ShopModel` inside
 * `phone.update`. A refused action returns a reason and changes nothing.
 */
import { registerPaymentHook, type PaidInfo } from '../wallet/payments.ts';
import { nextId } from '../shared/ids.ts';
import { priceText } from '../shared/money.ts';
import { wallClock } from '../shared/time.ts';
import { SHOP_CATEGORIES, type Address, type CartItem, type Coupon, type Order, type OrderItem, type OrderStatus, type Product, type ShopCategory, type ShopState, type Sku } from './types.ts';

export const SHOP_APP_ID = 'shop';
/** The merchant the wallet shows for every shop payment and refund. */
export const SHOP_MERCHANT = '优选商城';
/** 满99包邮, otherwise ¥8. */
export const FREE_SHIPPING_FROM = 9_900;
export const SHIPPING_FEE = 800;

// ---------------------------------------------------------------------------------------------
// Money and labels

/** `12345` → `1.2万+`, `860` → `860`. */
export function salesText(n: number): string {
  return n >= 10_000 ? `${(Math.floor(n / 1000) / 10).toFixed(1)}万+` : String(n);
}

export function skuLabel(sku: Pick<Sku, 'values'>): string {
  return sku.values.join(' / ');
}

export const STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待付款',
  paid: '待发货',
  shipped: '待收货',
  completed: '已完成',
  refunded: '已退款',
  closed: '已取消',
};

/** The 订单编号: yymmdd of the order time + 10 digits. */
export function orderNumber(time: number, serial: number, timezone?: string): string {
  const w = wallClock(time, timezone);
  return `${String(w.year % 100).padStart(2, '0')}${String(w.month).padStart(2, '0')}${String(w.day).padStart(2, '0')}${String(serial).padStart(10, '0')}`;
}

export function isShopCategory(v: string): v is ShopCategory {
  return (SHOP_CATEGORIES as readonly string[]).includes(v);
}

// ---------------------------------------------------------------------------------------------
// Products and options

export function productById<P extends Pick<Product, 'id'>>(s: { products: readonly P[] }, id: string): P | undefined {
  return s.products.find((p) => p.id === id);
}

export function totalStock(p: Pick<Product, 'skus'>): number {
  return p.skus.reduce((n, s) => n + s.stock, 0);
}

/** The SKU for a full choice of option values, or undefined. */
export function findSku<S extends Sku>(p: { skus: readonly S[] }, values: readonly (string | null)[]): S | undefined {
  return p.skus.find((s) => s.values.every((v, i) => v === values[i]));
}

/**
 * Whether `value` of option group `group` can still be chosen given the other choices: some SKU
 * with that value, matching every other chosen value, has stock.
 */
export function optionAvailable(p: Pick<Product, 'skus'>, chosen: readonly (string | null)[], group: number, value: string): boolean {
  return p.skus.some((s) => s.stock > 0 && s.values[group] === value && s.values.every((v, i) => i === group || chosen[i] === null || chosen[i] === undefined || chosen[i] === v));
}

/** Whether a value is out of stock in every combination (缺货, whatever else is chosen). */
export function optionSoldOut(p: Pick<Product, 'skus'>, group: number, value: string): boolean {
  return !p.skus.some((s) => s.stock > 0 && s.values[group] === value);
}

// ---------------------------------------------------------------------------------------------
// Search

export type SortKey = 'default' | 'sales' | 'priceAsc' | 'priceDesc';

export interface SearchQuery {
  q: string;
  category: string | null;
  brand: string | null;
  /** Fen, inclusive; null = no bound. */
  min: number | null;
  max: number | null;
  sort: SortKey;
}

export function matchesKeyword(p: Pick<Product, 'title' | 'brand' | 'category'>, q: string): boolean {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${p.title} ${p.brand} ${p.category}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** Products matching the keyword and filters, in the chosen order (综合 = catalogue order weighted by sales and rating). */
export function searchProducts<P extends Product>(products: readonly P[], f: SearchQuery): P[] {
  const out = products.filter(
    (p) =>
      matchesKeyword(p, f.q) &&
      (f.category === null || p.category === f.category) &&
      (f.brand === null || p.brand === f.brand) &&
      (f.min === null || p.price >= f.min) &&
      (f.max === null || p.price <= f.max),
  );
  const byId = (a: P, b: P) => (a.id < b.id ? -1 : 1);
  switch (f.sort) {
    case 'sales':
      return out.sort((a, b) => b.sales - a.sales || byId(a, b));
    case 'priceAsc':
      return out.sort((a, b) => a.price - b.price || byId(a, b));
    case 'priceDesc':
      return out.sort((a, b) => b.price - a.price || byId(a, b));
    default:
      return out.sort((a, b) => score(b) - score(a) || byId(a, b));
  }
}

function score(p: Pick<Product, 'sales' | 'rating'>): number {
  return Math.log10(p.sales + 10) * p.rating;
}

/** Brands among the products, in first-seen order. */
export function brandsOf(products: readonly Pick<Product, 'brand'>[]): string[] {
  return [...new Set(products.map((p) => p.brand))];
}

/** The 首页 推荐 feed: a stable interleaving of categories, best sellers first. */
export function recommended<P extends Product>(products: readonly P[]): P[] {
  const by = new Map<string, P[]>();
  for (const p of [...products].sort((a, b) => b.sales - a.sales)) by.set(p.category, [...(by.get(p.category) ?? []), p]);
  const out: P[] = [];
  for (let i = 0; out.length < products.length; i++) for (const list of by.values()) if (list[i]) out.push(list[i]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cart

export type CartRefusal = 'product' | 'sku' | 'stock' | 'qty';

export const CART_REFUSAL_TEXT: Record<CartRefusal, string> = {
  product: '商品不存在',
  sku: '请选择商品规格',
  stock: '库存不足',
  qty: '请选择购买数量',
};

/** Why `qty` of a SKU cannot be bought (or added on top of `already`), or null. */
export function checkStock(s: Pick<ShopState, 'products'>, productId: string, skuId: string, qty: number, already = 0): CartRefusal | null {
  const p = productById(s, productId);
  if (!p) return 'product';
  const sku = p.skus.find((x) => x.id === skuId);
  if (!sku) return 'sku';
  if (!Number.isSafeInteger(qty) || qty < 1) return 'qty';
  if (qty + already > sku.stock) return 'stock';
  return null;
}

/** 加入购物车: the same SKU again adds to its line (selected). Returns the line or a refusal. */
export function addToCart(s: ShopState, productId: string, skuId: string, qty: number): { ok: true; item: CartItem } | { ok: false; reason: CartRefusal } {
  const line = s.cart.find((c) => c.productId === productId && c.skuId === skuId);
  const bad = checkStock(s, productId, skuId, qty, line?.qty ?? 0);
  if (bad) return { ok: false, reason: bad };
  if (line) {
    line.qty += qty;
    line.selected = true;
    return { ok: true, item: line };
  }
  const item: CartItem = { id: nextId(s.cart.map((c) => c.id), 'ci_', 3), productId, skuId, qty, selected: true };
  s.cart.push(item);
  return { ok: true, item };
}

/** The quantity stepper: 1 … stock. Returns false (and changes nothing) outside that range. */
export function setCartQty(s: ShopState, itemId: string, qty: number): boolean {
  const line = s.cart.find((c) => c.id === itemId);
  if (!line || line.qty === qty) return false;
  if (checkStock(s, line.productId, line.skuId, qty) !== null) return false;
  line.qty = qty;
  return true;
}

export function setSelected(s: ShopState, itemIds: readonly string[], selected: boolean): void {
  for (const c of s.cart) if (itemIds.includes(c.id) && c.selected !== selected) c.selected = selected;
}

export function removeCartItems(s: ShopState, itemIds: readonly string[]): number {
  const before = s.cart.length;
  s.cart = s.cart.filter((c) => !itemIds.includes(c.id));
  return before - s.cart.length;
}

/** Total units in the cart (the 购物车 badge). */
export function cartCount(s: { readonly cart: readonly { readonly qty: number }[] }): number {
  return s.cart.reduce((n, c) => n + c.qty, 0);
}

export interface CartLine<P extends Product = Product> {
  item: CartItem;
  product: P;
  sku: Sku;
}

/** Cart lines grouped by shop, in the order shops first appear (newest lines first). */
export function cartGroups<P extends Product>(s: { products: readonly P[]; cart: readonly CartItem[] }): { shop: string; lines: CartLine<P>[] }[] {
  const groups: { shop: string; lines: CartLine<P>[] }[] = [];
  for (const item of [...s.cart].reverse()) {
    const product = productById(s, item.productId);
    const sku = product?.skus.find((x) => x.id === item.skuId);
    if (!product || !sku) continue;
    let g = groups.find((x) => x.shop === product.shop);
    if (!g) groups.push((g = { shop: product.shop, lines: [] }));
    g.lines.push({ item: item as CartItem, product, sku: sku as Sku });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Coupons and prices

export interface QuoteLine {
  price: number;
  qty: number;
  category: ShopCategory;
}

export type CouponStatus = 'valid' | 'used' | 'expired';

export function couponStatus(c: Pick<Coupon, 'usedBy' | 'expiresAt'>, now: number): CouponStatus {
  if (c.usedBy !== null) return 'used';
  return c.expiresAt <= now ? 'expired' : 'valid';
}

/** The subtotal a coupon counts (its category's items, or everything). */
export function eligibleSubtotal(lines: readonly QuoteLine[], c: Pick<Coupon, 'category'>): number {
  return lines.filter((l) => c.category === null || l.category === c.category).reduce((n, l) => n + l.price * l.qty, 0);
}

/** Why a coupon cannot be used for these lines now, or null. */
export function couponProblem(c: Coupon, lines: readonly QuoteLine[], now: number): string | null {
  const st = couponStatus(c, now);
  if (st === 'used') return '已使用';
  if (st === 'expired') return '已过期';
  const eligible = eligibleSubtotal(lines, c);
  if (c.category !== null && eligible === 0) return `仅限${c.category}类商品`;
  if (eligible < c.threshold) return `还差¥${priceText(c.threshold - eligible)}可用`;
  return null;
}

/** The usable coupon that takes the most off (ties: the one expiring first, then id). */
export function bestCoupon<C extends Coupon>(coupons: readonly C[], lines: readonly QuoteLine[], now: number): C | null {
  const usable = coupons.filter((c) => couponProblem(c, lines, now) === null);
  usable.sort((a, b) => b.discount - a.discount || a.expiresAt - b.expiresAt || (a.id < b.id ? -1 : 1));
  return usable[0] ?? null;
}

export function quote(lines: readonly QuoteLine[], coupon: Pick<Coupon, 'discount'> | null): { subtotal: number; discount: number; shipping: number; total: number } {
  const subtotal = lines.reduce((n, l) => n + l.price * l.qty, 0);
  const discount = coupon ? Math.min(coupon.discount, subtotal) : 0;
  const shipping = subtotal === 0 || subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface OrderLineRequest {
  productId: string;
  skuId: string;
  qty: number;
}

export type OrderRefusal = 'empty' | 'address' | 'stock' | 'coupon' | 'product';

export const ORDER_REFUSAL_TEXT: Record<OrderRefusal, string> = {
  empty: '请选择要结算的商品',
  address: '请先添加收货地址',
  stock: '商品库存不足，请调整数量',
  coupon: '该优惠券不可用',
  product: '商品已下架',
};

export function quoteLines(s: Pick<ShopState, 'products'>, lines: readonly OrderLineRequest[]): QuoteLine[] {
  return lines.flatMap((l) => {
    const p = productById(s, l.productId);
    const sku = p?.skus.find((x) => x.id === l.skuId);
    return p && sku ? [{ price: sku.price, qty: l.qty, category: p.category }] : [];
  });
}

export interface PlaceOrderRequest {
  lines: OrderLineRequest[];
  addressId: string | null;
  couponId: string | null;
  /** Cart lines this order buys (removed from the cart). */
  cartItemIds: string[];
  now: number;
  /** The serial part of the 订单编号 (the model derives it from the time and the order count). */
  serial: number;
  timezone?: string;
}

/** 提交订单: an unpaid order; stock goes down, the coupon is used, bought cart lines leave the cart. */
export function placeOrder(s: ShopState, req: PlaceOrderRequest): { ok: true; order: Order } | { ok: false; reason: OrderRefusal } {
  if (req.lines.length === 0) return { ok: false, reason: 'empty' };
  const address = s.addresses.find((a) => a.id === req.addressId);
  if (!address) return { ok: false, reason: 'address' };
  const items: OrderItem[] = [];
  for (const l of req.lines) {
    const bad = checkStock(s, l.productId, l.skuId, l.qty);
    if (bad) return { ok: false, reason: bad === 'stock' ? 'stock' : 'product' };
    const p = productById(s, l.productId)!;
    const sku = p.skus.find((x) => x.id === l.skuId)!;
    items.push({ productId: p.id, skuId: sku.id, title: p.title, option: skuLabel(sku), shop: p.shop, price: sku.price, qty: l.qty });
  }
  const lines = quoteLines(s, req.lines);
  let coupon: Coupon | null = null;
  if (req.couponId !== null) {
    coupon = s.coupons.find((c) => c.id === req.couponId) ?? null;
    if (!coupon || couponProblem(coupon, lines, req.now) !== null) return { ok: false, reason: 'coupon' };
  }
  const q = quote(lines, coupon);
  const order: Order = {
    id: nextId(s.orders.map((o) => o.id), 'od_', 3),
    no: orderNumber(req.now, req.serial, req.timezone),
    status: 'unpaid',
    items,
    address: { name: address.name, phone: address.phone, region: address.region, detail: address.detail },
    subtotal: q.subtotal,
    couponId: coupon?.id ?? null,
    discount: q.discount,
    shipping: q.shipping,
    total: q.total,
    createdAt: req.now,
    paidAt: null,
    payOrderId: null,
    payBillId: null,
    tracking: null,
    refund: null,
  };
  for (const l of req.lines) productById(s, l.productId)!.skus.find((x) => x.id === l.skuId)!.stock -= l.qty;
  if (coupon) coupon.usedBy = order.id;
  if (req.cartItemIds.length > 0) removeCartItems(s, req.cartItemIds);
  s.orders.push(order);
  return { ok: true, order };
}

/** A short title for the wallet: the first item and how many more. */
export function paymentTitle(o: Pick<Order, 'items'>): string {
  const first = o.items[0]?.title ?? '商品';
  return o.items.length > 1 ? `${first} 等${o.items.length}件商品` : first;
}

/** The wallet paid the order (called from the payment hook inside the wallet's update). */
export function markPaid(s: ShopState, orderId: string, paid: Pick<PaidInfo, 'billId' | 'paidAt'>): boolean {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid') return false;
  o.status = 'paid';
  o.paidAt = paid.paidAt;
  o.payBillId = paid.billId;
  return true;
}

/** An order's goods back on the shelf (a cancelled order, a refund): each line's sku stock goes up by its quantity. */
function restock(s: ShopState, o: Order): void {
  for (const it of o.items) {
    const sku = productById(s, it.productId)?.skus.find((x) => x.id === it.skuId);
    if (sku) sku.stock += it.qty;
  }
}

/** 取消订单 (unpaid only): stock and coupon come back. */
export function cancelOrder(s: ShopState, orderId: string): boolean {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid') return false;
  o.status = 'closed';
  restock(s, o);
  const c = s.coupons.find((x) => x.usedBy === o.id);
  if (c) c.usedBy = null;
  return true;
}

/** 确认收货 (shipped only). */
export function confirmReceipt(s: ShopState, orderId: string, now: number): boolean {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'shipped') return false;
  o.status = 'completed';
  if (o.tracking) o.tracking.events.unshift({ time: now, text: '您已确认收货，交易完成' });
  return true;
}

export function canRefund(o: Pick<Order, 'status'>): boolean {
  return o.status === 'paid' || o.status === 'shipped' || o.status === 'completed';
}

/** 申请退款: the whole paid amount comes back (the model credits the wallet in the same update), and the goods go back into stock. */
export function refundOrder(s: ShopState, orderId: string, reason: string, now: number): Order | null {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || !canRefund(o) || reason.trim() === '') return null;
  o.status = 'refunded';
  restock(s, o);
  o.refund = { reason: reason.trim(), amount: o.total, time: now, billId: null };
  return o;
}

export type OrderTab = 'all' | 'unpaid' | 'paid' | 'shipped' | 'completed' | 'aftersale';
export const ORDER_TABS: { tab: OrderTab; label: string }[] = [
  { tab: 'all', label: '全部' },
  { tab: 'unpaid', label: '待付款' },
  { tab: 'paid', label: '待发货' },
  { tab: 'shipped', label: '待收货' },
  { tab: 'completed', label: '已完成' },
  { tab: 'aftersale', label: '售后' },
];

export function inTab(o: Pick<Order, 'status'>, tab: OrderTab): boolean {
  if (tab === 'all') return true;
  if (tab === 'aftersale') return o.status === 'refunded';
  return o.status === tab;
}

/** Orders of a tab, newest first. */
export function ordersOf<O extends Order>(orders: readonly O[], tab: OrderTab): O[] {
  return orders.filter((o) => inTab(o, tab)).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

export function orderCounts(orders: readonly Pick<Order, 'status'>[]): Record<Exclude<OrderTab, 'all'>, number> {
  const n = { unpaid: 0, paid: 0, shipped: 0, completed: 0, aftersale: 0 };
  for (const o of orders) {
    if (o.status === 'refunded') n.aftersale++;
    else if (o.status !== 'closed') n[o.status]++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Addresses and favourites

export interface AddressDraft {
  name: string;
  phone: string;
  region: string;
  detail: string;
  isDefault: boolean;
}

export function addressDraftOf(a: Address | undefined): AddressDraft {
  return a ? { name: a.name, phone: a.phone, region: a.region, detail: a.detail, isDefault: a.isDefault } : { name: '', phone: '', region: '', detail: '', isDefault: false };
}

export function isMobile(v: string): boolean {
  return /^1[3-9]\d{9}$/.test(v.trim());
}

/** Why a draft cannot be saved, or null. */
export function addressDraftError(d: AddressDraft): string | null {
  if (d.name.trim() === '') return '请填写收货人';
  if (!isMobile(d.phone)) return '请填写正确的11位手机号';
  if (d.region.trim() === '') return '请填写所在地区';
  if (d.detail.trim() === '') return '请填写详细地址';
  return null;
}

/** Adds (id null) or updates an address; the first address is always the default. Returns its id. */
export function saveAddress(s: ShopState, id: string | null, d: AddressDraft): string {
  const clean = { name: d.name.trim(), phone: d.phone.trim(), region: d.region.trim().replace(/\s+/g, ' '), detail: d.detail.trim() };
  let a = id ? s.addresses.find((x) => x.id === id) : undefined;
  if (!a) {
    a = { id: nextId(s.addresses.map((x) => x.id), 'a_', 2), ...clean, isDefault: false };
    s.addresses.push(a);
  } else Object.assign(a, clean);
  const makeDefault = d.isDefault || s.addresses.length === 1;
  if (makeDefault) for (const x of s.addresses) x.isDefault = x.id === a.id;
  else if (a.isDefault) {
    a.isDefault = false;
    const other = s.addresses.find((x) => x.id !== a!.id);
    if (other) other.isDefault = true;
    else a.isDefault = true;
  }
  return a.id;
}

export function deleteAddress(s: ShopState, id: string): boolean {
  const a = s.addresses.find((x) => x.id === id);
  if (!a) return false;
  s.addresses = s.addresses.filter((x) => x.id !== id);
  if (a.isDefault && s.addresses.length > 0) s.addresses[0].isDefault = true;
  return true;
}

export function defaultAddress<A extends Address>(addresses: readonly A[]): A | undefined {
  return addresses.find((a) => a.isDefault) ?? addresses[0];
}

export function setFavorite(s: ShopState, productId: string, on: boolean): void {
  const has = s.favorites.includes(productId);
  if (on && !has) s.favorites.unshift(productId);
  if (!on && has) s.favorites = s.favorites.filter((x) => x !== productId);
}

// ---------------------------------------------------------------------------------------------
// The wallet tells us an order was paid (runs inside the wallet's own state update).

registerPaymentHook(SHOP_APP_ID, (apps, ref, paid) => {
  const shop = apps[SHOP_APP_ID] as ShopState | undefined;
  if (shop) markPaid(shop, ref, paid);
});

// ---------------------------------------------------------------------------------------------
// Validation

const isFen = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const STATUSES: readonly OrderStatus[] = ['unpaid', 'paid', 'shipped', 'completed', 'refunded', 'closed'];

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateShopState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.shop must be an object';
  const s = v as Partial<ShopState>;
  if (typeof s.me?.name !== 'string') return 'apps.shop.me.name must be a string';
  if (!Array.isArray(s.products)) return 'apps.shop.products must be an array';
  for (const [i, p] of s.products.entries()) {
    const at = `apps.shop.products[${i}]`;
    if (typeof p?.id !== 'string' || typeof p.title !== 'string' || typeof p.brand !== 'string' || typeof p.shop !== 'string') return `${at} needs string id, title, brand and shop`;
    if (!isShopCategory(String(p.category))) return `${at}.category must be one of ${SHOP_CATEGORIES.join(', ')}`;
    if (!isFen(p.price) || !isFen(p.originalPrice)) return `${at}.price and originalPrice must be non-negative integers (fen)`;
    if (!Array.isArray(p.options) || !Array.isArray(p.skus) || p.skus.length === 0) return `${at} needs options and at least one sku`;
    for (const [j, k] of p.skus.entries()) {
      if (typeof k?.id !== 'string' || !Array.isArray(k.values) || k.values.length !== p.options.length) return `${at}.skus[${j}] needs an id and one value per option group`;
      if (!isFen(k.price) || k.price === 0) return `${at}.skus[${j}].price must be a positive integer (fen)`;
      if (!Number.isSafeInteger(k.stock) || k.stock < 0) return `${at}.skus[${j}].stock must be a non-negative integer`;
    }
    if (!Array.isArray(p.reviews)) return `${at}.reviews must be an array`;
  }
  if (!Array.isArray(s.cart)) return 'apps.shop.cart must be an array';
  for (const [i, c] of s.cart.entries()) {
    if (typeof c?.id !== 'string' || typeof c.productId !== 'string' || typeof c.skuId !== 'string') return `apps.shop.cart[${i}] needs string id, productId and skuId`;
    if (!Number.isSafeInteger(c.qty) || c.qty < 1) return `apps.shop.cart[${i}].qty must be a positive integer`;
    if (typeof c.selected !== 'boolean') return `apps.shop.cart[${i}].selected must be a boolean`;
  }
  if (!Array.isArray(s.favorites) || !s.favorites.every((f) => typeof f === 'string')) return 'apps.shop.favorites must be an array of product ids';
  if (!Array.isArray(s.addresses)) return 'apps.shop.addresses must be an array';
  for (const [i, a] of s.addresses.entries()) {
    if (typeof a?.id !== 'string' || typeof a.name !== 'string' || typeof a.phone !== 'string' || typeof a.region !== 'string' || typeof a.detail !== 'string') return `apps.shop.addresses[${i}] needs string id, name, phone, region and detail`;
    if (typeof a.isDefault !== 'boolean') return `apps.shop.addresses[${i}].isDefault must be a boolean`;
  }
  if (!Array.isArray(s.coupons)) return 'apps.shop.coupons must be an array';
  for (const [i, c] of s.coupons.entries()) {
    if (typeof c?.id !== 'string' || typeof c.title !== 'string') return `apps.shop.coupons[${i}] needs string id and title`;
    if (!isFen(c.threshold) || !isFen(c.discount)) return `apps.shop.coupons[${i}].threshold and discount must be non-negative integers (fen)`;
    if (c.category !== null && !isShopCategory(String(c.category))) return `apps.shop.coupons[${i}].category must be null or a category`;
    if (!Number.isFinite(c.expiresAt)) return `apps.shop.coupons[${i}].expiresAt must be a number`;
  }
  if (!Array.isArray(s.orders)) return 'apps.shop.orders must be an array';
  for (const [i, o] of s.orders.entries()) {
    const at = `apps.shop.orders[${i}]`;
    if (typeof o?.id !== 'string' || typeof o.no !== 'string') return `${at} needs string id and no`;
    if (!STATUSES.includes(o.status)) return `${at}.status must be one of ${STATUSES.join(', ')}`;
    if (!Array.isArray(o.items) || o.items.length === 0) return `${at}.items must be a non-empty array`;
    if (!isFen(o.subtotal) || !isFen(o.discount) || !isFen(o.shipping) || !isFen(o.total)) return `${at} subtotal, discount, shipping and total must be non-negative integers (fen)`;
    if (o.total !== o.subtotal - o.discount + o.shipping) return `${at}.total must equal subtotal − discount + shipping`;
    if (typeof o.address?.name !== 'string') return `${at}.address must be an address`;
  }
  return null;
}
