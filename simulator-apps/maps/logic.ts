/**
 * 路路通's pure rules (the geometry and routes are in ./geometry.ts, re-exported here): search,
 * the ride price formula, a ride's phases on the virtual clock, paying a ride through the
 * wallet, saved places, and `validateMapsState`.
 * No Svelte, no DOM: the seed, the tasks and Node tests import it.
 */
import { hashString } from '../shared/rng.ts';
import { wallClock } from '../shared/time.ts';
import { minutesOf } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { registerPaymentHook, requestPayment, type AppsDraft } from '../wallet/payments.ts';
import type { WalletState } from '../wallet/types.ts';
import { BUSINESS_MODELS, CAR_COLORS, CAR_MODELS, DRIVER_SURNAMES, MAPS_APP_ID, RIDE_MERCHANT, RIDE_TARIFFS, type RideTariff } from './data.ts';
import { placeById, placePoint, planRoute } from './geometry.ts';
import type { Driver, MapsState, Place, PlaceCategory, Ride, RideClass, Street } from './types.ts';

export { MAPS_APP_ID, RIDE_MERCHANT };

const MINUTE = 60_000;

export * from './geometry.ts';

// --- places --------------------------------------------------------------------------------------

/** Straight-line metres between two places (what a search list shows as 距离). */
export function crowDistance(s: MapsState, a: Place, b: Place): number {
  const p = placePoint(s, a);
  const q = placePoint(s, b);
  return Math.round(Math.hypot(p.x - q.x, p.y - q.y) / 10) * 10;
}

/** Places whose name, category, tagline or address contains the words (all of them), nearest to me first. */
export function searchPlaces(s: MapsState, query: string, category: PlaceCategory | null = null): Place[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const here = placeById(s, s.hereId);
  const hits = s.places.filter((p) => (!category || p.category === category) && words.every((w) => p.name.includes(w) || p.category === w || p.tagline.includes(w) || p.address.includes(w)));
  const d = (p: Place): number => (here ? crowDistance(s, here, p) : 0);
  return hits.sort((p, q) => d(p) - d(q) || (p.id < q.id ? -1 : 1));
}

/** Keeps a search word at the front of the recent list (at most 8). */
export function rememberSearch(s: MapsState, word: string): void {
  const w = word.trim();
  if (!w) return;
  s.recentSearches = [w, ...s.recentSearches.filter((x) => x !== w)].slice(0, 8);
}

export function clearSearches(s: MapsState): void {
  s.recentSearches = [];
}

/** Whether the place is open at `now` (`17:00-02:00` runs past midnight; `00:00-24:00` always). */
export function isOpenAt(hours: string, now: number, timezone?: string): boolean {
  const [open, close] = hours.split('-');
  const w = wallClock(now, timezone);
  const t = w.hour * 60 + w.minute;
  const o = minutesOf(open);
  const c = close === '24:00' ? 1440 : minutesOf(close);
  return o <= c ? t >= o && t < c : t >= o || t < c;
}

export function hoursText(hours: string): string {
  return hours === '00:00-24:00' ? '24小时营业' : hours;
}

export type SavedSlot = 'home' | 'work';
export const SLOT_NAMES: Record<SavedSlot, string> = { home: '家', work: '公司' };

export function setSaved(s: MapsState, slot: SavedSlot, placeId: string | null): void {
  if (slot === 'home') s.saved.homeId = placeId;
  else s.saved.workId = placeId;
}

/** ☆ / ★: adds to the front of the favourites, or removes. Returns whether it is a favourite now. */
export function toggleFavorite(s: MapsState, placeId: string): boolean {
  if (s.saved.favorites.includes(placeId)) {
    s.saved.favorites = s.saved.favorites.filter((x) => x !== placeId);
    return false;
  }
  s.saved.favorites.unshift(placeId);
  return true;
}

// --- rides: price ------------------------------------------------------------------------------

