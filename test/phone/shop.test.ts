import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createShopState } from '../../simulator-apps/shop/seed.ts';
import {
  addToCart,
  addressDraftError,
  bestCoupon,
  cancelOrder,
  cartCount,
  cartGroups,
  confirmReceipt,
  couponProblem,
  deleteAddress,
  markPaid,
  optionAvailable,
  optionSoldOut,
  orderCounts,
  placeOrder,
  quote,
  quoteLines,
  refundOrder,
  removeCartItems,
  saveAddress,
  searchProducts,
  setCartQty,
  validateShopState,
  type SearchQuery,
} from '../../simulator-apps/shop/logic.ts';
import { parseShopPath, resultsPath, shopRouteStack } from '../../simulator-apps/shop/routes.ts';
import { TRAP_PAIRS } from '../../simulator-apps/shop/data.ts';
import type { ShopState } from '../../simulator-apps/shop/types.ts';
import { registerPaymentHook, requestPayment, settlePaidOrder } from '../../simulator-apps/wallet/payments.ts';

const NOW = Date.UTC(2026, 2, 14, 3, 0);
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): ShopState => createShopState(new Rng(seed), ctx) as ShopState;
const Q = (f: Partial<SearchQuery>): SearchQuery => ({ q: '', category: null, brand: null, min: null, max: null, sort: 'default', ...f });

function inStock(s: ShopState) {
  const p = s.products.find((x) => x.skus.some((k) => k.stock >= 3))!;
  return { p, sku: p.skus.find((k) => k.stock >= 3)! };
}

describe('shop seed', () => {
  it('is valid, compact, and has what the tasks rely on', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = fresh(seed);
      expect(validateShopState(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(150_000);
      expect(s.products.length).toBeGreaterThanOrEqual(120);
      expect(new Set(s.products.map((p) => p.category)).size).toBe(8);
      for (const t of TRAP_PAIRS) for (const b of t.brands) expect(s.products.some((p) => p.brand === b && p.category === t.category)).toBe(true);
      for (const st of ['unpaid', 'paid', 'shipped', 'completed', 'refunded', 'closed']) expect(s.orders.some((o) => o.status === st)).toBe(true);
      expect(s.coupons.some((c) => c.expiresAt <= NOW)).toBe(true);
      expect(s.coupons.some((c) => c.category !== null)).toBe(true);
      expect(s.addresses.filter((a) => a.isDefault)).toHaveLength(1);
      expect(s.products.some((p) => p.options[0].values.some((v) => optionSoldOut(p, 0, v)))).toBe(true);
      expect(s.products.every((p) => p.skus.some((k) => k.stock > 0))).toBe(true);
      expect(s.orders.every((o) => o.total === o.subtotal - o.discount + o.shipping)).toBe(true);
    }
  });
});

describe('validateShopState', () => {
  it('names the bad field', () => {
    const bad = (edit: (s: ShopState) => void) => {
      const s = fresh();
      edit(s);
      return validateShopState(s);
    };
    expect(validateShopState(null)).toMatch(/apps\.shop/);
    expect(bad((s) => ((s.products[3].skus[0] as { stock: number }).stock = -1))).toMatch(/products\[3\]\.skus\[0\]\.stock/);
    expect(bad((s) => ((s.products[0] as { category: string }).category = '玩具'))).toMatch(/products\[0\]\.category/);
    expect(bad((s) => (s.cart[0].qty = 0))).toMatch(/cart\[0\]\.qty/);
    expect(bad((s) => (s.orders[1].total += 1))).toMatch(/orders\[1\]\.total/);
    expect(bad((s) => ((s.orders[0] as { status: string }).status = 'lost'))).toMatch(/orders\[0\]\.status/);
    expect(bad((s) => ((s.coupons[0] as { discount: number }).discount = 1.5))).toMatch(/coupons\[0\]/);
    expect(bad((s) => ((s.addresses[0] as { isDefault: unknown }).isDefault = 'yes'))).toMatch(/addresses\[0\]\.isDefault/);
  });
});

