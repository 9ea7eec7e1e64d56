import { defineTask } from '../../bridge/tasks/api.ts';
import { mapsOf, nextRideId, pairParam, placeById, rideQuotes, type PairParams } from './_helpers.ts';

/** A ride whose driver is still on the way: 打车 → the banner → 取消行程 → confirm. */
export default defineTask<PairParams>({
  goal: (p) => `我刚叫了一辆去「${p.toName}」的车，计划有变，帮我把这个行程取消掉。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['maps'],
  startApp: 'maps',
  tags: ['rides'],
  params: { ...pairParam() },
  postSample({ state, p }) {
    const s = mapsOf(state);
    const now = state.os.time.timestamp;
    const q = rideQuotes(s, p.fromId, p.toId).find((x) => x.cls === 'express')!;
    const id = nextRideId(s);
    s.rides.push({
      id, fromId: p.fromId, toId: p.toId, fromName: placeById(s, p.fromId)!.name, toName: p.toName, cls: 'express',
      distance: q.distance, minutes: q.minutes, price: q.price, status: 'active',
      driver: { name: '陈师傅', car: '银色 · 大众朗逸', plate: `${s.city.plate}·7Q3M9`, rating: 4.8 },
      requestedAt: now - 60_000, pickupAt: now + 6 * 60_000, dropoffAt: now + (6 + q.minutes) * 60_000,
      cancelledAt: null, payOrderId: null, payBillId: null, paidAt: null,
    });
  },
  checkGoals(input) {
    const r = mapsOf(input.final).rides.at(-1);
    const id = mapsOf(input.init).rides.at(-1)!.id;
    return [
      { name: 'the ride is cancelled', passed: r?.id === id && r.status === 'cancelled', expected: 'cancelled', actual: r?.status, path: `apps.maps.rides[${id}]` },
    ];
  },
  async oracle(ui) {
    if (ui.route.app !== 'maps') await ui.openApp('maps');
    await ui.tap('maps.tab.ride');
    await ui.tap('maps.ride.active');
    await ui.tap('maps.trip.cancel');
    await ui.tap('dialog.confirm');
  },
});
