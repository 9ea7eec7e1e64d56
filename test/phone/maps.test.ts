/**
 * 路路通's pure half: the seed (deterministic, valid, small, names unambiguous), routes over the
 * street grid (symmetric, the river crossed only where bridges allow), the price formula, a
 * ride's phases and refusals, paying a ride through the wallet, and the paths.
 */
import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createMapsState } from '../../simulator-apps/maps/seed.ts';
import {
  activeRide,
  cancelRide,
  checkRide,
  distanceText,
  isOpenAt,
  minutesText,
  northOfRiver,
  placePoint,
  planRoute,
  ridePhase,
  ridePrice,
  rideQuotes,
  requestRide,
  searchPlaces,
  startRidePayment,
  toggleFavorite,
  validateMapsState,
} from '../../simulator-apps/maps/logic.ts';
import { mapsRouteStack, parseMapsPath, ridePath, routePath, withPlace } from '../../simulator-apps/maps/routes.ts';
import type { MapsState } from '../../simulator-apps/maps/types.ts';
import { createWalletState } from '../../simulator-apps/wallet/seed.ts';
import { payOrder } from '../../simulator-apps/wallet/logic.ts';
import { settlePaidOrder } from '../../simulator-apps/wallet/payments.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';

const NOW = Date.UTC(2026, 2, 14, 2, 0); // 10:00 in Shanghai
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): MapsState => createMapsState(new Rng(seed), ctx);
const apps = (seed = 7) => ({ maps: fresh(seed), wallet: createWalletState(new Rng(seed), ctx) }) as { maps: MapsState; wallet: WalletState };
const MINUTE = 60_000;

describe('seed', () => {
  it('is deterministic, valid and under 50 KB at seeds 1-20', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const a = createInitialState(seed).apps.maps;
      expect(JSON.stringify(a)).toBe(JSON.stringify(createInitialState(seed).apps.maps));
      expect(validateMapsState(a)).toBeNull();
      expect(JSON.stringify(a).length).toBeLessThan(50_000);
    }
  });

  it('differs between seeds, names every place once, and keeps places off the river', () => {
    expect(JSON.stringify(fresh(1))).not.toBe(JSON.stringify(fresh(2)));
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = fresh(seed);
      expect(new Set(s.places.map((p) => p.name)).size).toBe(s.places.length);
      expect(s.places.filter((p) => p.category === '交通' && p.name.endsWith('站'))).toHaveLength(2);
      expect(s.streets.filter((x) => x.bridge === 'car')).toHaveLength(3);
      for (const p of s.places) {
        const pt = placePoint(s, p);
        expect(Math.abs(pt.y - (s.river.ys[Math.round(pt.x / 500)] ?? 0)) > 100 || s.streets.find((x) => x.id === p.streetId)!.axis === 'h').toBe(true);
      }
      expect(s.saved.homeId).toBe(s.hereId);
      expect(s.rides.filter((r) => r.status === 'paid')).toHaveLength(4);
    }
  });

  it('validate names the broken field', () => {
    const s = fresh() as unknown as Record<string, unknown>;
    expect(validateMapsState({ ...s, hereId: 'pl_999' })).toMatch(/hereId/);
    expect(validateMapsState({ ...s, places: 3 })).toMatch(/places/);
  });
});

describe('routes', () => {
  const s = fresh(3);
  const [a, b] = [s.places[0], s.places[40]];

  it('are symmetric, at least the straight grid distance, and slower on foot', () => {
    for (const mode of ['walk', 'drive', 'transit'] as const) {
      const there = planRoute(s, a.id, b.id, mode)!;
      const back = planRoute(s, b.id, a.id, mode)!;
      expect(there.distance).toBe(back.distance);
      const p = placePoint(s, a);
      const q = placePoint(s, b);
      expect(there.distance).toBeGreaterThanOrEqual(Math.abs(p.x - q.x) + Math.abs(p.y - q.y));
      expect(there.points[0]).toEqual(p);
      expect(there.points.at(-1)).toEqual(q);
    }
    const walk = planRoute(s, a.id, b.id, 'walk')!;
    expect(walk.minutes).toBe(Math.ceil(walk.distance / 75));
    const drive = planRoute(s, a.id, b.id, 'drive')!;
    expect(drive.minutes).toBe(Math.ceil(drive.distance / 400) + 2);
  });

  it('cross the river by car only on a road bridge', () => {
    for (const from of s.places.slice(0, 12)) {
      for (const to of s.places.slice(30, 42)) {
        const plan = planRoute(s, from.id, to.id, 'drive')!;
        for (let i = 1; i < plan.points.length; i++) {
          const [p, q] = [plan.points[i - 1], plan.points[i]];
          if (northOfRiver(s, p) !== northOfRiver(s, q)) expect(s.streets.find((x) => x.axis === 'v' && x.at === p.x)?.bridge).toBe('car');
        }
      }
    }
  });

  it('format distances and times', () => {
    expect(distanceText(850)).toBe('850米');
    expect(distanceText(7400)).toBe('7.4公里');
    expect(minutesText(21)).toBe('21分钟');
    expect(minutesText(65)).toBe('1小时5分钟');
  });
});

