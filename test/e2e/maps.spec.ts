/**
 * 路路通 in a real Chromium through the real bridge: real drags and taps pan and zoom the map
 * without touching the state; search a place, set it as home and plan a walk there; call a ride,
 * let the virtual clock bring it to the destination, pay it in the wallet's cashier and come back
 * to the receipt. Assertions read the screen (UI tree) and the state the bridge sees.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, find, tap, typeInto, readState as state } from './phonePage.ts';
import { mapsOf as maps } from '../../tasks/maps/_helpers.ts';
import { walletOf as wallet } from '../../tasks/wallet/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { minutesText, planRoute, rideQuotes } from '../../simulator-apps/maps/logic.ts';

const bridge = useBridge();

test('the map pans by drag and zooms by its buttons; the state does not change', async ({ browser }) => {
  const initial = createInitialState(1);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-maps-pan', initial, { app: 'maps', path: '/' });
  const viewBox = () => page.locator('[data-ui="maps.map"] > svg').getAttribute('viewBox');
  const before = await viewBox();
  const revision = (await state(device)).revision;
  const map = (await find(device, 'maps.map'))!;
  const [bx, by, bw, bh] = before!.split(' ').map(Number);
  const city = maps(initial).city;
  // Drag towards the city's middle (the view may start at an edge it cannot pass): the finger
  // moves the other way, so the centre follows it there.
  const sx = bx + bw / 2 > city.width / 2 ? 1 : -1;
  const sy = by + bh / 2 > city.height / 2 ? 1 : -1;
  const [x, y] = [map.bounds.x + 180, map.bounds.y + 300];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x + sx * i * 20, y + sy * i * 10);
  await page.mouse.up();
  const panned = await viewBox();
  const [px, py] = panned!.split(' ').map(Number);
  expect(Math.sign(bx - px)).toBe(sx);
  expect(Math.sign(by - py)).toBe(sy);
  expect((await state(device)).route.path).toBe('/');

  await tap(page, device, 'maps.zoom.in');
  const zoomed = (await viewBox())!.split(' ').map(Number);
  expect(zoomed[2]).toBeLessThan(Number(panned!.split(' ')[2]));
  expect((await state(device)).revision).toBe(revision);
  await close();
});

test('search → set as home → a walk there shows the route’s minutes', async ({ browser }) => {
  const initial = createInitialState(2);
  const s0 = maps(initial);
  const place = s0.places.find((p) => p.category === '住宅' && p.id !== s0.saved.homeId)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-maps-home', initial);

  await tap(page, device, 'app.maps');
  await tap(page, device, 'maps.search');
  await typeInto(page, device, 'maps.search.input', place.name);
  await tap(page, device, 'maps.search.submit');
  await tap(page, device, `maps.result.${place.id}`);
  expect((await find(device, 'maps.place.name'))?.text).toBe(place.name);
  expect((await find(device, 'maps.place.address'))?.text).toBe(place.address);
  await tap(page, device, 'maps.place.setHome');
  await tap(page, device, 'dialog.confirm');
  let now = await state(device);
  expect(maps(now.state).saved.homeId).toBe(place.id);
  expect(maps(now.state).recentSearches[0]).toBe(place.name);

  await tap(page, device, 'maps.place.route');
  await tap(page, device, 'maps.route.mode.walk');
  now = await state(device);
  expect(now.route.path).toBe(`/route?from=${s0.hereId}&to=${place.id}&mode=walk`);
  const plan = planRoute(maps(initial), s0.hereId, place.id, 'walk')!;
  expect((await find(device, 'maps.route.minutes'))?.text).toBe(minutesText(plan.minutes));
  await close();
});

test('call a ride → the clock brings it there → pay in the wallet → the receipt', async ({ browser }) => {
  const initial = createInitialState(3);
  const s0 = maps(initial);
  const to = s0.places.find((p) => p.category === '交通' && p.name.endsWith('站'))!;
  const price = rideQuotes(s0, s0.hereId, to.id).find((q) => q.cls === 'saver')!.price;
  wallet(initial).balance = Math.max(wallet(initial).balance, price + 10_000);
  const balance = wallet(initial).balance;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-maps-ride', initial, { app: 'maps', path: '/' });

  await tap(page, device, 'maps.tab.ride');
  await tap(page, device, 'maps.ride.to');
  await typeInto(page, device, 'maps.search.input', to.name);
  await tap(page, device, 'maps.search.submit');
  await tap(page, device, `maps.result.${to.id}`);
  expect((await find(device, 'maps.ride.price.saver'))?.text).toContain(String(price / 100));
  await tap(page, device, 'maps.ride.class.saver');
  await tap(page, device, 'maps.ride.call');
  let now = await state(device);
  const ride = maps(now.state).rides.at(-1)!;
  expect(ride).toMatchObject({ fromId: s0.hereId, toId: to.id, cls: 'saver', status: 'active', price });
  expect(now.route.path).toBe(`/trip/${ride.id}`);
  expect((await find(device, 'maps.trip.status'))?.text).toBe('司机正在赶来');

  // The virtual clock moves the ride along: past the drop-off it waits to be paid.
  await device.call('settle', { advanceMs: ride.dropoffAt - now.state.os.time.timestamp + 60_000 });
  expect((await find(device, 'maps.trip.status'))?.text).toBe('待支付');
  await tap(page, device, 'maps.trip.pay');
  expect((await state(device)).route.app).toBe('wallet');
  await tap(page, device, 'wallet.order.pay');
  for (const d of wallet(initial).payPassword) await tap(page, device, `wallet.key.${d}`);
  await tap(page, device, 'wallet.done');
  now = await state(device);
  expect(now.route).toEqual({ app: 'maps', path: `/trip/${ride.id}` });
  expect(maps(now.state).rides.at(-1)!.status).toBe('paid');
  expect(wallet(now.state).balance).toBe(balance - price);
  expect(wallet(now.state).bills.at(-1)).toMatchObject({ direction: 'out', category: '交通', counterparty: '路路通出行', amount: price });
  expect((await find(device, 'maps.trip.status'))?.text).toBe('已完成');
  await close();
});
