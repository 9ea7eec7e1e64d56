/**
 * 铁路出行 in a real Chromium through the real bridge: real taps and typing query trains, book a
 * ticket, pay for it in the wallet's cashier and come back to a paid order; a refund returns the
 * money to the wallet. Assertions read the screen (UI tree) and the state the bridge sees.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, find, tap, readState as state } from './phonePage.ts';
import { railwayOf as railway } from '../../tasks/railway/_helpers.ts';
import { walletOf as wallet } from '../../tasks/wallet/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { STATIONS } from '../../simulator-apps/railway/data.ts';
import { dateKey, initials, queryTrains } from '../../simulator-apps/railway/logic.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';

const bridge = useBridge();

test('query → book → pay in the wallet → the order is paid', async ({ browser }) => {
  const initial = createInitialState(1);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-railway-book', initial);
  const r0 = railway(initial);
  const date = addDays(dateKey(initial.os.time.timestamp), 1);
  const train = queryTrains(r0.trains, r0.search.from, r0.search.to, date).find((t) => t.seats.some((s) => s.left > 2))!;
  const seat = train.seats.find((s) => s.left > 2)!;
  const me = r0.passengers.find((p) => p.me)!;
  const balance = wallet(initial).balance;

  await tap(page, device, 'app.railway');
  // 到达站 through the picker: type the pinyin initials, tap the station.
  await tap(page, device, 'railway.to');
  await tap(page, device, 'railway.station.search');
  await page.keyboard.type(initials(STATIONS.find((s) => s.name === r0.search.to)!.py));
  await tap(page, device, `railway.station.result.${r0.search.to}`);
  expect((await find(device, 'railway.to'))?.text).toContain(r0.search.to);
  await tap(page, device, 'railway.date');
  await tap(page, device, `railway.date.${date}`);
  await tap(page, device, 'railway.search');
  expect((await state(device)).route.path).toMatch(/^\/trains\?/);
  expect((await find(device, `railway.train.no.${train.id}`))?.text).toBe(train.no);

  await tap(page, device, `railway.train.${train.id}`);
  await tap(page, device, `railway.book.${seat.cls}`);
  await tap(page, device, `railway.book.passenger.${me.id}`);
  await tap(page, device, 'railway.book.submit');
  let now = await state(device);
  const order = railway(now.state).orders.at(-1)!;
  expect(order).toMatchObject({ status: 'unpaid', trainId: train.id, seatClass: seat.cls, total: seat.price });
  expect(now.route).toEqual({ app: 'railway', path: `/order/${order.id}` });
  expect(railway(now.state).trains.find((t) => t.id === train.id)!.seats.find((s) => s.cls === seat.cls)!.left).toBe(seat.left - 1);

  await tap(page, device, 'railway.order.pay');
  expect((await state(device)).route.app).toBe('wallet');
  await tap(page, device, 'wallet.order.pay');
  for (const d of wallet(initial).payPassword) await tap(page, device, `wallet.key.${d}`);
  await tap(page, device, 'wallet.done');
  now = await state(device);
  expect(now.route).toEqual({ app: 'railway', path: `/order/${order.id}` });
  expect(railway(now.state).orders.find((o) => o.id === order.id)!.status).toBe('paid');
  expect(wallet(now.state).balance).toBe(balance - seat.price);
  expect(wallet(now.state).bills.at(-1)).toMatchObject({ direction: 'out', category: '交通', counterparty: '铁路出行', amount: seat.price });
  expect((await find(device, 'railway.order.status'))?.text).toBe('未出行');
  await close();
});

test('a refund returns the money to the wallet and puts the seats back on sale', async ({ browser }) => {
  const initial = createInitialState(2);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-railway-refund', initial);
  const upcoming = railway(initial).orders.find((o) => o.status === 'paid' && o.trainId)!;
  const left = railway(initial).trains.find((t) => t.id === upcoming.trainId)!.seats.find((s) => s.cls === upcoming.seatClass)!.left;
  const balance = wallet(initial).balance;

  await tap(page, device, 'app.railway');
  await tap(page, device, 'railway.tab.orders');
  await tap(page, device, 'railway.orders.tab.upcoming');
  await tap(page, device, `railway.order.${upcoming.id}`);
  await tap(page, device, 'railway.order.refund');
  expect((await find(device, 'dialog.confirm'))?.text).toBe('确认退票');
  await tap(page, device, 'dialog.confirm');

  const now = await state(device);
  const o = railway(now.state).orders.find((x) => x.id === upcoming.id)!;
  expect(o.status).toBe('refunded');
  expect(o.refund!.amount + o.refund!.fee).toBe(upcoming.total);
  expect(o.refund!.fee).toBeGreaterThanOrEqual(200);
  expect(wallet(now.state).balance).toBe(balance + o.refund!.amount);
  expect(railway(now.state).trains.find((t) => t.id === upcoming.trainId)!.seats.find((s) => s.cls === upcoming.seatClass)!.left).toBe(left + upcoming.tickets.length);
  expect((await find(device, 'railway.order.status'))?.text).toBe('已退票');
  // Back returns to the list, where the order now sits under 已退票.
  await device.call('navigate', { key: 'back' });
  await tap(page, device, 'railway.orders.tab.refunded');
  expect(await find(device, `railway.order.${upcoming.id}`)).toBeTruthy();
  await close();
});
