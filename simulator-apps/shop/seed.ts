/**
 * Seed data for the shop: ~126 products in 8 categories (three look-alike brand pairs), a cart
 * over several shops, favourites, 2-3 addresses, coupons (valid, category-limited, expired,
 * used) and orders in every status. Pure: importable from Node. The seed changes prices, stock,
 * picks and times, never the structure.
 */
import type { Rng } from '../shared/rng.ts';
import { CATEGORY_INFO, COURIERS, HUBS, NICKNAMES, PEOPLE, REFUND_REASONS, REGIONS, REVIEWERS, REVIEW_TEXTS, SELF_SHOP, STREETS, TRAP_PAIRS, type Kind } from './data.ts';
import { orderNumber, quote, skuLabel } from './logic.ts';
import { SHOP_CATEGORIES, type Address, type CartItem, type Coupon, type Order, type OrderItem, type OrderStatus, type Product, type ShopCategory, type Sku } from './types.ts';

export interface ShopSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PER_CATEGORY = 15;

export function createShopState(rng: Rng, ctx: ShopSeedContext) {
  const products = createProducts(rng.fork('products'));
  const addresses = createAddresses(rng.fork('addresses'));
  const coupons = createCoupons(rng.fork('coupons'), ctx);
  const orders = createOrders(rng.fork('orders'), products, addresses, coupons, ctx);
  const r = rng.fork('shop');
  return {
    me: { name: r.pick(NICKNAMES) },
    products,
    cart: createCart(rng.fork('cart'), products),
    favorites: r.sample(products, 4).map((p) => p.id),
    addresses,
    coupons,
    orders,
  };
}

function shopName(rng: Rng, category: ShopCategory, brand: string): string {
  if (rng.chance(0.2)) return SELF_SHOP;
  return category === '图书' ? `${brand}图书专营店` : `${brand}官方旗舰店`;
}

function skusOf(rng: Rng, kind: Kind, base: number): Sku[] {
  let combos: { values: string[]; extra: number }[] = [{ values: [], extra: 0 }];
  for (const g of kind.options) {
    const next: typeof combos = [];
    for (const c of combos) for (const [i, v] of g.values.entries()) next.push({ values: [...c.values, v], extra: c.extra + (g.step ?? 0) * i });
    combos = next;
  }
  const skus = combos.map((c, i) => ({ id: `s${i + 1}`, values: c.values, price: base + c.extra, stock: rng.chance(0.12) ? 0 : rng.int(1, 60) }));
  // One product in five has a first-option value sold out in every combination.
  const first = kind.options[0];
  if (first.values.length > 1 && rng.chance(0.2)) {
    const gone = rng.pick(first.values);
    for (const s of skus) if (s.values[0] === gone) s.stock = 0;
  }
  if (skus.every((s) => s.stock === 0)) skus[0].stock = rng.int(3, 30);
  return skus;
}

function makeProduct(rng: Rng, id: string, category: ShopCategory, brand: string, kind: Kind): Product {
  const info = CATEGORY_INFO[category];
  const yuan = Math.floor(rng.int(kind.min, kind.max) / 10) * 10 + 9;
  const base = rng.chance(0.25) ? yuan * 100 - 10 : yuan * 100;
  const skus = skusOf(rng, kind, base);
  const price = Math.min(...skus.map((s) => s.price));
  const texts = REVIEW_TEXTS[category];
  const reviews = rng.sample(texts, rng.int(2, 3)).map((text) => {
    const sku = rng.pick(skus);
    return { user: `${rng.pick(REVIEWERS)}***${rng.int(0, 9)}`, stars: rng.chance(0.8) ? 5 : 4, text, option: sku.values.join(' / ') };
  });
  return {
    id,
    category,
    brand,
    title: `${brand} ${kind.name}`,
    price,
    originalPrice: Math.round((price * (1.15 + rng.int(0, 40) / 100)) / 100) * 100,
    sales: rng.chance(0.3) ? rng.int(10_000, 90_000) : rng.int(30, 9_999),
    rating: rng.int(42, 50) / 10,
    shop: shopName(rng, category, brand),
    glyph: kind.glyph,
    hue: (info.hue + rng.int(-18, 18) + 360) % 360,
    options: kind.options.map((g) => ({ name: g.name, values: [...g.values] })),
    skus,
    reviews,
  };
}