describe('places', () => {
  it('search finds by name and category, nearest first', () => {
    const s = fresh(4);
    const p = s.places.find((x) => x.category === '咖啡')!;
    expect(searchPlaces(s, p.name).map((x) => x.id)).toContain(p.id);
    const banks = searchPlaces(s, '', '银行');
    expect(banks.length).toBeGreaterThan(0);
    expect(banks.every((x) => x.category === '银行')).toBe(true);
  });

  it('hours: open, closed, past midnight, 24 hours', () => {
    const at = (h: number, m = 0) => Date.UTC(2026, 2, 14, h - 8, m);
    expect(isOpenAt('10:00-21:30', at(12))).toBe(true);
    expect(isOpenAt('10:00-21:30', at(21, 30))).toBe(false);
    expect(isOpenAt('17:00-02:00', at(1))).toBe(true);
    expect(isOpenAt('17:00-02:00', at(12))).toBe(false);
    expect(isOpenAt('00:00-24:00', at(3))).toBe(true);
  });

  it('a favourite toggles at the front', () => {
    const s = fresh();
    const id = s.places.find((p) => !s.saved.favorites.includes(p.id))!.id;
    expect(toggleFavorite(s, id)).toBe(true);
    expect(s.saved.favorites[0]).toBe(id);
    expect(toggleFavorite(s, id)).toBe(false);
    expect(s.saved.favorites).not.toContain(id);
  });
});

describe('rides', () => {
  it('price: start + per km + per minute, to 10 fen, never under the minimum', () => {
    expect(ridePrice('express', 7400, 21)).toBe(Math.round((1000 + 180 * 7.4 + 40 * 21) / 10) * 10);
    expect(ridePrice('saver', 100, 1)).toBe(900);
    const s = fresh();
    const q = rideQuotes(s, s.saved.homeId!, s.saved.workId!);
    expect(q.map((x) => x.cls)).toEqual(['saver', 'express', 'premium', 'business']);
    expect(q.map((x) => x.price)).toEqual([...q.map((x) => x.price)].sort((x, y) => x - y));
  });

  it('a ride goes arriving → on trip → to pay → paid through the wallet', () => {
    const a = apps();
    const s = a.maps;
    const r = requestRide(a, { fromId: s.saved.homeId!, toId: s.saved.workId!, cls: 'saver', now: NOW });
    if (!r.ok) throw new Error(r.reason);
    const ride = r.ride;
    expect(ridePhase(ride, NOW)).toBe('arriving');
    expect(ridePhase(ride, ride.pickupAt)).toBe('onTrip');
    expect(ridePhase(ride, ride.dropoffAt)).toBe('toPay');
    expect(ride.dropoffAt - ride.pickupAt).toBe(ride.minutes * MINUTE);
    expect(checkRide(a, { fromId: s.saved.homeId!, toId: s.saved.workId!, cls: 'saver' })).toBe('busy');
    expect(startRidePayment(a, ride.id, NOW)).toEqual({ ok: false });
    const pay = startRidePayment(a, ride.id, ride.dropoffAt);
    if (!pay.ok) throw new Error('no payment');
    const before = a.wallet.balance;
    const paid = payOrder(a.wallet, { orderId: pay.payOrderId, password: a.wallet.payPassword, now: ride.dropoffAt + MINUTE });
    expect(paid.ok).toBe(true);
    settlePaidOrder(a, pay.payOrderId);
    expect(s.rides.at(-1)!.status).toBe('paid');
    expect(a.wallet.balance).toBe(before - ride.price);
    expect(activeRide(s)).toBeUndefined();
  });

  it('refuses what the app refuses, and cancels only while arriving', () => {
    const a = apps();
    const s = a.maps;
    expect(checkRide(a, { fromId: s.hereId, toId: s.hereId, cls: 'saver' })).toBe('same');
    expect(checkRide(a, { fromId: s.hereId, toId: 'pl_999', cls: 'saver' })).toBe('place');
    a.wallet.balance = 100;
    expect(checkRide(a, { fromId: s.saved.homeId!, toId: s.saved.workId!, cls: 'saver' })).toBe('balance');
    a.wallet.balance = 1_000_000;
    const r = requestRide(a, { fromId: s.saved.homeId!, toId: s.saved.workId!, cls: 'business', now: NOW });
    if (!r.ok) throw new Error(r.reason);
    expect(cancelRide(s, r.ride.id, r.ride.pickupAt)).toBe(false);
    expect(cancelRide(s, r.ride.id, NOW)).toBe(true);
    expect(s.rides.at(-1)!.status).toBe('cancelled');
  });
});

describe('paths', () => {
  it('parse and rebuild routes, rides and pickers', () => {
    expect(parseMapsPath(routePath('pl_001', 'pl_002', 'walk'))).toEqual({ screen: 'route', from: 'pl_001', to: 'pl_002', mode: 'walk' });
    expect(parseMapsPath(ridePath('pl_001', 'pl_002'))).toEqual({ screen: 'ride', from: 'pl_001', to: 'pl_002', cls: 'express' });
    expect(withPlace(ridePath('', 'pl_002', 'saver'), 'from', 'pl_009')).toBe(ridePath('pl_009', 'pl_002', 'saver'));
    expect(mapsRouteStack('/trip/rd_002')).toEqual(['/me', '/trips', '/trip/rd_002']);
    expect(mapsRouteStack('/search?pick=to&ret=%2Fride')).toEqual(['/ride', '/search?pick=to&ret=%2Fride']);
    expect(parseMapsPath('/nowhere').screen).toBe('notFound');
  });
});