describe('search', () => {
  it('matches title and brand, filters and sorts', () => {
    const s = fresh(1);
    const all = searchProducts(s.products, Q({ q: '耳机' }));
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((p) => p.title.includes('耳机'))).toBe(true);
    const asc = searchProducts(s.products, Q({ category: '服饰', sort: 'priceAsc' }));
    expect(asc.map((p) => p.price)).toEqual([...asc.map((p) => p.price)].sort((a, b) => a - b));
    const desc = searchProducts(s.products, Q({ category: '服饰', sort: 'priceDesc' }));
    expect(desc[0].price).toBe(asc.at(-1)!.price);
    const sales = searchProducts(s.products, Q({ sort: 'sales' }));
    expect(sales[0].sales).toBe(Math.max(...s.products.map((p) => p.sales)));
    const brand = searchProducts(s.products, Q({ q: '耳机', brand: '声跃' }));
    expect(brand.length).toBe(1);
    const ranged = searchProducts(s.products, Q({ min: 10_000, max: 20_000 }));
    expect(ranged.every((p) => p.price >= 10_000 && p.price <= 20_000)).toBe(true);
    expect(searchProducts(s.products, Q({ q: '不存在的东西' }))).toEqual([]);
  });
});

describe('options and cart', () => {
  it('greys out a value with no stock given the other choices', () => {
    const s = fresh(2);
    const p = s.products.find((x) => x.options.length === 2)!;
    p.skus.forEach((k) => (k.stock = 5));
    const [a] = p.options[0].values;
    const [x] = p.options[1].values;
    p.skus.find((k) => k.values[0] === a && k.values[1] === x)!.stock = 0;
    expect(optionAvailable(p, [a, null], 1, x)).toBe(false);
    expect(optionAvailable(p, [null, null], 1, x)).toBe(true);
    expect(optionSoldOut(p, 1, x)).toBe(false);
  });

  it('adds, merges the same option, bounds quantities by stock and refuses without changing anything', () => {
    const s = fresh();
    const { p, sku } = inStock(s);
    s.cart = [];
    expect(addToCart(s, p.id, sku.id, 2).ok).toBe(true);
    expect(addToCart(s, p.id, sku.id, 1).ok).toBe(true);
    expect(s.cart).toHaveLength(1);
    expect(s.cart[0].qty).toBe(3);
    const json = JSON.stringify(s);
    expect(addToCart(s, p.id, sku.id, sku.stock)).toEqual({ ok: false, reason: 'stock' });
    expect(addToCart(s, p.id, 'nope', 1)).toEqual({ ok: false, reason: 'sku' });
    expect(addToCart(s, 'p_999', sku.id, 1)).toEqual({ ok: false, reason: 'product' });
    expect(setCartQty(s, s.cart[0].id, sku.stock + 1)).toBe(false);
    expect(setCartQty(s, s.cart[0].id, 0)).toBe(false);
    expect(JSON.stringify(s)).toBe(json);
    expect(setCartQty(s, s.cart[0].id, 1)).toBe(true);
    expect(cartCount(s)).toBe(1);
  });

  it('groups lines by shop and deletes lines', () => {
    const s = fresh(3);
    const groups = cartGroups(s);
    expect(groups.flatMap((g) => g.lines)).toHaveLength(s.cart.length);
    for (const g of groups) expect(g.lines.every((l) => l.product.shop === g.shop)).toBe(true);
    expect(removeCartItems(s, [s.cart[0].id])).toBe(1);
    expect(cartCount(s)).toBe(s.cart.reduce((n, c) => n + c.qty, 0));
  });
});

describe('coupons', () => {
  it('refuses expired, used, wrong-category and below-threshold coupons and picks the best', () => {
    const s = fresh(4);
    const beauty = s.products.find((p) => p.category === '美妆')!;
    const other = s.products.find((p) => p.category === '家居')!;
    const lines = [{ price: 40_000, qty: 1, category: other.category }];
    const expired = s.coupons.find((c) => c.expiresAt <= NOW)!;
    expect(couponProblem(expired, lines, NOW)).toBe('已过期');
    const used = s.coupons.find((c) => c.usedBy !== null)!;
    expect(couponProblem(used, lines, NOW)).toBe('已使用');
    const cat = s.coupons.find((c) => c.category === '美妆')!;
    expect(couponProblem(cat, lines, NOW)).toBe('仅限美妆类商品');
    expect(couponProblem(cat, [{ price: 1, qty: 1, category: beauty.category }], NOW)).toMatch(/^还差/);
    const best = bestCoupon(s.coupons, lines, NOW)!;
    expect(couponProblem(best, lines, NOW)).toBeNull();
    for (const c of s.coupons) if (couponProblem(c, lines, NOW) === null) expect(c.discount).toBeLessThanOrEqual(best.discount);
    expect(bestCoupon(s.coupons, [{ price: 100, qty: 1, category: '图书' }], NOW)?.threshold).toBe(0);
  });

  it('quotes shipping and never discounts below zero', () => {
    expect(quote([{ price: 5_000, qty: 1, category: '食品' }], null)).toEqual({ subtotal: 5_000, discount: 0, shipping: 800, total: 5_800 });
    expect(quote([{ price: 9_900, qty: 1, category: '食品' }], { discount: 1_000 })).toEqual({ subtotal: 9_900, discount: 1_000, shipping: 0, total: 8_900 });
    expect(quote([{ price: 300, qty: 1, category: '食品' }], { discount: 500 }).discount).toBe(300);
  });
});

