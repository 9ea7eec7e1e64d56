import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, callRideUi, drawPair, ensureBalance, mapsOf, nameablePlaces, newRides, nextRideId, placeById, rideQuotes, type PairParams } from './_helpers.ts';

interface P extends PairParams {
  newToId: string;
  newToName: string;
}

/**
 * Order of effects: a ride to A is on its way; the app takes one ride at a time, so the ride to
 * B can only be called after the first is cancelled. Both effects are judged: A cancelled, one
 * new 快车 to B from the same pickup.
 */
export default defineTask<P>({
  goal: (p) => `我叫的去「${p.toName}」的车还没到，但我改主意了，要去「${p.newToName}」。把原来的行程取消，再叫一辆快车过去（上车点不变）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides', 'order'],
  params: {
    ...spreadParam('_trip', ['fromId', 'fromName', 'toId', 'toName', 'newToId', 'newToName'], (state, rng) => {
      const s = mapsOf(state);
      const pair = drawPair(state, rng, (_a, b) => b.id !== s.hereId);
      if (!pair) return null;
      const next = rng.pick(nameablePlaces(s, (x) => x.category !== '住宅' && x.id !== pair.fromId && x.id !== pair.toId));
      return { ...pair, fromId: s.hereId, fromName: placeById(s, s.hereId)!.name, newToId: next.id, newToName: next.name };
    }),
  },
  postSample({ state, p }) {
    const s = mapsOf(state);
    const now = state.os.time.timestamp;
    const q = rideQuotes(s, p.fromId, p.toId).find((x) => x.cls === 'express')!;
    const id = nextRideId(s);
    s.rides.push({
      id, fromId: p.fromId, toId: p.toId, fromName: p.fromName, toName: p.toName, cls: 'express',
      distance: q.distance, minutes: q.minutes, price: q.price, status: 'active',
      driver: { name: '刘师傅', car: '黑色 · 日产轩逸', plate: `${s.city.plate}·5H2N8`, rating: 4.9 },
      requestedAt: now - 2 * 60_000, pickupAt: now + 5 * 60_000, dropoffAt: now + (5 + q.minutes) * 60_000,
      cancelledAt: null, payOrderId: null, payBillId: null, paidAt: null,
    });
    ensureBalance(state, Math.max(...rideQuotes(s, p.fromId, p.newToId).map((x) => x.price)));
  },
  checkGoals(input, p) {
    const oldId = mapsOf(input.init).rides.at(-1)!.id;
    const old = mapsOf(input.final).rides.find((r) => r.id === oldId);
    const added = newRides(input);
    return [
      criteria.equals('the first ride is cancelled', old?.status ?? null, 'cancelled', `apps.maps.rides[${oldId}]`),
      criteria.equals('exactly one new ride', added.length, 1, `apps.maps.rides[${nextRideId(mapsOf(input.init))}]`),
      criteria.equals('the new ride: from → to, class', added[0] ? `${added[0].fromId}→${added[0].toId} ${added[0].cls} ${added[0].status}` : null, `${p.fromId}→${p.newToId} express active`),
    ];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    if (ui.route.app !== 'maps') await ui.openApp('maps');
    await ui.tap('maps.tab.ride');
    await ui.tap('maps.ride.active');
    await ui.tap('maps.trip.cancel');
    await ui.tap('dialog.confirm');
    const s = mapsOf(ui.state);
    await callRideUi(ui, s, placeById(s, p.fromId)!, placeById(s, p.newToId)!, 'express');
  },
});