export function tariffOf(cls: RideClass): RideTariff {
  const t = RIDE_TARIFFS.find((x) => x.cls === cls);
  if (!t) throw new RangeError(`unknown ride class "${cls}"`);
  return t;
}

export function isRideClass(v: unknown): v is RideClass {
  return RIDE_TARIFFS.some((t) => t.cls === v);
}

/**
 * The price of a ride, fen: `start + perKm × km + perMinute × minutes`, rounded to the nearest
 * 10 fen (一角), and never below the class's minimum. `distance` in metres, `minutes` whole.
 */
export function ridePrice(cls: RideClass, distance: number, minutes: number): number {
  const t = tariffOf(cls);
  const raw = t.start + (t.perKm * distance) / 1000 + t.perMinute * minutes;
  return Math.max(t.minimum, Math.round(raw / 10) * 10);
}

export interface RideQuote {
  cls: RideClass;
  name: string;
  distance: number;
  minutes: number;
  price: number;
}

/** Every class's price for the driving route between two places, cheapest first; [] without a route. */
export function rideQuotes(s: MapsState, fromId: string, toId: string): RideQuote[] {
  if (fromId === toId) return [];
  const plan = planRoute(s, fromId, toId, 'drive');
  if (!plan) return [];
  return RIDE_TARIFFS.map((t) => ({ cls: t.cls, name: t.name, distance: plan.distance, minutes: plan.minutes, price: ridePrice(t.cls, plan.distance, plan.minutes) }));
}

// --- rides: lifecycle -----------------------------------------------------------------------------

/** Where a ride is: the status, and for an active ride the clock against its times. */
export type RidePhase = 'arriving' | 'onTrip' | 'toPay' | 'paid' | 'cancelled';

export const PHASE_NAMES: Record<RidePhase, string> = { arriving: '司机正在赶来', onTrip: '行程中', toPay: '待支付', paid: '已完成', cancelled: '已取消' };

export function ridePhase(r: Pick<Ride, 'status' | 'pickupAt' | 'dropoffAt'>, now: number): RidePhase {
  if (r.status === 'paid') return 'paid';
  if (r.status === 'cancelled') return 'cancelled';
  if (now < r.pickupAt) return 'arriving';
  if (now < r.dropoffAt) return 'onTrip';
  return 'toPay';
}

/** The ride not yet paid or cancelled, if any (one at a time). */
export function activeRide(s: Pick<MapsState, 'rides'>): Ride | undefined {
  return s.rides.find((r) => r.status === 'active');
}

export function nextRideId(s: Pick<MapsState, 'rides'>): string {
  return nextId(s.rides.map((r) => r.id), 'rd_', 3);
}

/** The driver a ride gets: drawn from the ride's id and class (same ride, same driver). */
export function driverFor(rideId: string, cls: RideClass, platePrefix: string): Driver {
  const h = hashString(`${rideId}:${cls}`);
  const models = cls === 'business' ? BUSINESS_MODELS : CAR_MODELS;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let plate = '';
  for (let i = 0, x = h; i < 5; i++, x = Math.floor(x / 34)) plate += letters[x % 34];
  return {
    name: `${DRIVER_SURNAMES[h % DRIVER_SURNAMES.length]}师傅`,
    car: `${CAR_COLORS[(h >>> 4) % CAR_COLORS.length]} · ${models[(h >>> 8) % models.length]}`,
    plate: `${platePrefix}·${plate}`,
    rating: 4.6 + ((h >>> 12) % 5) / 10,
  };
}

/** Minutes until the driver reaches the pickup: 2-7, from the ride's id. */
export function pickupMinutes(rideId: string): number {
  return 2 + (hashString(`eta:${rideId}`) % 6);
}

export type RideRefusal = 'place' | 'same' | 'route' | 'busy' | 'balance';

