/**
 * Shared pieces of the 路路通 suite: typed access to the maps slice, samplers that draw places a
 * goal can name without ambiguity, the criteria of a requested or paid ride, and oracle moves on
 * `data-ui` keys (search and open a place, plan a route, pick places for a ride).
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { nextRideId, placeById, planRoute, rideQuotes, RIDE_MERCHANT, type TravelMode } from '../../simulator-apps/maps/logic.ts';
import type { MapsState, Place, Ride, RideClass } from '../../simulator-apps/maps/types.ts';
import { nextOrderId } from '../../simulator-apps/wallet/payments.ts';
import { ensureBalance as ensureWalletBalance, nextBillId, payAtCashier, walletOf } from '../wallet/_helpers.ts';
import { pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { nextRideId, placeById, planRoute, rideQuotes, walletOf };

/** Searching remembers the word: any task that searches may change these. */
export const BROWSE_CHANGES = ['apps.maps.recentSearches', 'apps.maps.recentSearches[*]'];

const MINUTE = 60_000;

export function mapsOf(state: PhoneState): MapsState {
  return state.apps.maps as unknown as MapsState;
}

/** Places whose name is unique and not a prefix of another's (a search for it lists it first by name). */
export function nameablePlaces(s: MapsState, where: (p: Place) => boolean = () => true): Place[] {
  return uniquelyNamed(s.places, (p) => p.name, (p) => where(p) && !s.places.some((q) => q.id !== p.id && q.name.includes(p.name)));
}

export interface PlaceParams extends Record<string, unknown> {
  placeId: string;
  placeName: string;
}

/** `_place`: one nameable place, spread into placeId and placeName. */
export function placeParam(where: (p: Place, s: MapsState) => boolean = () => true, prefix = 'place'): Record<string, ParamSpec> {
  return spreadParam(`_${prefix}`, [`${prefix}Id`, `${prefix}Name`], (state, rng) => {
    const s = mapsOf(state);
    const p = pickOrNull(rng, nameablePlaces(s, (x) => where(x, s)));
    return p && { [`${prefix}Id`]: p.id, [`${prefix}Name`]: p.name };
  });
}

export interface PairParams extends Record<string, unknown> {
  fromId: string;
  fromName: string;
  toId: string;
  toName: string;
}

/** Two different nameable places (not homes), drawn until `where` holds; null after 40 draws. */
export function drawPair(state: PhoneState, rng: Rng, where: (a: Place, b: Place, s: MapsState) => boolean = () => true): PairParams | null {
  const s = mapsOf(state);
  const list = nameablePlaces(s, (p) => p.category !== '住宅');
  for (let i = 0; i < 40; i++) {
    const a = rng.pick(list);
    const b = rng.pick(list);
    if (a.id !== b.id && where(a, b, s)) return { fromId: a.id, fromName: a.name, toId: b.id, toName: b.name };
  }
  return null;
}

