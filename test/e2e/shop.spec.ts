/**
 * The shop (优选) in a real Chromium through the real bridge: search → options → cart → checkout →
 * paying in the wallet's cashier → the order is 待发货; and a refund that returns the money to
 * the wallet. Every step is a real tap or real typing; the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, tree, mustFind as find, tap, readState as state } from './phonePage.ts';
import { shopOf } from '../../tasks/shop/_helpers.ts';
import { walletOf } from '../../tasks/wallet/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('search, choose an option, add to the cart, check out and pay in the wallet', async ({ browser }) => {
  const initial = createInitialState(5);
  shopOf(initial).cart = [];
  walletOf(initial).balance = 2_000_000;
  const product = shopOf(initial).products.find((p) => p.brand === '声跃')!;
  const sku = product.skus.find((k) => k.stock >= 2)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-shop-buy', initial);

  await tap(page, device, 'app.shop');
  await tap(page, device, 'shop.search');
  await tap(page, device, 'shop.search.input');
  await page.keyboard.type('降噪蓝牙耳机');
  await tap(page, device, 'shop.search.submit');
  expect((await find(device, 'shop.results.count')).text).toMatch(/^共\d+件商品$/);
  // The look-alike from 声悦 is in the results too; open the 声跃 one.
  await tap(page, device, `shop.product.${product.id}`);
  expect((await find(device, 'shop.detail.title')).text).toContain(product.title);

  await tap(page, device, 'shop.detail.addCart');
  for (const [g, group] of product.options.entries()) await tap(page, device, `shop.sku.opt.${g}.${group.values.indexOf(sku.values[g])}`);
  await tap(page, device, 'shop.sku.qty.plus');
  expect((await find(device, 'shop.sku.qty.value')).text).toBe('2');
  await tap(page, device, 'shop.sku.addCart');
  let s = (await state(device)).state;
  expect(shopOf(s).cart).toEqual([{ id: 'ci_001', productId: product.id, skuId: sku.id, qty: 2, selected: true }]);

  await tap(page, device, 'shop.detail.cart');
  expect((await find(device, 'shop.cart.count')).text).toBe('共2件宝贝');
  await tap(page, device, 'shop.cart.checkout');
  const total = (await find(device, 'shop.checkout.total')).text;
  await tap(page, device, 'shop.checkout.submit');

  // The wallet's cashier is in front, on the new payment order.
  s = (await state(device)).state;
  const order = shopOf(s).orders.at(-1)!;
  expect(order).toMatchObject({ status: 'unpaid', items: [{ productId: product.id, skuId: sku.id, qty: 2 }] });
  expect(shopOf(s).cart).toEqual([]);
  expect(shopOf(s).products.find((p) => p.id === product.id)!.skus.find((k) => k.id === sku.id)!.stock).toBe(sku.stock - 2);
  expect((await state(device)).route).toEqual({ app: 'wallet', path: expect.stringContaining(`/order/${order.payOrderId}`) });
  expect(total).toContain(String(Math.floor(order.total / 100)));

  await tap(page, device, 'wallet.order.pay');
  for (const d of walletOf(initial).payPassword) await tap(page, device, `wallet.key.${d}`);
  await tap(page, device, 'wallet.done');

  const after = await state(device);
  expect(after.route).toEqual({ app: 'shop', path: `/order/${order.id}` });
  expect((await find(device, 'shop.order.status')).text).toBe('待发货');
  expect(shopOf(after.state).orders.find((o) => o.id === order.id)).toMatchObject({ status: 'paid', payBillId: expect.stringMatching(/^b_/) });
  expect(walletOf(after.state).balance).toBe(2_000_000 - order.total);
  expect(walletOf(after.state).bills.at(-1)).toMatchObject({ amount: order.total, direction: 'out', category: '购物', counterparty: '优选商城' });
  await close();
});

test('an out-of-stock option cannot be chosen, and a refund returns the money to the wallet', async ({ browser }) => {
  const initial = createInitialState(6);
  const paid = shopOf(initial).orders.find((o) => o.status === 'paid')!;
  const balance = walletOf(initial).balance;
  const product = shopOf(initial).products.find((p) => p.options.length > 0 && p.options[0].values.length > 1)!;
  for (const k of product.skus) k.stock = k.values[0] === product.options[0].values[0] ? 0 : 4;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-shop-refund', initial, { app: 'shop', path: `/product/${product.id}` });

  await tap(page, device, 'shop.detail.buy');
  expect((await find(device, 'shop.sku.opt.0.0')).disabled).toBe(true);
  expect((await find(device, 'shop.sku.opt.0.1')).disabled).toBeFalsy();
  // System back closes the sheet first, then leaves the product.
  await device.call('navigate', { key: 'back' });
  expect((await tree(device)).some((n) => n.key === 'shop.sku.sheet')).toBe(false);
  expect((await state(device)).route.path).toBe(`/product/${product.id}`);

  await device.call('reset', { stateJson: JSON.stringify(initial), route: { app: 'shop', path: '/me' } });
  await tap(page, device, 'shop.me.orders.paid');
  await tap(page, device, `shop.order.${paid.id}`);
  await tap(page, device, 'shop.order.refund');
  await tap(page, device, 'shop.refund.submit');
  expect((await state(device)).state.apps.shop).toEqual(initial.apps.shop); // no reason: refused, nothing changed
  await tap(page, device, 'shop.refund.reason.2');
  await tap(page, device, 'shop.refund.submit');
  await tap(page, device, 'dialog.confirm');

  const after = await state(device);
  expect(after.route.path).toBe(`/order/${paid.id}`);
  expect((await find(device, 'shop.order.status')).text).toBe('已退款');
  expect((await find(device, 'shop.order.refundReason')).text).toBe('质量问题');
  expect(shopOf(after.state).orders.find((o) => o.id === paid.id)).toMatchObject({ status: 'refunded', refund: { reason: '质量问题', amount: paid.total } });
  expect(walletOf(after.state).balance).toBe(balance + paid.total);
  expect(walletOf(after.state).bills.at(-1)).toMatchObject({ direction: 'in', amount: paid.total, category: '购物', counterparty: '优选商城' });
  await close();
});
