/**
 * Seed data for 路路通: a city of 7 north-south streets and 5 west-east ones, 1 km apart, a river
 * winding west to east between the third and fourth of them (crossed by three road bridges and a
 * footbridge), six districts, about 55 places on the streets, home, work and favourites, and a
 * history of rides (paid, one cancelled). Pure: importable from Node.
 */
import type { Rng } from '../shared/rng.ts';
import { CATEGORY_SPECS, CITIES, DISTRICTS, H_STREETS, RIVERS, V_STREETS, type CategorySpec } from './data.ts';
import { driverFor, pickupMinutes, placePoint, rideQuotes, RIVER_STEP } from './logic.ts';
import type { District, MapsState, Place, Ride, RideClass, Street } from './types.ts';

export interface MapsSeedContext {
  now: number;
  timezone: string;
}

const WIDTH = 7000;
const HEIGHT = 5000;
const GRID = 1000;
const RIVER_MID = 3000;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

function createStreets(rng: Rng): Street[] {
  const vNames = rng.sample(V_STREETS, 7);
  const hNames = rng.sample(H_STREETS, 5);
  const order = rng.shuffle([0, 1, 2, 3, 4, 5, 6]);
  const car = new Set(order.slice(0, 3));
  const foot = order[3];
  const vs: Street[] = vNames.map((name, i) => ({ id: `st_${String(i + 1).padStart(2, '0')}`, name, axis: 'v', at: GRID / 2 + i * GRID, bridge: car.has(i) ? 'car' : i === foot ? 'foot' : null }));
  const hs: Street[] = hNames.map((name, j) => ({ id: `st_${String(8 + j).padStart(2, '0')}`, name, axis: 'h', at: GRID / 2 + j * GRID, bridge: null }));
  return [...vs, ...hs];
}

function createRiver(rng: Rng): MapsState['river'] {
  const phase = rng.next() * Math.PI * 2;
  const ys: number[] = [];
  for (let x = 0; x <= WIDTH; x += RIVER_STEP) ys.push(RIVER_MID + Math.round(170 * Math.sin(x / 1300 + phase) + rng.int(-30, 30)));
  return { name: rng.pick(RIVERS), ys, width: 180 };
}

function createDistricts(rng: Rng): District[] {
  const names = rng.sample(DISTRICTS, 6);
  const cols = [0, 2300, 4700, WIDTH];
  const out: District[] = [];
  for (let row = 0; row < 2; row++) {
    for (let c = 0; c < 3; c++) {
      const i = row * 3 + c;
      out.push({ id: `d_${i + 1}`, name: names[i], x: cols[c], y: row === 0 ? 0 : RIVER_MID, w: cols[c + 1] - cols[c], h: row === 0 ? RIVER_MID : HEIGHT - RIVER_MID, hue: rng.int(0, 359) });
    }
  }
  return out;
}

/** Every spot a place may stand on: 100 m apart along the streets, away from corners and the river. */
function slots(streets: Street[]): { streetId: string; pos: number }[] {
  const out: { streetId: string; pos: number }[] = [];
  const vAt = streets.filter((s) => s.axis === 'v').map((s) => s.at);
  const hAt = streets.filter((s) => s.axis === 'h').map((s) => s.at);
  for (const st of streets) {
    const cross = st.axis === 'h' ? vAt : hAt;
    const len = st.axis === 'h' ? WIDTH : HEIGHT;
    for (let pos = 200; pos <= len - 200; pos += 100) {
      if (cross.some((c) => Math.abs(c - pos) < 150)) continue;
      if (st.axis === 'v' && pos > 2500 && pos < 3500) continue;
      out.push({ streetId: st.id, pos });
    }
  }
  return out;
}

function namesFor(rng: Rng, spec: CategorySpec, fill: (t: string) => string, taken: Set<string>): string[] {
  const pool = spec.fixed ? rng.shuffle(spec.fixed.map(fill)) : rng.shuffle(spec.first!.flatMap((a) => spec.second!.map((b) => a + b)));
  const out: string[] = [];
  for (const n of pool) {
    if (out.length === spec.count) break;
    const stem = spec.fixed ? n : n.slice(0, 2);
    // One name per first word, so two places never read alike (老街面馆 and 老街火锅).
    if (taken.has(n) || (!spec.fixed && out.some((x) => x.startsWith(stem)))) continue;
    taken.add(n);
    out.push(n);
  }
  return out;
}

