/**
 * Seed data for the food app: 10 shops over the 8 kinds (each with 5-7 dishes, options, a sold-out
 * dish here and there, opening hours: 烧烤 opens in the evening, so it is closed at the seeded
 * morning), a cart at one shop, 2-3 addresses, coupons (platform, one shop's, expired, used) and
 * orders: delivered ones in the past days, a cancelled one, and one on its way now. Pure: importable
 * from Node. The seed changes names, prices, picks and times, never the structure.
 */
import type { Rng } from '../shared/rng.ts';
import { HOURS, KIND_INFO, NICKNAMES, PEOPLE, PLACES, REVIEWERS, REVIEW_TEXTS } from './data.ts';
import { defaultPicks, isOpen, orderNumber, quote, specText, stageTimes, unitPrice } from './logic.ts';
import { SHOP_KINDS, type Address, type CartLine, type Coupon, type Dish, type Order, type Shop, type ShopKind } from './types.ts';

export interface FoodSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function createFoodState(rng: Rng, ctx: FoodSeedContext) {
  const shops = createShops(rng.fork('shops'), ctx);
  const addresses = createAddresses(rng.fork('addresses'));
  const coupons = createCoupons(rng.fork('coupons'), shops, ctx);
  const orders = createOrders(rng.fork('orders'), shops, addresses, coupons, ctx);
  return {
    me: { name: rng.fork('me').pick(NICKNAMES) },
    shops,
    cart: createCart(rng.fork('cart'), shops, ctx),
    addresses,
    coupons,
    orders,
  };
}

/** Each kind once, two kinds twice: 10 shops with distinct names. */
function createShops(rng: Rng, ctx: FoodSeedContext): Shop[] {
  const kinds: ShopKind[] = [...SHOP_KINDS, ...rng.sample(['面馆', '快餐', '饮品'] as ShopKind[], 2)];
  const used = new Set<string>();
  return kinds.map((kind, i) => {
    const info = KIND_INFO[kind];
    const name = rng.pick(info.shops.filter((n) => !used.has(n)));
    used.add(name);
    const shopNo = String(i + 1).padStart(2, '0');
    const templates = rng.sample(info.dishes, Math.min(info.dishes.length, rng.int(5, 6)));
    const dishes: Dish[] = templates.map((t, j) => ({
      id: `d_${shopNo}${String(j + 1).padStart(2, '0')}`,
      name: t.name,
      art: t.art,
      hue: rng.int(0, 359),
      price: rng.int(t.min, t.max) * 100 + (rng.chance(0.3) ? 50 : 0),
      sales: rng.chance(0.3) ? rng.int(1000, 9000) : rng.int(20, 999),
      desc: t.desc,
      soldOut: false,
      options: t.options.map((g) => ({ name: g.name, multi: g.multi, choices: g.choices.map((c) => ({ ...c })) })),
    }));
    // About one shop in two has a dish sold out today (never its first, which the shop leads with).
    if (rng.chance(0.5)) rng.pick(dishes.slice(1)).soldOut = true;
    const [open, close] = rng.pick(HOURS[kind]);
    return {
      id: `fs_${shopNo}`,
      name,
      kind,
      rating: rng.int(42, 49) / 10,
      sales: rng.int(300, 9000),
      deliveryFee: rng.pick([0, 200, 300, 350, 500]),
      minOrder: rng.pick(info.minOrder) * 100,
      deliveryMinutes: rng.int(info.minutes[0], info.minutes[1]),
      distance: rng.int(3, 45) * 100,
      open,
      close,
      notice: rng.pick(info.notices),
      dishes,
      reviews: rng.sample(REVIEW_TEXTS, 2).map((text, k) => ({ user: rng.pick(REVIEWERS), stars: rng.chance(0.75) ? 5 : 4, text, time: ctx.now - (k * 7 + rng.int(1, 6)) * DAY - rng.int(0, 12) * HOUR })),
    };
  });
}