export const RIDE_REFUSAL_TEXT: Record<RideRefusal, string> = {
  place: '请选择上车点和目的地',
  same: '上车点和目的地不能相同',
  route: '暂无可行路线',
  busy: '你有进行中的行程',
  balance: '钱包余额不足，请先充值',
};

export interface RideRequest {
  fromId: string;
  toId: string;
  cls: RideClass;
  now: number;
}

function walletBalance(apps: AppsDraft): number {
  return (apps.wallet as WalletState | undefined)?.balance ?? 0;
}

/** Why a ride cannot be called (the wallet must hold the quoted price), or null. */
export function checkRide(apps: AppsDraft, req: Omit<RideRequest, 'now'>): RideRefusal | null {
  const s = apps[MAPS_APP_ID] as MapsState;
  if (!placeById(s, req.fromId) || !placeById(s, req.toId)) return 'place';
  if (req.fromId === req.toId) return 'same';
  if (activeRide(s)) return 'busy';
  const q = rideQuotes(s, req.fromId, req.toId).find((x) => x.cls === req.cls);
  if (!q) return 'route';
  if (walletBalance(apps) < q.price) return 'balance';
  return null;
}

/** 呼叫: a ride is appended with its driver, pickup and drop-off times; the price is fixed now. */
export function requestRide(apps: AppsDraft, req: RideRequest): { ok: true; ride: Ride } | { ok: false; reason: RideRefusal } {
  const bad = checkRide(apps, req);
  if (bad) return { ok: false, reason: bad };
  const s = apps[MAPS_APP_ID] as MapsState;
  const q = rideQuotes(s, req.fromId, req.toId).find((x) => x.cls === req.cls)!;
  const id = nextRideId(s);
  const pickupAt = req.now + pickupMinutes(id) * MINUTE;
  const ride: Ride = {
    id,
    fromId: req.fromId,
    toId: req.toId,
    fromName: placeById(s, req.fromId)!.name,
    toName: placeById(s, req.toId)!.name,
    cls: req.cls,
    distance: q.distance,
    minutes: q.minutes,
    price: q.price,
    status: 'active',
    driver: driverFor(id, req.cls, s.city.plate),
    requestedAt: req.now,
    pickupAt,
    dropoffAt: pickupAt + q.minutes * MINUTE,
    cancelledAt: null,
    payOrderId: null,
    payBillId: null,
    paidAt: null,
  };
  s.rides.push(ride);
  return { ok: true, ride };
}

/** 取消行程: only while the driver is on the way. */
export function cancelRide(s: MapsState, rideId: string, now: number): boolean {
  const r = s.rides.find((x) => x.id === rideId);
  if (!r || ridePhase(r, now) !== 'arriving') return false;
  r.status = 'cancelled';
  r.cancelledAt = now;
  return true;
}

function paymentTitle(r: Ride): string {
  return `打车 ${r.fromName} - ${r.toName}`;
}

/**
 * 去支付: the wallet order for a ride that reached its destination; asks the wallet for one when
 * the ride has none yet or its old one is no longer payable.
 */
export function startRidePayment(apps: AppsDraft, rideId: string, now: number): { ok: true; payOrderId: string } | { ok: false } {
  const s = apps[MAPS_APP_ID] as MapsState;
  const r = s.rides.find((x) => x.id === rideId);
  if (!r || ridePhase(r, now) !== 'toPay') return { ok: false };
  const existing = r.payOrderId ? (apps.wallet as WalletState | undefined)?.orders.find((w) => w.id === r.payOrderId) : undefined;
  if (existing && existing.status === 'unpaid') return { ok: true, payOrderId: existing.id };
  r.payOrderId = requestPayment(apps, { merchant: RIDE_MERCHANT, title: paymentTitle(r), amount: r.price, category: '交通', source: { app: MAPS_APP_ID, ref: r.id, returnPath: `/trip/${r.id}` }, now });
  return { ok: true, payOrderId: r.payOrderId };
}