function createProducts(rng: Rng): Product[] {
  const out: Product[] = [];
  for (const category of SHOP_CATEGORIES) {
    const info = CATEGORY_INFO[category];
    const traps = TRAP_PAIRS.filter((t) => t.category === category);
    const isTrap = (brand: string, k: number) => traps.some((t) => t.kind === k && (t.brands as readonly string[]).includes(brand));
    const pairs: [string, number][] = [];
    for (const brand of info.brands) for (let k = 0; k < info.kinds.length; k++) if (!isTrap(brand, k)) pairs.push([brand, k]);
    const picked = rng.sample(pairs, PER_CATEGORY);
    for (const t of traps) for (const b of t.brands) picked.push([b, t.kind]);
    for (const [brand, k] of rng.shuffle(picked)) {
      out.push(makeProduct(rng, `p_${String(out.length + 1).padStart(3, '0')}`, category, brand, info.kinds[k]));
    }
  }
  return out;
}

function createCart(rng: Rng, products: Product[]): CartItem[] {
  const picks = rng.sample(products, 5);
  const cart: CartItem[] = [];
  for (const p of picks) {
    const sku = p.skus.find((s) => s.stock >= 2) ?? p.skus.find((s) => s.stock > 0)!;
    cart.push({ id: `ci_${String(cart.length + 1).padStart(3, '0')}`, productId: p.id, skuId: sku.id, qty: Math.min(sku.stock, rng.int(1, 2)), selected: rng.chance(0.6) });
  }
  if (!cart.some((c) => c.selected)) cart[0].selected = true;
  return cart;
}