function mobile(rng: Rng): string {
  return `1${rng.pick(['38', '39', '58', '86', '77', '35', '50'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

function createAddresses(rng: Rng): Address[] {
  const n = rng.int(2, 3);
  const me = rng.pick(PEOPLE);
  const places = rng.sample(PLACES, n);
  // The places differ in tag where they can: 家 first (the default), then 公司 / 学校.
  places.sort((a, b) => (a.tag === '家' ? 0 : 1) - (b.tag === '家' ? 0 : 1));
  const phone = mobile(rng);
  return places.map((p, i) => ({ id: `fa_${String(i + 1).padStart(2, '0')}`, name: me, phone, address: p.address, room: p.room, tag: p.tag, isDefault: i === 0 }));
}

function createCoupons(rng: Rng, shops: Shop[], ctx: FoodSeedContext): Coupon[] {
  const valid = () => ctx.now + rng.int(1, 14) * DAY + rng.int(0, 23) * HOUR;
  const expired = () => ctx.now - rng.int(1, 10) * DAY - rng.int(1, 23) * HOUR;
  const small = rng.pick([[2000, 300], [2500, 400]] as const);
  const mid = rng.pick([[3500, 600], [4000, 800]] as const);
  const big = rng.pick([[5000, 1000], [6000, 1200]] as const);
  const shop = rng.pick(shops.filter((s) => s.kind !== '烧烤'));
  const shopCut = rng.pick([[3000, 700], [2500, 500]] as const);
  const specs: Omit<Coupon, 'id'>[] = [
    { title: `满${small[0] / 100}减${small[1] / 100}`, threshold: small[0], discount: small[1], shopId: null, expiresAt: valid(), usedBy: null },
    { title: `满${mid[0] / 100}减${mid[1] / 100}`, threshold: mid[0], discount: mid[1], shopId: null, expiresAt: valid(), usedBy: null },
    { title: `满${big[0] / 100}减${big[1] / 100}`, threshold: big[0], discount: big[1], shopId: null, expiresAt: valid(), usedBy: null },
    { title: `${shop.name} 满${shopCut[0] / 100}减${shopCut[1] / 100}`, threshold: shopCut[0], discount: shopCut[1], shopId: shop.id, expiresAt: valid(), usedBy: null },
    { title: '满30减15', threshold: 3000, discount: 1500, shopId: null, expiresAt: expired(), usedBy: null },
    { title: '满25减5', threshold: 2500, discount: 500, shopId: null, expiresAt: valid(), usedBy: null },
  ];
  return specs.map((c, i) => ({ id: `fc_${String(i + 1).padStart(2, '0')}`, ...c }));
}

/** Random picks for a dish: one choice of each single group, maybe one add-on. */
function randomPicks(rng: Rng, dish: Dish): string[][] {
  return dish.options.map((g) => (g.multi ? (rng.chance(0.4) ? [rng.pick(g.choices).name] : []) : [rng.pick(g.choices).name]));
}

function createCart(rng: Rng, shops: Shop[], ctx: FoodSeedContext): CartLine[] {
  const open = shops.filter((s) => isOpen(s, ctx.now, ctx.timezone));
  const shop = rng.pick(open.length > 0 ? open : shops);
  const dish = shop.dishes.find((d) => !d.soldOut)!;
  return [{ id: 'cl_001', shopId: shop.id, dishId: dish.id, picks: rng.chance(0.5) ? defaultPicks(dish) : randomPicks(rng, dish), qty: 1 }];
}

function createOrders(rng: Rng, shops: Shop[], addresses: Address[], coupons: Coupon[], ctx: FoodSeedContext): Order[] {
  const used = coupons.find((c) => c.title === '满25减5')!;
  const open = shops.filter((s) => isOpen(s, ctx.now, ctx.timezone));
  // Past orders at distinct shops (the one on its way now at an open shop), oldest first.
  const pastShops = rng.sample(shops, 5);
  const liveShop = rng.pick(open.filter((s) => !pastShops.includes(s)).length > 0 ? open.filter((s) => !pastShops.includes(s)) : open);
  const plans: { shop: Shop; createdAt: number; kind: 'delivered' | 'cancelled' | 'live' }[] = pastShops.map((shop, i) => ({
    shop,
    createdAt: ctx.now - (18 - i * 3 - rng.int(0, 2)) * DAY - rng.int(0, 10) * HOUR,
    kind: i === 2 ? ('cancelled' as const) : ('delivered' as const),
  }));
  plans.push({ shop: liveShop, createdAt: ctx.now - rng.int(8, Math.max(9, liveShop.deliveryMinutes - 4)) * MINUTE, kind: 'live' });
  return plans.map((plan, i) => {
    const id = `fo_${String(i + 1).padStart(3, '0')}`;
    // The dearest dish first: it is the one bought twice when the order must reach the 起送 price.
    const dishes = rng.sample(plan.shop.dishes.filter((d) => !d.soldOut), rng.chance(0.5) ? 2 : 1).sort((a, b) => b.price - a.price);
    const items = dishes.map((d) => {
      const picks = randomPicks(rng, d);
      return { dishId: d.id, name: d.name, spec: specText(picks), picks, price: unitPrice(d, picks), qty: rng.chance(0.75) ? 1 : 2 };
    });
    let subtotal = items.reduce((n, it) => n + it.price * it.qty, 0);
    if (subtotal < plan.shop.minOrder) {
      items[0].qty += Math.ceil((plan.shop.minOrder - subtotal) / items[0].price);
      subtotal = items.reduce((n, it) => n + it.price * it.qty, 0);
    }
    const useCoupon = plan.kind === 'delivered' && used.usedBy === null && subtotal >= used.threshold;
    if (useCoupon) used.usedBy = id;
    const q = quote(subtotal, plan.shop.deliveryFee, useCoupon ? used : null);
    const a = plan.kind === 'live' ? addresses[0] : rng.pick(addresses);
    const paidAt = plan.createdAt + rng.int(1, 2) * MINUTE;
    return {
      id,
      no: orderNumber(plan.createdAt, rng.int(0, 999_999), ctx.timezone),
      shopId: plan.shop.id,
      shopName: plan.shop.name,
      items,
      address: { name: a.name, phone: a.phone, address: a.address, room: a.room },
      note: rng.chance(0.3) ? '不要香菜' : '',
      subtotal: q.subtotal,
      deliveryFee: q.deliveryFee,
      couponId: useCoupon ? used.id : null,
      discount: q.discount,
      total: q.total,
      status: plan.kind === 'cancelled' ? 'cancelled' : 'paid',
      createdAt: plan.createdAt,
      paidAt,
      times: stageTimes(paidAt, plan.shop.deliveryMinutes),
      payOrderId: null,
      payBillId: null,
      cancelledAt: plan.kind === 'cancelled' ? paidAt + 2 * MINUTE : null,
      refundBillId: null,
      review: plan.kind === 'delivered' && i === 0 ? { stars: 5, text: rng.pick(REVIEW_TEXTS), time: paidAt + 2 * HOUR } : null,
    } satisfies Order;
  });
}
