import { defineTask } from '../../bridge/tasks/api.ts';
import { openOrder } from '../railway/_helpers.ts';
import { BROWSE_CHANGES, callRideUi, ensureBalance, mapsOf, placeById, requestedRideCriteria, rideQuotes } from './_helpers.ts';
import { stationsOfTrip, upcomingTrip } from './_railway.ts';

/**
 * Across apps, from memory: the upcoming train's departure station is in 铁路出行's order; a 快车
 * from home goes to that station in 路路通 (the map also has the city's other station).
 */
export default defineTask({
  goal: () => '我过几天要坐火车出门。看看铁路出行里那趟车从哪个站出发，然后在路路通叫一辆快车，从家去那个火车站。',
  difficulty: 'L4',
  objective: 'action',
  apps: ['railway', 'maps'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'rides', 'trap'],
  postSample({ state }) {
    const trip = upcomingTrip(state);
    if (!trip) throw new Error('the railway seed has no upcoming trip');
    const stationId = stationsOfTrip(state, trip);
    const s = mapsOf(state);
    ensureBalance(state, Math.max(...rideQuotes(s, s.saved.homeId!, stationId).map((q) => q.price)));
  },
  checkGoals(input) {
    const s = mapsOf(input.init);
    const trip = upcomingTrip(input.init)!;
    const station = s.places.find((x) => x.name === `${trip.from}站`)!;
    return requestedRideCriteria(input, { fromId: s.saved.homeId!, toId: station.id, cls: 'express' });
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui) {
    const trip = upcomingTrip(ui.state)!;
    await openOrder(ui, trip.id, 'upcoming');
    const s = mapsOf(ui.state);
    const station = s.places.find((x) => x.name === `${trip.from}站`)!;
    await callRideUi(ui, s, placeById(s, s.saved.homeId)!, station, 'express');
  },
});
