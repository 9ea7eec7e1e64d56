/**
 * 饭来 (food delivery) in a real Chromium through the real bridge: a dish with options into a
 * shop's cart → 确认订单 → paying in the wallet's cashier → the order is paid and its stage follows
 * the virtual clock; cancelling before cooking refunds the wallet; a closed shop takes no order.
 * Every step is a real tap or real typing; the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, tap, readState as state } from './phonePage.ts';
import { foodOf, keepOpen, setStage } from '../../tasks/food/_helpers.ts';
import { walletOf } from '../../tasks/wallet/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('choose options, add to the cart, check out, pay in the wallet, and watch the stage move with the clock', async ({ browser }) => {
  const initial = createInitialState(5);
  const food = foodOf(initial);
  food.cart = [];
  walletOf(initial).balance = 2_000_000;
  const shop = food.shops.find((s) => s.dishes[0].options.some((g) => !g.multi && g.choices.length > 1))!;
  keepOpen(shop);
  shop.minOrder = 0;
  const dish = shop.dishes[0];
  const group = dish.options.findIndex((g) => !g.multi && g.choices.length > 1);
  const { page, device } = await openPhoneAt(bridge(), browser, 'e2e-food-order', initial, { app: 'food', path: `/shop/${shop.id}` });

  await tap(page, device, `food.dish.add.${dish.id}`);
  await tap(page, device, `food.opt.${group}.1`);
  await tap(page, device, 'food.opt.qty.plus');
  await tap(page, device, 'food.opt.add');
  let s = (await state(device)).state;
  const picks = dish.options.map((g, i) => (g.multi ? [] : [g.choices[i === group ? 1 : 0].name]));
  expect(foodOf(s).cart).toEqual([{ id: 'cl_001', shopId: shop.id, dishId: dish.id, picks, qty: 2 }]);
  expect((await find(device, 'food.cartbar.count')).text).toBe('2');

  await tap(page, device, 'food.cartbar.checkout');
  expect((await find(device, 'food.checkout.eta')).text).toMatch(/预计\d{2}:\d{2}送达/);
  await tap(page, device, 'food.checkout.submit');
  s = (await state(device)).state;
  const order = foodOf(s).orders.at(-1)!;
  expect(order).toMatchObject({ status: 'unpaid', shopId: shop.id, items: [{ dishId: dish.id, picks, qty: 2 }] });
  expect(foodOf(s).cart).toEqual([]);
  expect((await state(device)).route).toEqual({ app: 'wallet', path: expect.stringContaining(`/order/${order.payOrderId}`) });

  await tap(page, device, 'wallet.order.pay');
  for (const d of walletOf(initial).payPassword) await tap(page, device, `wallet.key.${d}`);
  await tap(page, device, 'wallet.done');
  const after = await state(device);
  expect(after.route).toEqual({ app: 'food', path: `/order/${order.id}` });
  const paid = foodOf(after.state).orders.at(-1)!;
  expect(paid.status).toBe('paid');
  expect(walletOf(after.state).balance).toBe(2_000_000 - order.total);
  expect((await find(device, 'food.detail.stage')).text).toBe('等待商家接单');

  // The virtual clock moves: past cooking the order can no longer be cancelled; at arrival it is delivered.
  await device.call('settle', { advanceMs: 4 * 60_000 });
  expect((await find(device, 'food.detail.stage')).text).toBe('商家制作中');
  await device.call('settle', { advanceMs: shop.deliveryMinutes * 60_000 });
  expect((await find(device, 'food.detail.stage')).text).toBe('已送达');
  expect((await find(device, 'food.detail.review')).text).toBe('评价');
});

test('cancel an accepted order before cooking: the total comes back to the wallet; a closed shop takes nothing', async ({ browser }) => {
  const initial = createInitialState(8);
  const food = foodOf(initial);
  const live = food.orders.at(-1)!;
  setStage(initial, live, 'accepted');
  const closed = food.shops.find((s) => s.kind === '烧烤')!;
  const balance = walletOf(initial).balance;
  const { page, device } = await openPhoneAt(bridge(), browser, 'e2e-food-cancel', initial, { app: 'food', path: `/order/${live.id}` });

  expect((await find(device, 'food.detail.stage')).text).toBe('商家已接单');
  await tap(page, device, 'food.detail.cancel');
  await tap(page, device, 'dialog.confirm');
  const s = (await state(device)).state;
  expect(foodOf(s).orders.at(-1)!.status).toBe('cancelled');
  expect(walletOf(s).balance).toBe(balance + live.total);
  expect((await find(device, 'food.detail.stage')).text).toBe('已取消');

  await device.call('reset', { stateJson: JSON.stringify(s), route: { app: 'food', path: `/shop/${closed.id}` } });
  expect((await find(device, 'food.shop.closed')).text).toContain('休息中');
  expect((await find(device, 'food.cartbar.checkout')).disabled).toBe(true);
  expect((await find(device, `food.dish.add.${closed.dishes.find((d) => !d.soldOut)!.id}`)).disabled).toBe(true);
});