function mobile(rng: Rng): string {
  return `1${rng.pick(['38', '39', '58', '86', '77', '35', '50'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

function createAddresses(rng: Rng): Address[] {
  const n = rng.int(2, 3);
  const people = rng.sample(PEOPLE, n);
  const regions = rng.sample(REGIONS.map((r, i) => [r, STREETS[i]] as const), n);
  return people.map((name, i) => ({ id: `a_${String(i + 1).padStart(2, '0')}`, name, phone: mobile(rng), region: regions[i][0], detail: regions[i][1], isDefault: i === 0 }));
}

function createCoupons(rng: Rng, ctx: ShopSeedContext): Coupon[] {
  const valid = () => ctx.now + rng.int(3, 30) * DAY + rng.int(0, 23) * HOUR;
  const expired = () => ctx.now - rng.int(1, 20) * DAY - rng.int(1, 23) * HOUR;
  const big = rng.pick([[30_000, 3_000], [40_000, 4_000], [30_000, 4_500]] as const);
  const beauty = rng.pick([[10_000, 1_500], [20_000, 3_000]] as const);
  const digital = rng.pick([[50_000, 5_000], [100_000, 12_000]] as const);
  const clothes = rng.pick([[15_000, 2_000], [20_000, 2_500]] as const);
  const small = rng.pick([500, 300, 800]);
  const specs: Omit<Coupon, 'id'>[] = [
    { title: `满${big[0] / 100}减${big[1] / 100}`, threshold: big[0], discount: big[1], category: null, expiresAt: valid(), usedBy: null },
    { title: `无门槛${small / 100}元`, threshold: 0, discount: small, category: null, expiresAt: valid(), usedBy: null },
    { title: `美妆满${beauty[0] / 100}减${beauty[1] / 100}`, threshold: beauty[0], discount: beauty[1], category: '美妆', expiresAt: valid(), usedBy: null },
    { title: `数码满${digital[0] / 100}减${digital[1] / 100}`, threshold: digital[0], discount: digital[1], category: '数码', expiresAt: valid(), usedBy: null },
    { title: `服饰满${clothes[0] / 100}减${clothes[1] / 100}`, threshold: clothes[0], discount: clothes[1], category: '服饰', expiresAt: valid(), usedBy: null },
    { title: '满200减25', threshold: 20_000, discount: 2_500, category: null, expiresAt: expired(), usedBy: null },
    { title: '无门槛10元', threshold: 0, discount: 1_000, category: null, expiresAt: expired(), usedBy: null },
    { title: '满99减10', threshold: 9_900, discount: 1_000, category: null, expiresAt: valid(), usedBy: null },
  ];
  return specs.map((c, i) => ({ id: `cp_${String(i + 1).padStart(2, '0')}`, ...c }));
}

const STATUSES: OrderStatus[] = ['unpaid', 'unpaid', 'paid', 'paid', 'shipped', 'shipped', 'completed', 'completed', 'completed', 'refunded', 'closed'];

function ageOf(rng: Rng, status: OrderStatus): number {
  switch (status) {
    case 'unpaid':
      return rng.int(5, 600) * MINUTE;
    case 'paid':
      return rng.int(2, 40) * HOUR;
    case 'shipped':
      return rng.int(2, 4) * DAY + rng.int(0, 23) * HOUR;
    case 'completed':
      return rng.int(8, 45) * DAY + rng.int(0, 23) * HOUR;
    case 'refunded':
      return rng.int(5, 20) * DAY;
    case 'closed':
      return rng.int(3, 30) * DAY;
  }
}

function trackingOf(rng: Rng, createdAt: number, delivered: boolean, now: number): NonNullable<Order['tracking']> {
  const hubs = rng.sample(HUBS, 2);
  const t0 = createdAt + rng.int(4, 20) * HOUR;
  const events = [
    { time: t0, text: '商家已发货，快递已揽收' },
    { time: t0 + rng.int(6, 14) * HOUR, text: `运输中，已到达【${hubs[0]}】` },
    { time: t0 + rng.int(20, 30) * HOUR, text: `运输中，已到达【${hubs[1]}】` },
  ];
  if (delivered) {
    events.push({ time: t0 + rng.int(32, 40) * HOUR, text: '派送中，快递员正在为您派件' });
    events.push({ time: t0 + rng.int(41, 48) * HOUR, text: '已签收，感谢使用' });
  } else if (rng.chance(0.5)) {
    events.push({ time: Math.min(now - HOUR, t0 + rng.int(32, 40) * HOUR), text: '派送中，快递员正在为您派件' });
  }
  return { company: rng.pick(COURIERS), number: `${rng.pick(['SF', 'ZT', 'YT', 'YD'])}${String(rng.int(0, 999_999)).padStart(6, '0')}${String(rng.int(0, 999_999)).padStart(6, '0')}`, events: events.filter((e) => e.time < now).sort((a, b) => b.time - a.time) };
}

function createOrders(rng: Rng, products: Product[], addresses: Address[], coupons: Coupon[], ctx: ShopSeedContext): Order[] {
  // Every order's products are its own (no product in two orders), so a task can name an order by
  // what it holds; a shop of 126 products has plenty for eleven orders.
  const unused = [...products];
  const drafts = STATUSES.map((status) => {
    const createdAt = ctx.now - ageOf(rng, status);
    const items: OrderItem[] = rng.sample(unused, rng.chance(0.35) ? 2 : 1).map((p) => {
      unused.splice(unused.indexOf(p), 1);
      const sku = rng.pick(p.skus);
      return { productId: p.id, skuId: sku.id, title: p.title, option: skuLabel(sku), shop: p.shop, price: sku.price, qty: rng.chance(0.8) ? 1 : 2 };
    });
    return { status, createdAt, items };
  });
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const used = coupons.find((c) => c.title === '满99减10')!;
  return drafts.map((d, i) => {
    const id = `od_${String(i + 1).padStart(3, '0')}`;
    const a = rng.pick(addresses);
    const useCoupon = d.status === 'completed' && used.usedBy === null && d.items.reduce((sum, x) => sum + x.price * x.qty, 0) >= used.threshold;
    if (useCoupon) used.usedBy = id;
    const q = quote(d.items.map((x) => ({ price: x.price, qty: x.qty, category: products.find((p) => p.id === x.productId)!.category })), useCoupon ? used : null);
    const paid = d.status !== 'unpaid' && d.status !== 'closed';
    const shipped = d.status === 'shipped' || d.status === 'completed' || (d.status === 'refunded' && rng.chance(0.5));
    return {
      id,
      no: orderNumber(d.createdAt, rng.int(0, 9_999_999_999), ctx.timezone),
      status: d.status,
      items: d.items,
      address: { name: a.name, phone: a.phone, region: a.region, detail: a.detail },
      subtotal: q.subtotal,
      couponId: useCoupon ? used.id : null,
      discount: q.discount,
      shipping: q.shipping,
      total: q.total,
      createdAt: d.createdAt,
      paidAt: paid ? d.createdAt + rng.int(1, 10) * MINUTE : null,
      payOrderId: null,
      payBillId: null,
      tracking: shipped ? trackingOf(rng, d.createdAt, d.status !== 'shipped', ctx.now) : null,
      refund: d.status === 'refunded' ? { reason: rng.pick(REFUND_REASONS), amount: q.total, time: d.createdAt + rng.int(2, 4) * DAY, billId: null } : null,
    } satisfies Order;
  });
}
