/**
 * The railway's upcoming trip as the maps tasks use it: its departure station becomes a place of
 * the map (the map's city becomes that station's city, its two stations that station and another
 * of the city, or the arrival station as a look-alike when the city has only one).
 */
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { STATIONS } from '../../simulator-apps/railway/data.ts';
import { me, railwayOf, todayOf } from '../railway/_helpers.ts';
import type { Order } from '../../simulator-apps/railway/types.ts';
import { mapsOf } from './_helpers.ts';

/** The paid trip of mine that departs after today (the seed has one). */
export function upcomingTrip(state: PhoneState): Order | undefined {
  return railwayOf(state).orders.find((o) => o.status === 'paid' && o.date > todayOf(state) && o.tickets.some((k) => k.passengerId === me(state).id));
}

/** Renames the map's stations after the trip's; returns the place id of its departure station. */
export function stationsOfTrip(state: PhoneState, trip: Order): string {
  const s = mapsOf(state);
  const city = STATIONS.find((x) => x.name === trip.from)!.city;
  const other = STATIONS.find((x) => x.city === city && x.name !== trip.from)?.name ?? trip.to;
  const stations = s.places.filter((p) => p.category === '交通' && p.name.endsWith('站'));
  s.city.name = city;
  stations[0].name = `${trip.from}站`;
  stations[1].name = `${other}站`;
  return stations[0].id;
}