function createPlaces(rng: Rng, s: Pick<MapsState, 'streets' | 'districts' | 'river'>, city: (typeof CITIES)[number]): Place[] {
  const free = rng.shuffle(slots(s.streets));
  const usedPhones = new Set<string>();
  const taken = new Set<string>();
  const fill = (t: string): string => t.replace('{city}', city.name).replace('{river}', s.river.name);
  const out: Place[] = [];
  const add = (name: string, spec: CategorySpec): void => {
    const slot = free.pop()!;
    const pt = placePoint(s, slot);
    const district = s.districts.find((d) => pt.x >= d.x && pt.x < d.x + d.w && pt.y >= d.y && pt.y < d.y + d.h) ?? s.districts[0];
    const street = s.streets.find((x) => x.id === slot.streetId)!;
    let phone = '';
    if (spec.category !== '公园' && spec.category !== '住宅') {
      do phone = `${city.area}-8${rng.int(1000000, 9999999)}`;
      while (usedPhones.has(phone));
      usedPhones.add(phone);
    }
    out.push({
      id: `pl_${String(out.length + 1).padStart(3, '0')}`,
      name,
      category: spec.category,
      districtId: district.id,
      streetId: slot.streetId,
      pos: slot.pos,
      address: `${district.name} ${street.name}${Math.floor(slot.pos / 20) + 1}号`,
      hours: rng.pick(spec.hours),
      rating: rng.int(36, 50) / 10,
      phone,
      avgPrice: spec.price ? rng.int(spec.price[0] / 500, spec.price[1] / 500) * 500 : 0,
      tagline: rng.pick(spec.taglines),
    });
  };
  for (const spec of CATEGORY_SPECS) {
    if (spec.category === '交通') for (const st of city.stations) add(`${st}站`, spec);
    for (const name of namesFor(rng.fork(spec.category), spec, fill, taken)) add(name, spec);
  }
  return out;
}

function pastRides(rng: Rng, s: MapsState, now: number): Ride[] {
  const stations = s.places.filter((p) => p.category === '交通' && p.name.endsWith('站'));
  const others = s.places.filter((p) => ['美食', '购物', '景点', '医院', '酒店', '公园'].includes(p.category));
  const trips: [string, string][] = [
    [s.saved.homeId!, s.saved.workId!],
    [s.saved.workId!, s.saved.homeId!],
    [s.saved.homeId!, rng.pick(stations).id],
    [s.saved.homeId!, rng.pick(others).id],
    [rng.pick(others).id, s.saved.homeId!],
  ];
  const classes: RideClass[] = ['express', 'saver', 'express', 'premium', 'saver', 'business'];
  const rides: Ride[] = [];
  let t = now - rng.int(18, 26) * DAY;
  for (const [i, [fromId, toId]] of rng.shuffle(trips).entries()) {
    t += rng.int(2, 4) * DAY + rng.int(-180, 180) * MINUTE;
    const id = `rd_${String(i + 1).padStart(3, '0')}`;
    const cls = rng.pick(classes);
    const q = rideQuotes(s, fromId, toId).find((x) => x.cls === cls)!;
    const pickupAt = t + pickupMinutes(id) * MINUTE;
    const cancelled = i === 2;
    const from = s.places.find((p) => p.id === fromId)!;
    const to = s.places.find((p) => p.id === toId)!;
    rides.push({
      id, fromId, toId, fromName: from.name, toName: to.name, cls,
      distance: q.distance, minutes: q.minutes, price: q.price,
      status: cancelled ? 'cancelled' : 'paid',
      driver: driverFor(id, cls, s.city.plate),
      requestedAt: t, pickupAt, dropoffAt: pickupAt + q.minutes * MINUTE,
      cancelledAt: cancelled ? t + MINUTE : null,
      payOrderId: null, payBillId: null,
      paidAt: cancelled ? null : pickupAt + q.minutes * MINUTE + rng.int(1, 5) * MINUTE,
    });
  }
  return rides;
}

export function createMapsState(rng: Rng, ctx: MapsSeedContext): MapsState {
  const city = rng.pick(CITIES);
  const streets = createStreets(rng.fork('streets'));
  const river = createRiver(rng.fork('river'));
  const districts = createDistricts(rng.fork('districts'));
  const places = createPlaces(rng.fork('places'), { streets, districts, river }, city);
  const pick = rng.fork('saved');
  const home = pick.pick(places.filter((p) => p.category === '住宅'));
  const work = pick.pick(places.filter((p) => p.category === '公司'));
  const favorites = pick.sample(places.filter((p) => p.category === '美食' || p.category === '咖啡' || p.category === '公园'), pick.int(2, 4)).map((p) => p.id);
  const s: MapsState = {
    city: { name: city.name, width: WIDTH, height: HEIGHT, plate: city.plate },
    districts,
    streets,
    river,
    places,
    hereId: home.id,
    saved: { homeId: home.id, workId: work.id, favorites },
    recentSearches: pick.sample(['咖啡', '医院', '火锅', '停车场', '银行', '公园'], pick.int(2, 3)),
    rides: [],
  };
  s.rides = pastRides(rng.fork('rides'), s, ctx.now);
  return s;
}
