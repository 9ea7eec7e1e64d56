import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createFoodState } from '../../simulator-apps/food/seed.ts';
import {
  addProblem,
  addToCart,
  bestCoupon,
  canCancel,
  cancelOrder,
  cartSubtotal,
  couponProblem,
  isOpen,
  listShops,
  markPaid,
  orderProblem,
  placeOrder,
  pricedCart,
  reorder,
  reviewOrder,
  saveAddress,
  setLineQty,
  stageOf,
  unitPrice,
  validateFoodState,
} from '../../simulator-apps/food/logic.ts';
import { foodRouteStack, parseFoodPath } from '../../simulator-apps/food/routes.ts';
import type { FoodState } from '../../simulator-apps/food/types.ts';

const MINUTE = 60_000;
const foodOf = (seed: number) => {
  const state = createInitialState(seed);
  return { food: state.apps.food as unknown as FoodState, now: state.os.time.timestamp };
};
/** 2026-03-14 (Asia/Shanghai) at a wall-clock hour and minute. */
const at = (h: number, m = 0) => Date.UTC(2026, 2, 14, h - 8, m);

describe('the food seed', () => {
  it('is valid and under 50 KB at every seed 1-20', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const a = JSON.stringify(createInitialState(seed).apps.food);
      expect(validateFoodState(JSON.parse(a))).toBeNull();
      expect(a.length).toBeLessThan(50_000);
    }
  });

  it('differs between seeds and keeps its facts: a closed 烧烤, shops open now, one order on its way, a cart at an open shop', () => {
    expect(JSON.stringify(foodOf(1).food.shops)).not.toBe(JSON.stringify(foodOf(2).food.shops));
    for (let seed = 1; seed <= 20; seed++) {
      const { food, now } = foodOf(seed);
      expect(food.shops.some((s) => s.kind === '烧烤' && !isOpen(s, now))).toBe(true);
      expect(food.shops.filter((s) => isOpen(s, now)).length).toBeGreaterThanOrEqual(3);
      expect(['placed', 'accepted', 'cooking', 'delivering']).toContain(stageOf(food.orders.at(-1)!, now));
      expect(isOpen(food.shops.find((s) => s.id === food.cart[0].shopId)!, now)).toBe(true);
      expect(food.addresses.filter((a) => a.isDefault)).toHaveLength(1);
      expect(new Set(food.shops.map((s) => s.name)).size).toBe(food.shops.length);
    }
  });

  it('is deterministic: the same seed gives the same slice', () => {
    expect(JSON.stringify(createInitialState(9).apps.food)).toBe(JSON.stringify(createInitialState(9).apps.food));
    const a = createFoodState(new Rng(5).fork('x'), { now: at(10), timezone: 'Asia/Shanghai' });
    const b = createFoodState(new Rng(5).fork('x'), { now: at(10), timezone: 'Asia/Shanghai' });
    expect(a).toEqual(b);
  });
});

describe('opening hours on the virtual clock', () => {
  it('opens at open, closes at close, and runs past midnight', () => {
    const day = { open: '10:00', close: '22:00' };
    expect(isOpen(day, at(9, 59))).toBe(false);
    expect(isOpen(day, at(10))).toBe(true);
    expect(isOpen(day, at(22))).toBe(false);
    const night = { open: '17:00', close: '26:00' };
    expect(isOpen(night, at(16, 59))).toBe(false);
    expect(isOpen(night, at(23))).toBe(true);
    expect(isOpen(night, at(1, 30))).toBe(true);
    expect(isOpen(night, at(2))).toBe(false);
  });

  it('lists open shops first, fastest first under 配送最快', () => {
    const { food, now } = foodOf(3);
    const list = listShops(food.shops, { kind: null, q: '', sort: 'fastest' }, now);
    const open = list.filter((s) => isOpen(s, now));
    expect(list.slice(0, open.length)).toEqual(open);
    expect(open.map((s) => s.deliveryMinutes)).toEqual([...open.map((s) => s.deliveryMinutes)].sort((a, b) => a - b));
  });
});