/** `_pair`: two places A and B, spread into fromId/fromName/toId/toName. */
export function pairParam(where: (a: Place, b: Place, s: MapsState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_pair', ['fromId', 'fromName', 'toId', 'toName'], (state, rng) => drawPair(state, rng, where));
}

/** A word that finds the place in a search: its whole name. */
export function searchWord(p: Pick<Place, 'name'>): string {
  return p.name;
}

/** Makes the wallet able to pay `amount` comfortably. */
export function ensureBalance(state: PhoneState, amount: number): void {
  ensureWalletBalance(state, amount, 20_000);
}

/** The rides added during the episode. */
export function newRides(input: JudgeInput): Ride[] {
  const before = new Set(mapsOf(input.init).rides.map((r) => r.id));
  return mapsOf(input.final).rides.filter((r) => !before.has(r.id));
}

/** Exactly one new ride, from → to in class `cls` (any class when null), still active (not cancelled). */
export function requestedRideCriteria(input: JudgeInput, want: { fromId: string; toId: string; cls: RideClass | null }): Criterion[] {
  const added = newRides(input);
  const r = added[0];
  const id = nextRideId(mapsOf(input.init));
  return [
    exactlyOne('exactly one new ride', added, `apps.maps.rides[${id}]`),
    criteria.equals('from → to', r ? `${r.fromId}→${r.toId}` : null, `${want.fromId}→${want.toId}`),
    ...(want.cls ? [criteria.equals('the car class', r?.cls ?? null, want.cls)] : []),
    criteria.equals('the ride is on (not cancelled)', r?.status ?? null, 'active'),
  ];
}

/**
 * A ride that ended a few minutes ago and waits to be paid, appended to the state (for the
 * payment tasks): from → to in `cls`, requested `ago` minutes before now.
 */
export function addEndedRide(state: PhoneState, fromId: string, toId: string, cls: RideClass): Ride {
  const s = mapsOf(state);
  const now = state.os.time.timestamp;
  const q = rideQuotes(s, fromId, toId).find((x) => x.cls === cls)!;
  const id = nextRideId(s);
  const requestedAt = now - (q.minutes + 12) * MINUTE;
  const pickupAt = requestedAt + 5 * MINUTE;
  const ride: Ride = {
    id, fromId, toId, fromName: placeById(s, fromId)!.name, toName: placeById(s, toId)!.name, cls,
    distance: q.distance, minutes: q.minutes, price: q.price, status: 'active',
    driver: { name: '周师傅', car: '白色 · 比亚迪秦', plate: `${s.city.plate}·D52K7`, rating: 4.9 },
    requestedAt, pickupAt, dropoffAt: pickupAt + q.minutes * MINUTE, cancelledAt: null, payOrderId: null, payBillId: null, paidAt: null,
  };
  s.rides.push(ride);
  return ride;
}

/** The ride is paid from the balance: one new 交通 bill to 路路通出行 for its price, the balance down as much. */
export function paidRideCriteria(input: JudgeInput, rideId: string): Criterion[] {
  const r = mapsOf(input.final).rides.find((x) => x.id === rideId);
  const init = walletOf(input.init);
  const fin = walletOf(input.final);
  const bills = fin.bills.filter((b) => !init.bills.some((x) => x.id === b.id));
  const bill = bills[0];
  const price = r?.price ?? -1;
  return [
    criteria.equals('the ride is paid', r?.status ?? null, 'paid', `apps.maps.rides[${rideId}]`),
    exactlyOne('exactly one new wallet bill', bills, `apps.wallet.bills[${nextBillId(init)}]`),
    criteria.equals('the bill pays 路路通出行 for transport', bill ? `${bill.direction}/${bill.category}/${bill.counterparty}` : null, `out/交通/${RIDE_MERCHANT}`),
    criteria.equals('the bill is the ride price (fen)', bill?.amount ?? null, price),
    criteria.equals('the balance went down by the price (fen)', fin.balance, init.balance - price, 'apps.wallet.balance'),
    criteria.that('the wallet payment order exists', fin.orders.some((o) => o.id === nextOrderId(init)), { path: `apps.wallet.orders[${nextOrderId(init)}]` }),
  ];
}

/** A route's numbers as the route screen shows them. */
export function routeOf(state: PhoneState, fromId: string, toId: string, mode: TravelMode): { distance: number; minutes: number } {
  const plan = planRoute(mapsOf(state), fromId, toId, mode);
  if (!plan) throw new Error(`no ${mode} route ${fromId} → ${toId}`);
  return plan;
}

// --- oracle navigation ------------------------------------------------------------------------

const TABS = { '/': 'maps.tab.map', '/ride': 'maps.tab.ride', '/me': 'maps.tab.me' } as const;

/** From anywhere, to one of the three tabs' roots. */
export async function openMapsTab(ui: OracleUi, tab: keyof typeof TABS): Promise<void> {
  if (ui.route.app !== 'maps') await ui.openApp('maps');
  for (let i = 0; i < 10 && !ui.find('maps.tab.map'); i++) await ui.back();
  if (ui.route.app !== 'maps') await ui.openApp('maps');
  if (!ui.find('maps.tab.map')) throw new Error(`could not get back to 路路通's tabs (route ${ui.route.path})`);
  if (ui.route.path !== tab) await ui.tap(TABS[tab]);
  if (ui.route.path.split('?')[0] !== tab) for (let i = 0; i < 6 && ui.route.path.split('?')[0] !== tab; i++) await ui.back();
}

/** On a search screen (plain or a picker): type the word, search, tap the place. */
export async function searchAndTap(ui: OracleUi, p: Pick<Place, 'id' | 'name'>): Promise<void> {
  await ui.type('maps.search.input', searchWord(p), { clear: true });
  await ui.tap('maps.search.submit');
  await scrollAndTap(ui, `maps.result.${p.id}`, 'maps.results.list');
}

/** 地图 → 搜索 → the place's 地点详情. */
export async function openPlace(ui: OracleUi, p: Pick<Place, 'id' | 'name'>): Promise<void> {
  await openMapsTab(ui, '/');
  await ui.tap('maps.search');
  await searchAndTap(ui, p);
}

/** On a route or ride screen: pick 起点/终点 through the picker (我的位置/家/公司 shortcuts when they match). */
export async function pickEnd(ui: OracleUi, prefix: 'maps.route' | 'maps.ride', field: 'from' | 'to', p: Pick<Place, 'id' | 'name'>, s: MapsState): Promise<void> {
  await ui.tap(`${prefix}.${field}`);
  const shortcut = p.id === s.hereId ? 'maps.pick.here' : p.id === s.saved.homeId ? 'maps.pick.home' : p.id === s.saved.workId ? 'maps.pick.work' : null;
  if (shortcut) await ui.tap(shortcut);
  else await searchAndTap(ui, p);
}

/** 地图 → the destination's 地点详情 → 路线, then the start through the picker, then the mode. */
export async function planRouteUi(ui: OracleUi, s: MapsState, from: Place, to: Place, mode: TravelMode): Promise<void> {
  await openPlace(ui, to);
  await ui.tap('maps.place.route');
  if (from.id !== s.hereId) await pickEnd(ui, 'maps.route', 'from', from, s);
  await ui.tap(`maps.route.mode.${mode}`);
}

/** 打车 tab → 上车点 / 目的地 through the pickers → the class → 呼叫. */
export async function callRideUi(ui: OracleUi, s: MapsState, from: Place, to: Place, cls: RideClass): Promise<void> {
  await openMapsTab(ui, '/ride');
  if (from.id !== s.hereId) await pickEnd(ui, 'maps.ride', 'from', from, s);
  await pickEnd(ui, 'maps.ride', 'to', to, s);
  await ui.tap(`maps.ride.class.${cls}`);
  await ui.tap('maps.ride.call');
}

/** The minutes the route screen shows (`1小时5分钟` → 65). */
export function shownMinutes(ui: OracleUi): number {
  const text = ui.find('maps.route.minutes')?.text ?? '';
  const h = text.match(/(\d+)小时/);
  const m = text.match(/(\d+)分钟/);
  return (h ? Number(h[1]) * 60 : 0) + (m ? Number(m[1]) : 0);
}

/** The distance the route screen shows, in 公里 as text (`7.4公里` → `7.4`, `850米` → `0.85`). */
export function shownKm(ui: OracleUi): string {
  const text = ui.find('maps.route.distance')?.text ?? '';
  const km = text.match(/([\d.]+)公里/);
  const m = text.match(/(\d+)米/);
  if (!km && !m) throw new Error(`no distance on the route screen ("${text}")`);
  return km ? km[1] : String(Number(m![1]) / 1000);
}

/** The drive's distance as a grounded answer: to 100 m as shown, or exact under 1 km. */
export function kmAnswer(distance: number): { number: number; tolerance: number } {
  return { number: distance < 1000 ? distance / 1000 : Math.round(distance / 100) / 10, tolerance: 0.05 };
}

/** 我的 → 我的行程 → the ride. */
export async function openTrip(ui: OracleUi, rideId: string): Promise<void> {
  await openMapsTab(ui, '/me');
  await ui.tap('maps.me.trips');
  await scrollAndTap(ui, `maps.trips.item.${rideId}`, 'maps.trips.list');
}

/** In the wallet's cashier (opened by 路路通): 立即支付 → six digits → 完成 (back to 路路通). */
export async function payInWallet(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'wallet') throw new Error(`the wallet's cashier did not open (route ${ui.route.app}${ui.route.path})`);
  await payAtCashier(ui);
  if (ui.find('wallet.done')) await ui.tap('wallet.done');
}

export type { Place, Ride, RideClass, MapsState, Rng };