/** Whether paying the ride first needs a new wallet order. */
export function needsRidePaymentRequest(apps: AppsDraft, rideId: string): boolean {
  const r = (apps[MAPS_APP_ID] as MapsState).rides.find((x) => x.id === rideId);
  if (!r || r.status !== 'active') return false;
  const w = (apps.wallet as WalletState | undefined)?.orders.find((x) => x.id === r.payOrderId);
  return !w || w.status !== 'unpaid';
}

registerPaymentHook(MAPS_APP_ID, (apps, ref, paid) => {
  const r = (apps[MAPS_APP_ID] as MapsState | undefined)?.rides.find((x) => x.id === ref);
  if (!r || r.status !== 'active') return;
  r.status = 'paid';
  r.paidAt = paid.paidAt;
  r.payBillId = paid.billId;
  r.payOrderId = paid.orderId;
});

// --- validation --------------------------------------------------------------------------------

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks the shape the screens rely on; a message naming the first problem, or null. */
export function validateMapsState(v: unknown): string | null {
  if (!isObj(v)) return 'apps.maps must be an object';
  const city = v.city;
  if (!isObj(city) || typeof city.name !== 'string' || typeof city.width !== 'number' || typeof city.height !== 'number') return 'apps.maps.city must be { name, width, height, plate }';
  for (const key of ['districts', 'streets', 'places', 'rides', 'recentSearches'] as const) if (!Array.isArray(v[key])) return `apps.maps.${key} must be an array`;
  if (!isObj(v.river) || !Array.isArray(v.river.ys) || v.river.ys.length < 2) return 'apps.maps.river.ys must be an array of at least two numbers';
  const streets = v.streets as unknown[];
  for (const [i, st] of streets.entries()) {
    if (!isObj(st) || typeof st.id !== 'string' || (st.axis !== 'h' && st.axis !== 'v') || typeof st.at !== 'number') return `apps.maps.streets[${i}] must be { id, name, axis: 'h'|'v', at, bridge }`;
  }
  const streetIds = new Set(streets.map((st) => (st as Street).id));
  const placeIds = new Set<string>();
  for (const [i, p] of (v.places as unknown[]).entries()) {
    if (!isObj(p) || typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.pos !== 'number') return `apps.maps.places[${i}] must be { id, name, streetId, pos, … }`;
    if (!streetIds.has(p.streetId as string)) return `apps.maps.places[${i}].streetId "${String(p.streetId)}" is not a street`;
    if (typeof p.hours !== 'string' || !/^\d\d:\d\d-\d\d:\d\d$/.test(p.hours)) return `apps.maps.places[${i}].hours must be "HH:MM-HH:MM"`;
    placeIds.add(p.id);
  }
  if (typeof v.hereId !== 'string' || !placeIds.has(v.hereId)) return 'apps.maps.hereId must be a place id';
  const saved = v.saved;
  if (!isObj(saved) || !Array.isArray(saved.favorites)) return 'apps.maps.saved must be { homeId, workId, favorites: [] }';
  for (const k of ['homeId', 'workId'] as const) if (saved[k] !== null && !placeIds.has(saved[k] as string)) return `apps.maps.saved.${k} must be a place id or null`;
  for (const [i, r] of (v.rides as unknown[]).entries()) {
    if (!isObj(r) || typeof r.id !== 'string' || !isRideClass(r.cls) || !['active', 'paid', 'cancelled'].includes(r.status as string)) return `apps.maps.rides[${i}] must be { id, cls, status: active|paid|cancelled, … }`;
    if (!isObj(r.driver)) return `apps.maps.rides[${i}].driver must be an object`;
    for (const k of ['price', 'distance', 'minutes', 'requestedAt', 'pickupAt', 'dropoffAt'] as const) if (typeof r[k] !== 'number') return `apps.maps.rides[${i}].${k} must be a number`;
  }
  return null;
}