describe('options, cart, coupons and orders', () => {
  function openShopWithOptions(food: FoodState, now: number) {
    const shop = food.shops.find((s) => isOpen(s, now) && s.dishes.some((d) => !d.soldOut && d.options.some((g) => g.multi)))!;
    const dish = shop.dishes.find((d) => !d.soldOut && d.options.some((g) => g.multi))!;
    return { shop, dish };
  }

  it('prices a dish with its choices and merges the same picks into one line', () => {
    const { food, now } = foodOf(1);
    const { shop, dish } = openShopWithOptions(food, now);
    const picks = dish.options.map((g) => (g.multi ? g.choices.slice(0, 2).map((c) => c.name) : [g.choices.at(-1)!.name]));
    const extra = dish.options.reduce((n, g) => n + (g.multi ? g.choices[0].price + g.choices[1].price : g.choices.at(-1)!.price), 0);
    expect(unitPrice(dish, picks)).toBe(dish.price + extra);
    food.cart = [];
    addToCart(food, shop.id, dish.id, picks, 1);
    addToCart(food, shop.id, dish.id, picks.map((p) => [...p].reverse()), 2);
    expect(food.cart).toHaveLength(1);
    expect(food.cart[0].qty).toBe(3);
    expect(setLineQty(food, food.cart[0].id, 0)).toBe(true);
    expect(food.cart).toHaveLength(0);
  });

  it('refuses a sold-out dish, a closed shop, and picks that do not fit', () => {
    const { food, now } = foodOf(2);
    const { shop, dish } = openShopWithOptions(food, now);
    expect(addProblem(food, shop.id, dish.id, [['没有的']], now)).toBe('picks');
    dish.soldOut = true;
    expect(addProblem(food, shop.id, dish.id, dish.options.map((g) => (g.multi ? [] : [g.choices[0].name])), now)).toBe('soldOut');
    const closed = food.shops.find((s) => !isOpen(s, now))!;
    expect(addProblem(food, closed.id, closed.dishes[0].id, closed.dishes[0].options.map((g) => (g.multi ? [] : [g.choices[0].name])), now)).toBe('closed');
  });

  it('orders the shop cart with the best coupon; the wallet pays; the clock moves the stage; cancel only before cooking', () => {
    const { food, now } = foodOf(4);
    const { shop, dish } = openShopWithOptions(food, now);
    food.cart = [];
    addToCart(food, shop.id, dish.id, dish.options.map((g) => (g.multi ? [] : [g.choices[0].name])), 4);
    shop.minOrder = 0;
    const subtotal = cartSubtotal(pricedCart(food, shop.id));
    const coupon = bestCoupon(food.coupons, shop.id, subtotal, now);
    for (const c of food.coupons) if (c !== coupon && couponProblem(c, shop.id, subtotal, now) === null) expect(c.discount).toBeLessThanOrEqual(coupon!.discount);
    expect(orderProblem(food, shop.id, null, now)).toBe('address');
    const r = placeOrder(food, { shopId: shop.id, addressId: food.addresses[0].id, couponId: coupon?.id ?? null, note: '', now, serial: 7 });
    if (!r.ok) throw new Error(r.reason);
    expect(r.order.total).toBe(subtotal + shop.deliveryFee - (coupon ? Math.min(coupon.discount, subtotal) : 0));
    expect(food.cart.filter((l) => l.shopId === shop.id)).toHaveLength(0);
    expect(stageOf(r.order, now)).toBe('unpaid');
    markPaid(food, r.order.id, { billId: 'b_9', paidAt: now });
    expect(stageOf(r.order, now)).toBe('placed');
    expect(stageOf(r.order, now + 2 * MINUTE)).toBe('accepted');
    expect(canCancel(r.order, now + 2 * MINUTE)).toBe(true);
    expect(stageOf(r.order, now + 4 * MINUTE)).toBe('cooking');
    expect(cancelOrder(food, r.order.id, now + 4 * MINUTE)).toBeNull();
    expect(stageOf(r.order, now + shop.deliveryMinutes * MINUTE)).toBe('delivered');
    expect(reviewOrder(food, r.order.id, 4, '好吃', now + 5 * MINUTE)).toBe(false);
    expect(reviewOrder(food, r.order.id, 4, '好吃', now + shop.deliveryMinutes * MINUTE)).toBe(true);
    const cancelled = cancelOrder(food, food.orders.at(-2)!.id, now);
    if (cancelled) expect(cancelled.status).toBe('cancelled');
  });

  it('reorders the dishes still on sale into the shop cart', () => {
    const { food } = foodOf(6);
    const past = food.orders[0];
    food.cart = [];
    expect(reorder(food, past.id)).toBe(past.items.length);
    expect(food.cart.map((l) => `${l.dishId}x${l.qty}`).sort()).toEqual(past.items.map((i) => `${i.dishId}x${i.qty}`).sort());
  });

  it('keeps one default address', () => {
    const { food } = foodOf(7);
    const id = saveAddress(food, null, { name: '何思雨', phone: '13912345678', address: '上城区 清泰街 96号', room: '', tag: '公司', isDefault: true });
    expect(food.addresses.filter((a) => a.isDefault).map((a) => a.id)).toEqual([id]);
  });
});

describe('food routes', () => {
  it('parses paths and implies back stacks', () => {
    expect(parseFoodPath('/?kind=饮品&sort=fastest')).toEqual({ screen: 'home', kind: '饮品', sort: 'fastest' });
    expect(parseFoodPath('/shop/fs_02')).toEqual({ screen: 'shop', shopId: 'fs_02' });
    expect(foodRouteStack('/checkout/fs_02')).toEqual(['/', '/shop/fs_02', '/checkout/fs_02']);
    expect(foodRouteStack('/order/fo_003/review')).toEqual(['/orders', '/order/fo_003', '/order/fo_003/review']);
    expect(parseFoodPath('/nope').screen).toBe('notFound');
  });

  it('validates: a bad slice is refused with the field named', () => {
    const { food } = foodOf(1);
    expect(validateFoodState({ ...food, shops: [{ ...food.shops[0], open: '9' }] })).toMatch(/shops\[0\]\.open/);
    expect(validateFoodState({ ...food, orders: [{ ...food.orders[0], total: 1 }] })).toMatch(/total must equal/);
  });
});