describe('orders', () => {
  function place(s: ShopState, qty = 1, couponId: string | null = null) {
    const { p, sku } = inStock(s);
    const stock = sku.stock;
    const r = placeOrder(s, { lines: [{ productId: p.id, skuId: sku.id, qty }], addressId: s.addresses[0].id, couponId, cartItemIds: [], now: NOW, serial: 42, timezone: 'Asia/Shanghai' });
    return { r, p, sku, stock };
  }

  it('places an unpaid order: stock down, coupon used, bought cart lines gone', () => {
    const s = fresh(5);
    const line = s.cart[0];
    const sku = s.products.find((p) => p.id === line.productId)!.skus.find((k) => k.id === line.skuId)!;
    const stock = sku.stock;
    const lines = [{ productId: line.productId, skuId: line.skuId, qty: line.qty }];
    const coupon = bestCoupon(s.coupons, quoteLines(s, lines), NOW);
    const r = placeOrder(s, { lines, addressId: s.addresses[1].id, couponId: coupon?.id ?? null, cartItemIds: [line.id], now: NOW, serial: 7, timezone: 'Asia/Shanghai' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({ status: 'unpaid', createdAt: NOW, address: { name: s.addresses[1].name }, couponId: coupon?.id ?? null });
    expect(r.order.no).toMatch(/^260314\d{10}$/);
    expect(r.order.total).toBe(r.order.subtotal - r.order.discount + r.order.shipping);
    expect(sku.stock).toBe(stock - line.qty);
    expect(s.cart.some((c) => c.id === line.id)).toBe(false);
    if (coupon) expect(s.coupons.find((c) => c.id === coupon.id)!.usedBy).toBe(r.order.id);
    expect(validateShopState(s)).toBeNull();
  });

  it('refuses without an address, above the stock, or with an unusable coupon, changing nothing', () => {
    const s = fresh(6);
    const json = JSON.stringify(s);
    const { p, sku } = inStock(s);
    const base = { lines: [{ productId: p.id, skuId: sku.id, qty: 1 }], addressId: s.addresses[0].id, couponId: null, cartItemIds: [], now: NOW, serial: 1 };
    expect(placeOrder(s, { ...base, addressId: null })).toEqual({ ok: false, reason: 'address' });
    expect(placeOrder(s, { ...base, lines: [{ productId: p.id, skuId: sku.id, qty: sku.stock + 1 }] })).toEqual({ ok: false, reason: 'stock' });
    expect(placeOrder(s, { ...base, couponId: s.coupons.find((c) => c.expiresAt <= NOW)!.id })).toEqual({ ok: false, reason: 'coupon' });
    expect(placeOrder(s, { ...base, lines: [] })).toEqual({ ok: false, reason: 'empty' });
    expect(JSON.stringify(s)).toBe(json);
  });

  it('cancelling an unpaid order gives stock and coupon back; paid orders cannot be cancelled', () => {
    const s = fresh(8);
    const small = s.coupons.find((c) => c.threshold === 0 && c.expiresAt > NOW)!;
    const { r, sku, stock } = place(s, 1, small.id);
    expect(r.ok && s.coupons.find((c) => c.id === small.id)!.usedBy === r.order.id).toBe(true);
    if (!r.ok) return;
    expect(cancelOrder(s, r.order.id)).toBe(true);
    expect(sku.stock).toBe(stock);
    expect(s.coupons.find((c) => c.id === small.id)!.usedBy).toBeNull();
    expect(r.order.status).toBe('closed');
    const paid = s.orders.find((o) => o.status === 'paid')!;
    expect(cancelOrder(s, paid.id)).toBe(false);
  });

  it('pays through the wallet hook, confirms receipt, refunds', () => {
    const state = createInitialState(9);
    const apps = state.apps as unknown as Record<string, unknown> & { shop: ShopState; wallet: { orders: { id: string; status: string; billId: string | null; paidAt: number | null }[] } };
    const s = apps.shop;
    const { r } = place(s);
    if (!r.ok) throw new Error('not placed');
    const payId = requestPayment(apps, { merchant: '优选商城', title: 'x', amount: r.order.total, category: '购物', source: { app: 'shop', ref: r.order.id, returnPath: `/order/${r.order.id}` }, now: NOW });
    const w = apps.wallet.orders.find((o) => o.id === payId)!;
    Object.assign(w, { status: 'paid', billId: 'b_9999', paidAt: NOW + 1 });
    settlePaidOrder(apps, payId);
    expect(r.order).toMatchObject({ status: 'paid', paidAt: NOW + 1, payBillId: 'b_9999' });
    expect(markPaid(s, r.order.id, { billId: 'b_x', paidAt: 0 })).toBe(false);
    expect(refundOrder(s, r.order.id, '  ', NOW)).toBeNull();
    const stock = () => r.order.items.map((it) => s.products.find((p) => p.id === it.productId)!.skus.find((k) => k.id === it.skuId)!.stock);
    const before = stock();
    expect(refundOrder(s, r.order.id, '不想要了', NOW)).toMatchObject({ status: 'refunded', refund: { reason: '不想要了', amount: r.order.total } });
    // The goods go back on the shelf.
    expect(stock()).toEqual(before.map((n, i) => n + r.order.items[i]!.qty));
    expect(refundOrder(s, r.order.id, '不想要了', NOW)).toBeNull();
    expect(stock()).toEqual(before.map((n, i) => n + r.order.items[i]!.qty));
    const shipped = s.orders.find((o) => o.status === 'shipped')!;
    expect(confirmReceipt(s, shipped.id, NOW)).toBe(true);
    expect(shipped.status).toBe('completed');
    expect(confirmReceipt(s, shipped.id, NOW)).toBe(false);
    const unpaid = s.orders.find((o) => o.status === 'unpaid')!;
    expect(refundOrder(s, unpaid.id, '其他', NOW)).toBeNull();
    expect(orderCounts(s.orders).aftersale).toBe(s.orders.filter((o) => o.status === 'refunded').length);
    void registerPaymentHook;
  });
});

describe('addresses', () => {
  it('validates the phone and required fields', () => {
    const d = { name: '张三', phone: '13800138000', region: '浙江省 杭州市 西湖区', detail: '文三路1号', isDefault: false };
    expect(addressDraftError(d)).toBeNull();
    expect(addressDraftError({ ...d, phone: '1380013800' })).toMatch(/手机号/);
    expect(addressDraftError({ ...d, phone: '12800138000' })).toMatch(/手机号/);
    expect(addressDraftError({ ...d, name: ' ' })).toMatch(/收货人/);
    expect(addressDraftError({ ...d, detail: '' })).toMatch(/详细地址/);
  });

  it('keeps exactly one default through add, edit and delete', () => {
    const s = fresh(10);
    const id = saveAddress(s, null, { name: ' 新人 ', phone: '13912345678', region: '江苏省  南京市 鼓楼区', detail: '中山路 1号', isDefault: true });
    expect(s.addresses.find((a) => a.id === id)).toMatchObject({ name: '新人', region: '江苏省 南京市 鼓楼区', isDefault: true });
    expect(s.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    saveAddress(s, id, { name: '新人', phone: '13912345678', region: '江苏省 南京市 鼓楼区', detail: '中山路 2号', isDefault: false });
    expect(s.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    const def = s.addresses.find((a) => a.isDefault)!;
    expect(deleteAddress(s, def.id)).toBe(true);
    expect(s.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    expect(deleteAddress(s, 'a_99')).toBe(false);
  });
});

describe('routes', () => {
  it('round-trips search filters and builds deep-link stacks', () => {
    const q = Q({ q: '耳机', brand: '声悦', min: 10_000, sort: 'priceAsc' });
    expect(parseShopPath(resultsPath(q))).toEqual({ screen: 'results', query: q });
    expect(parseShopPath('/checkout?buy=p_001.s2.3')).toEqual({ screen: 'checkout', buy: { productId: 'p_001', skuId: 's2', qty: 3 } });
    expect(shopRouteStack('/order/od_003/refund')).toEqual(['/me', '/orders', '/order/od_003', '/order/od_003/refund']);
    expect(shopRouteStack('/product/p_010')).toEqual(['/', '/product/p_010']);
    expect(parseShopPath('/nope').screen).toBe('notFound');
  });
});
