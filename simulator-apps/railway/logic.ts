/**
 * Long file: the railway's fare, seat, booking, refund and change rules, which call each other;
 * to be split by flow (search, booking, after-sales) next.
 * The railway app's rules as pure functions over plain JSON (no Svelte, no DOM). Queries return
 * views; mutators change the draft they are given in place and are called by `RailwayModel`
 * inside `phone.update`. Booking, paying, cancelling, refunding and changing work on the whole
 * `apps` record, because they move money through the wallet in the same update
 * (`../wallet/payments.ts`). A refused action returns a reason and changes nothing.
 */
import { hashString } from '../shared/rng.ts';
import { addDays, dateLabel, daysBetween, minutesOf, pad2, weekdayName } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import { closePayment, refundToWallet, registerPayableCheck, registerPaymentHook, requestPayment, type AppsDraft } from '../wallet/payments.ts';
import type { WalletState } from '../wallet/types.ts';
import { STATIONS, type Station } from './data.ts';
import {
  ID_TYPES,
  PASSENGER_KINDS,
  SEAT_CLASSES,
  type Order,
  type Passenger,
  type PassengerKind,
  type RailwayState,
  type Seat,
  type SeatClass,
  type Ticket,
  type Train,
  type TrainType,
} from './types.ts';

export const RAILWAY_APP_ID = 'railway';
/** Trains run on China time whatever the phone's timezone. */
export const CHINA_TZ = 'Asia/Shanghai';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long an unpaid order holds its seats. */
export const PAY_WINDOW_MS = 30 * MINUTE;
/** How far ahead tickets are sold (today + 14 days). */
export const SALE_DAYS = 15;
export const MAX_PASSENGERS = 5;
export const MERCHANT = '铁路出行';

// ---------------------------------------------------------------------------------------------
// Stations

const byName = new Map(STATIONS.map((s) => [s.name, s]));

export function stationByName(name: string): Station | undefined {
  return byName.get(name);
}

export function cityOf(name: string): string {
  return byName.get(name)?.city ?? name;
}

/** `bei jing nan` → `bjn`. */
export function initials(py: string): string {
  return py
    .split(' ')
    .map((s) => s[0] ?? '')
    .join('');
}

/** Stations matching what was typed: Chinese (name or city), pinyin initials, or full pinyin. Exact and prefix matches first. */
export function searchStations(query: string): Station[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return [];
  const scored: [number, number, Station][] = [];
  STATIONS.forEach((s, i) => {
    const full = s.py.replace(/ /g, '');
    const ini = initials(s.py);
    let score = -1;
    if (s.name === q || ini === q || full === q) score = 0;
    else if (s.name.startsWith(q) || s.city.startsWith(q) || ini.startsWith(q) || full.startsWith(q)) score = 1;
    else if (s.name.includes(q)) score = 2;
    if (score >= 0) scored.push([score, i, s]);
  });
  return scored.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

export function hotStations(): Station[] {
  return STATIONS.filter((s) => s.hot === true);
}

// ---------------------------------------------------------------------------------------------
// Days and times

/** `2026-03-14` for a timestamp, China time. */
export function dateKey(time: number): string {
  const w = wallClock(time, CHINA_TZ);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;
}

export function isDateKey(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
}

/** `今天` / `明天` / `后天` / the weekday. */
export function dayHint(date: string, today: string): string {
  const n = daysBetween(today, date);
  return n === 0 ? '今天' : n === 1 ? '明天' : n === 2 ? '后天' : weekdayName(date);
}

/** The days on sale from `today`: today and the next 14. */
export function saleDates(today: string): string[] {
  return Array.from({ length: SALE_DAYS }, (_, i) => addDays(today, i));
}

/** Epoch ms of `HH:MM` on a travel day (China time). */
export function timeAt(date: string, hhmm: string, plusDays = 0): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  return Date.UTC(y, m - 1, d + plusDays, h - 8, min);
}

export function clockOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** `4时28分` / `45分` */
export function durationLabel(min: number): string {
  const h = Math.floor(min / 60);
  return h > 0 ? `${h}时${pad2(min % 60)}分` : `${min}分`;
}

/** The journey an order keeps from its train (the train's own fields, in the order's key order). */
export function tripOf(train: Pick<Train, 'no' | 'date' | 'from' | 'to' | 'dep' | 'arr' | 'days'> & { id: string | null }): Pick<Order, 'trainId' | 'trainNo' | 'date' | 'from' | 'to' | 'dep' | 'arr' | 'days'> {
  return { trainId: train.id, trainNo: train.no, date: train.date, from: train.from, to: train.to, dep: train.dep, arr: train.arr, days: train.days };
}

export function departsAt(t: Pick<Train, 'date' | 'dep'>): number {
  return timeAt(t.date, t.dep);
}

export function hasDeparted(t: Pick<Train, 'date' | 'dep'>, now: number): boolean {
  return departsAt(t) <= now;
}

// ---------------------------------------------------------------------------------------------
// Money and tickets

/** What the list shows for tickets left: 有 (20 or more), `N张`, 无. */
export function leftLabel(left: number): string {
  return left <= 0 ? '无' : left >= 20 ? '有' : `${left}张`;
}

/** Rounds to the nearest half yuan (50 fen), as fares are. */
export function roundHalfYuan(fen: number): number {
  return Math.round(fen / 50) * 50;
}

const STUDENT_CLASSES: readonly SeatClass[] = ['二等座', '硬座', '硬卧', '无座'];

/** A passenger's fare: children pay half, students 75% in 二等座/硬座/硬卧/无座, adults the full fare. */
export function fareFor(price: number, kind: PassengerKind, cls: SeatClass): number {
  if (kind === '儿童') return roundHalfYuan(price / 2);
  if (kind === '学生' && STUDENT_CLASSES.includes(cls)) return roundHalfYuan(price * 0.75);
  return price;
}

export function trainType(no: string): TrainType {
  return no[0] as TrainType;
}

export function isFast(no: string): boolean {
  const t = trainType(no);
  return t === 'G' || t === 'D';
}

export function seatOf(t: Train, cls: string): Seat | undefined {
  return t.seats.find((s) => s.cls === cls);
}

/** The cheapest fare of a train (what the price sort uses). */
export function minPrice(t: Train): number {
  return Math.min(...t.seats.map((s) => s.price));
}

export function isSeatClass(v: unknown): v is SeatClass {
  return (SEAT_CLASSES as readonly unknown[]).includes(v);
}

// ---------------------------------------------------------------------------------------------
// Queries

/** Trains between the cities of two stations on a day, in departure order (a query by city, like the real app). */
export function queryTrains<T extends Train>(trains: readonly T[], from: string, to: string, date: string): T[] {
  const a = cityOf(from);
  const b = cityOf(to);
  return trains.filter((t) => t.date === date && cityOf(t.from) === a && cityOf(t.to) === b).sort(byDeparture);
}

function byDeparture(a: Train, b: Train): number {
  return minutesOf(a.dep) - minutesOf(b.dep) || (a.no < b.no ? -1 : 1);
}

export const TYPE_FILTERS = ['G', 'D', 'other'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export const TYPE_FILTER_LABEL: Record<TypeFilter, string> = { G: 'G-高铁', D: 'D-动车', other: '普通车' };
export const WINDOWS = ['00-06', '06-12', '12-18', '18-24'] as const;
export type DepartWindow = (typeof WINDOWS)[number];
export const SORTS = ['dep', 'dur', 'price'] as const;
export type SortKey = (typeof SORTS)[number];
export const SORT_LABEL: Record<SortKey, string> = { dep: '发车最早', dur: '耗时最短', price: '价格最低' };

export interface TrainFilter {
  types: TypeFilter[];
  windows: DepartWindow[];
  /** Only trains with tickets left in this class. */
  seat: SeatClass | null;
  /** Only trains with any ticket left. */
  availOnly: boolean;
  sort: SortKey;
}

export const NO_FILTER: TrainFilter = { types: [], windows: [], seat: null, availOnly: false, sort: 'dep' };

export function typeFilterOf(no: string): TypeFilter {
  const t = trainType(no);
  return t === 'G' ? 'G' : t === 'D' ? 'D' : 'other';
}

export function windowOf(dep: string): DepartWindow {
  return WINDOWS[Math.min(3, Math.floor(minutesOf(dep) / 360))];
}

export function hasTickets(t: Train, cls?: SeatClass | null): boolean {
  return t.seats.some((s) => (cls ? s.cls === cls : true) && s.left > 0);
}

/** The list after the filters, in the chosen order (ties by departure). */
export function filterTrains<T extends Train>(trains: readonly T[], f: TrainFilter): T[] {
  const out = trains.filter(
    (t) =>
      (f.types.length === 0 || f.types.includes(typeFilterOf(t.no))) &&
      (f.windows.length === 0 || f.windows.includes(windowOf(t.dep))) &&
      (f.seat === null || hasTickets(t, f.seat)) &&
      (!f.availOnly || hasTickets(t)),
  );
  const key = (t: Train): number => (f.sort === 'dur' ? t.dur : f.sort === 'price' ? minPrice(t) : 0);
  return out.sort((a, b) => key(a) - key(b) || byDeparture(a, b));
}

export function isFiltered(f: TrainFilter): boolean {
  return f.types.length > 0 || f.windows.length > 0 || f.seat !== null || f.availOnly;
}

// ---------------------------------------------------------------------------------------------
// Seats

/** Seat letters a passenger may ask for, by class; berths for sleepers; none for 无座. */
export function seatChoices(cls: SeatClass): string[] {
  switch (cls) {
    case '商务座':
      return ['A', 'C', 'F'];
    case '一等座':
      return ['A', 'C', 'D', 'F'];
    case '二等座':
      return ['A', 'B', 'C', 'D', 'F'];
    case '硬卧':
      return ['上铺', '中铺', '下铺'];
    case '软卧':
      return ['上铺', '下铺'];
    default:
      return [];
  }
}

export function isBerth(cls: SeatClass): boolean {
  return cls === '硬卧' || cls === '软卧';
}

const COACHES: Record<SeatClass, [number, number]> = {
  商务座: [1, 1],
  一等座: [2, 4],
  二等座: [5, 16],
  软卧: [6, 7],
  硬卧: [8, 13],
  硬座: [2, 5],
  无座: [2, 5],
};

/**
 * Coach and seat for each passenger of an order, from a hash of the order number and train: the
 * party sits together (one coach, one row or compartment); a chosen letter or berth is honoured
 * in order, the others get the next free ones.
 */
export function assignSeats(orderNo: string, trainNo: string, cls: SeatClass, count: number, prefs: readonly string[]): { coach: string; seat: string }[] {
  const h = hashString(`${orderNo}:${trainNo}:${cls}`);
  const [lo, hi] = COACHES[cls];
  const coach = pad2(lo + (h % (hi - lo + 1)));
  const choices = seatChoices(cls);
  const out: { coach: string; seat: string }[] = [];
  if (cls === '无座') {
    for (let i = 0; i < count; i++) out.push({ coach, seat: '无座' });
    return out;
  }
  if (isBerth(cls)) {
    const compartment = (h >>> 8) % 11;
    const perComp = choices.length * 2;
    const used = new Set<number>();
    for (let i = 0; i < count; i++) {
      const want = prefs[i] && choices.includes(prefs[i]) ? prefs[i] : null;
      // Berths in a compartment: 1..perComp; berth k has level choices[k % levels].
      let pick = -1;
      for (let k = 0; k < perComp && pick < 0; k++) if (!used.has(k) && (want === null || choices[k % choices.length] === want)) pick = k;
      for (let k = 0; pick < 0 && k < perComp; k++) if (!used.has(k)) pick = k;
      used.add(pick);
      const num = compartment * perComp + pick + 1;
      out.push({ coach, seat: `${pad2(num)}号${choices[pick % choices.length]}` });
    }
    return out;
  }
  const row = 1 + ((h >>> 8) % 17);
  const letters = cls === '硬座' ? ['A', 'B', 'C', 'D', 'F'] : choices;
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    let letter = prefs[i] && letters.includes(prefs[i]) && !used.has(prefs[i]) ? prefs[i] : '';
    if (!letter) letter = letters[(h >>> 16) % letters.length];
    let r = row + Math.floor(i / letters.length);
    if (used.has(`${r}${letter}`)) letter = letters.find((l) => !used.has(`${r}${l}`)) ?? letter;
    if (used.has(`${r}${letter}`)) r += 1;
    used.add(`${r}${letter}`);
    out.push({ coach, seat: `${pad2(r)}${letter}` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Orders

function railwayOf(apps: AppsDraft): RailwayState {
  const r = apps[RAILWAY_APP_ID] as RailwayState | undefined;
  if (!r) throw new Error('the phone has no railway app (apps.railway is missing)');
  return r;
}

export function nextOrderId(s: Pick<RailwayState, 'orders'>): string {
  return nextId(s.orders.map((o) => o.id), 'r_', 3);
}

export function nextPassengerId(s: Pick<RailwayState, 'passengers'>): string {
  return nextId(s.passengers.map((p) => p.id), 'ps_', 2);
}

export function nextRouteId(s: Pick<RailwayState, 'commonRoutes'>): string {
  return nextId(s.commonRoutes.map((r) => r.id), 'cr_', 2);
}

/** 订单号: `E` + 9 digits from the order id and its time. */
export function orderNumber(id: string, createdAt: number): string {
  return `E${String(hashString(`${id}:${createdAt}`) % 1_000_000_000).padStart(9, '0')}`;
}

export function orderDepartsAt(o: Pick<Order, 'date' | 'dep'>): number {
  return timeAt(o.date, o.dep);
}

/** An unpaid order past its pay deadline: shown as 已超时, cannot be paid. */
export function isExpired(o: Order, now: number): boolean {
  return o.status === 'unpaid' && o.payDeadline !== null && now > o.payDeadline;
}

export type OrderTab = 'unpaid' | 'upcoming' | 'refunded' | 'changed' | 'all';
export const ORDER_TABS: readonly OrderTab[] = ['unpaid', 'upcoming', 'refunded', 'changed', 'all'];
export const ORDER_TAB_LABEL: Record<OrderTab, string> = { unpaid: '待支付', upcoming: '未出行', refunded: '已退票', changed: '已改签', all: '全部' };

/** The status a person reads on an order. */
export function statusLabel(o: Order, now: number): string {
  switch (o.status) {
    case 'unpaid':
      return isExpired(o, now) ? '已超时' : '待支付';
    case 'paid':
      return orderDepartsAt(o) <= now ? '已出行' : '未出行';
    case 'refunded':
      return '已退票';
    case 'changed':
      return '已改签';
    case 'cancelled':
      return timedOut(o) ? '超时已取消' : '已取消';
  }
}

export function inTab(o: Order, tab: OrderTab, now: number): boolean {
  switch (tab) {
    case 'unpaid':
      return o.status === 'unpaid' && !isExpired(o, now);
    case 'upcoming':
      return o.status === 'paid' && orderDepartsAt(o) > now;
    case 'refunded':
      return o.status === 'refunded';
    case 'changed':
      return o.status === 'changed';
    case 'all':
      return true;
  }
}

/** Orders in a tab, newest first. */
export function ordersIn<O extends Order>(orders: readonly O[], tab: OrderTab, now: number): O[] {
  return orders.filter((o) => inTab(o, tab, now)).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

export function unpaidCount(orders: readonly Order[], now: number): number {
  return orders.filter((o) => inTab(o, 'unpaid', now)).length;
}

export type BookRefusal = 'train' | 'departed' | 'class' | 'soldout' | 'passengers' | 'child' | 'tooMany' | 'duplicate';

export const BOOK_REFUSAL_TEXT: Record<BookRefusal, string> = {
  train: '该车次不存在',
  departed: '该车次已发车，无法预订',
  class: '该车次没有这个席别',
  soldout: '余票不足，请选择其他席别或车次',
  passengers: '请至少选择一位乘车人',
  child: '儿童须由成人陪同乘车，请同时选择一位成人',
  tooMany: `每个订单最多${MAX_PASSENGERS}位乘车人`,
  duplicate: '所选乘车人已购买该车次的车票',
};

export interface BookRequest {
  trainId: string;
  cls: SeatClass;
  passengerIds: string[];
  /** Seat letters or berths, in passenger order ('' for no preference). */
  prefs: string[];
  now: number;
}

export type BookResult = { ok: true; order: Order } | { ok: false; reason: BookRefusal };

/** Why a booking would be refused, or null (nothing changes). */
export function checkBooking(s: RailwayState, req: Omit<BookRequest, 'prefs'>): BookRefusal | null {
  const train = s.trains.find((t) => t.id === req.trainId);
  if (!train) return 'train';
  if (hasDeparted(train, req.now)) return 'departed';
  const seat = seatOf(train, req.cls);
  if (!seat) return 'class';
  const ids = [...new Set(req.passengerIds)];
  const people = ids.map((id) => s.passengers.find((p) => p.id === id));
  if (ids.length === 0 || people.some((p) => !p)) return 'passengers';
  if (ids.length > MAX_PASSENGERS) return 'tooMany';
  if (people.every((p) => p!.kind === '儿童')) return 'child';
  if (seat.left < ids.length) return 'soldout';
  const holding = s.orders.filter((o) => o.trainId === train.id && (o.status === 'paid' || (o.status === 'unpaid' && !isExpired(o, req.now))));
  if (holding.some((o) => o.tickets.some((t) => ids.includes(t.passengerId)))) return 'duplicate';
  return null;
}

function issueTickets(orderNo: string, train: Train, cls: SeatClass, passengers: Passenger[], prefs: readonly string[]): Ticket[] {
  const seat = seatOf(train, cls)!;
  const places = assignSeats(orderNo, train.no, cls, passengers.length, prefs);
  return passengers.map((p, i) => ({
    passengerId: p.id,
    name: p.name,
    kind: p.kind,
    coach: places[i].coach,
    seat: places[i].seat,
    price: fareFor(seat.price, p.kind, cls),
  }));
}

function paymentTitle(o: Order): string {
  return `${o.trainNo} ${o.from}-${o.to} ${dateLabel(o.date)} ${o.seatClass}×${o.tickets.length}`;
}

/**
 * 提交订单: an unpaid order holding the seats for 30 minutes, and a wallet order asking for the
 * money. The tickets left go down at once.
 */
export function book(apps: AppsDraft, req: BookRequest): BookResult {
  const s = railwayOf(apps);
  const bad = checkBooking(s, req);
  if (bad) return { ok: false, reason: bad };
  const train = s.trains.find((t) => t.id === req.trainId)!;
  const ids = [...new Set(req.passengerIds)];
  const people = ids.map((id) => s.passengers.find((p) => p.id === id)!);
  const id = nextOrderId(s);
  const no = orderNumber(id, req.now);
  const tickets = issueTickets(no, train, req.cls, people, req.prefs);
  const total = tickets.reduce((sum, t) => sum + t.price, 0);
  const order: Order = {
    id,
    no,
    status: 'unpaid',
    ...tripOf(train),
    seatClass: req.cls,
    tickets,
    total,
    due: total,
    createdAt: req.now,
    payDeadline: req.now + PAY_WINDOW_MS,
    paidAt: null,
    payOrderId: null,
    refund: null,
    changedFrom: null,
    changedTo: null,
  };
  seatOf(train, req.cls)!.left -= tickets.length;
  s.orders.push(order);
  order.payOrderId = requestPayment(apps, { merchant: MERCHANT, title: paymentTitle(order), amount: order.due, category: '交通', source: { app: RAILWAY_APP_ID, ref: id, returnPath: `/order/${id}` }, now: req.now });
  return { ok: true, order };
}

export type PayRefusal = 'order' | 'expired';

/**
 * 去支付: the wallet order to open for an unpaid order. Asks the wallet for a new one when the
 * order has none yet (the seed's) or its old one is no longer payable.
 */
export function startPayment(apps: AppsDraft, orderId: string, now: number): { ok: true; payOrderId: string } | { ok: false; reason: PayRefusal } {
  const s = railwayOf(apps);
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid' || o.due <= 0) return { ok: false, reason: 'order' };
  if (isExpired(o, now)) return { ok: false, reason: 'expired' };
  const wallet = apps.wallet as WalletState | undefined;
  const existing = o.payOrderId ? wallet?.orders.find((w) => w.id === o.payOrderId) : undefined;
  if (existing && existing.status === 'unpaid') return { ok: true, payOrderId: existing.id };
  o.payOrderId = requestPayment(apps, { merchant: MERCHANT, title: paymentTitle(o), amount: o.due, category: '交通', source: { app: RAILWAY_APP_ID, ref: o.id, returnPath: `/order/${o.id}` }, now });
  return { ok: true, payOrderId: o.payOrderId };
}

/** Whether an unpaid order needs a new wallet order before it can be paid (the seed's, or a closed one). */
export function needsPaymentRequest(apps: AppsDraft, orderId: string): boolean {
  const o = railwayOf(apps).orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid') return false;
  const w = (apps.wallet as WalletState | undefined)?.orders.find((x) => x.id === o.payOrderId);
  return !w || w.status !== 'unpaid';
}

function giveBack(s: RailwayState, o: Order): void {
  const train = o.trainId ? s.trains.find((t) => t.id === o.trainId) : undefined;
  const seat = train ? seatOf(train, o.seatClass) : undefined;
  if (seat) seat.left += o.tickets.length;
}

/** The wallet paid the order (called inside the wallet's update): paid now; a change finishes. */
export function markPaid(apps: AppsDraft, ref: string, paid: { paidAt: number; billId: string }): void {
  const s = apps[RAILWAY_APP_ID] as RailwayState | undefined;
  const o = s?.orders.find((x) => x.id === ref);
  if (!s || !o || o.status !== 'unpaid') return;
  o.status = 'paid';
  o.paidAt = paid.paidAt;
  o.payDeadline = null;
  if (o.changedFrom) finishChange(s, o.changedFrom, o.id);
}

registerPaymentHook(RAILWAY_APP_ID, (apps, ref, paid) => markPaid(apps, ref, paid));

/** The wallet asks before paying: only an unpaid order inside its pay window takes the money. */
registerPayableCheck(RAILWAY_APP_ID, (apps, ref) => {
  const o = (apps[RAILWAY_APP_ID] as RailwayState | undefined)?.orders.find((x) => x.id === ref);
  return o?.status === 'unpaid';
});

/**
 * The virtual clock passed unpaid orders' deadlines (catalog.ts `timePassed`): each is cancelled
 * by the system (status `cancelled`, its `payDeadline` kept: a cancel by the user clears it) and
 * its seats go back on sale. Its wallet order, in another slice, is closed by the wallet the next
 * time anyone tries to pay it (`registerPayableCheck` above). Null when no deadline passed.
 */
export function railwayTimePassed(s: RailwayState, to: number): { effect: null } | null {
  let changed = false;
  for (const o of s.orders) {
    if (o.status !== 'unpaid' || o.payDeadline === null || o.payDeadline > to) continue;
    o.status = 'cancelled';
    giveBack(s, o);
    changed = true;
  }
  return changed ? { effect: null } : null;
}

/** Cancelled because its pay window closed (not by the user). */
export const timedOut = (o: Order): boolean => o.status === 'cancelled' && o.payDeadline !== null;

/** 取消订单: an unpaid order is cancelled, its seats go back, its wallet order is closed. */
export function cancelOrder(apps: AppsDraft, orderId: string): boolean {
  const s = railwayOf(apps);
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'unpaid') return false;
  o.status = 'cancelled';
  o.payDeadline = null;
  giveBack(s, o);
  if (o.payOrderId && apps.wallet) closePayment(apps, o.payOrderId);
  return true;
}

// --- 退票 -------------------------------------------------------------------------------------

/** 退票费 rate: 5% more than 48 hours before departure, else 10%. */
export function refundRate(departs: number, now: number): number {
  return departs - now > 48 * HOUR ? 0.05 : 0.1;
}

/** 退票费 of one ticket: the rate of its price, rounded to half a yuan, at least ¥2 (never more than the price). */
export function ticketFee(price: number, rate: number): number {
  return Math.min(price, Math.max(200, roundHalfYuan(price * rate)));
}

export type RefundRefusal = 'order' | 'departed';

export type RefundQuote = { ok: true; fee: number; amount: number; rate: number } | { ok: false; reason: RefundRefusal };

/** What a refund of the whole order would keep and return now. */
export function refundQuote(o: Order, now: number): RefundQuote {
  if (o.status !== 'paid') return { ok: false, reason: 'order' };
  const departs = orderDepartsAt(o);
  if (departs <= now) return { ok: false, reason: 'departed' };
  const rate = refundRate(departs, now);
  const fee = o.tickets.reduce((sum, t) => sum + ticketFee(t.price, rate), 0);
  return { ok: true, fee, amount: o.total - fee, rate };
}

export const REFUND_REFUSAL_TEXT: Record<RefundRefusal, string> = {
  order: '该订单不能退票',
  departed: '列车已发车，不能退票',
};

/** 退票: the order is refunded, its seats go back, the rest after the fee returns to the wallet. */
export function refundOrder(apps: AppsDraft, orderId: string, now: number): RefundQuote {
  const s = railwayOf(apps);
  const o = s.orders.find((x) => x.id === orderId);
  if (!o) return { ok: false, reason: 'order' };
  const q = refundQuote(o, now);
  if (!q.ok) return q;
  o.status = 'refunded';
  giveBack(s, o);
  const billId = q.amount > 0 ? refundToWallet(apps, { counterparty: MERCHANT, amount: q.amount, category: '交通', note: `退票 ${o.trainNo} ${o.from}-${o.to}`, now }) : null;
  o.refund = { fee: q.fee, amount: q.amount, at: now, billId };
  return q;
}

// --- 改签 -------------------------------------------------------------------------------------

export type ChangeRefusal = 'order' | 'departed' | 'train' | 'same' | 'route' | 'class' | 'soldout' | 'pending';

export const CHANGE_REFUSAL_TEXT: Record<ChangeRefusal, string> = {
  order: '该订单不能改签',
  departed: '列车已发车，不能改签',
  train: '该车次已发车或不存在',
  same: '请选择其他车次或日期',
  route: '改签只能选择相同的出发和到达城市',
  class: '该车次没有原席别',
  soldout: '该车次原席别余票不足',
  pending: '已有一笔改签待支付，请先支付或取消',
};

export type ChangeQuote = { ok: true; newTotal: number; diff: number } | { ok: false; reason: ChangeRefusal };

/** 改签 to another train (same cities, same class): the new total and the difference (> 0: pay more; < 0: refunded). */
export function changeQuote(s: RailwayState, orderId: string, trainId: string, now: number): ChangeQuote {
  const o = s.orders.find((x) => x.id === orderId);
  if (!o || o.status !== 'paid' || o.changedFrom !== null) {
    // A ticket that was changed once cannot be changed again (the real rule).
    return { ok: false, reason: 'order' };
  }
  if (orderDepartsAt(o) <= now) return { ok: false, reason: 'departed' };
  if (s.orders.some((x) => x.changedFrom === o.id && x.status === 'unpaid' && !isExpired(x, now))) return { ok: false, reason: 'pending' };
  const t = s.trains.find((x) => x.id === trainId);
  if (!t || hasDeparted(t, now)) return { ok: false, reason: 'train' };
  if (t.id === o.trainId) return { ok: false, reason: 'same' };
  if (cityOf(t.from) !== cityOf(o.from) || cityOf(t.to) !== cityOf(o.to)) return { ok: false, reason: 'route' };
  const seat = seatOf(t, o.seatClass);
  if (!seat) return { ok: false, reason: 'class' };
  if (seat.left < o.tickets.length) return { ok: false, reason: 'soldout' };
  const newTotal = o.tickets.reduce((sum, k) => sum + fareFor(seat.price, k.kind, o.seatClass), 0);
  return { ok: true, newTotal, diff: newTotal - o.total };
}

export type ChangeResult = { ok: true; order: Order; diff: number } | { ok: false; reason: ChangeRefusal };

/**
 * 改签: a new order on the new train takes the seats at once. Costlier: it waits unpaid for the
 * difference (the old ticket stays valid until it is paid). Same price or cheaper: done now, and
 * the difference goes back to the wallet.
 */
export function changeOrder(apps: AppsDraft, req: { orderId: string; trainId: string; now: number }): ChangeResult {
  const s = railwayOf(apps);
  const q = changeQuote(s, req.orderId, req.trainId, req.now);
  if (!q.ok) return q;
  const old = s.orders.find((x) => x.id === req.orderId)!;
  const train = s.trains.find((t) => t.id === req.trainId)!;
  const id = nextOrderId(s);
  const no = orderNumber(id, req.now);
  const people = old.tickets.map((k) => ({ id: k.passengerId, name: k.name, kind: k.kind }) as Passenger);
  const tickets = issueTickets(no, train, old.seatClass, people, []);
  const order: Order = {
    id,
    no,
    status: 'unpaid',
    ...tripOf(train),
    seatClass: old.seatClass,
    tickets,
    total: q.newTotal,
    due: Math.max(0, q.diff),
    createdAt: req.now,
    payDeadline: req.now + PAY_WINDOW_MS,
    paidAt: null,
    payOrderId: null,
    refund: null,
    changedFrom: old.id,
    changedTo: null,
  };
  seatOf(train, old.seatClass)!.left -= tickets.length;
  s.orders.push(order);
  if (q.diff > 0) {
    order.payOrderId = requestPayment(apps, { merchant: MERCHANT, title: `改签补差价 ${train.no} ${dateLabel(train.date)}`, amount: q.diff, category: '交通', source: { app: RAILWAY_APP_ID, ref: id, returnPath: `/order/${id}` }, now: req.now });
  } else {
    order.status = 'paid';
    order.paidAt = req.now;
    order.payDeadline = null;
    finishChange(s, old.id, order.id);
    if (q.diff < 0) {
      const billId = refundToWallet(apps, { counterparty: MERCHANT, amount: -q.diff, category: '交通', note: `改签退差价 ${old.trainNo}→${train.no}`, now: req.now });
      order.refund = { fee: 0, amount: -q.diff, at: req.now, billId };
    }
  }
  return { ok: true, order, diff: q.diff };
}

function finishChange(s: RailwayState, oldId: string, newId: string): void {
  const old = s.orders.find((x) => x.id === oldId);
  if (!old || old.status !== 'paid') return;
  old.status = 'changed';
  old.changedTo = newId;
  giveBack(s, old);
}

// ---------------------------------------------------------------------------------------------
// Passengers

/** `110105199003071234` → `1101**********1234`; other documents keep the first 2 and last 3. */
export function maskId(idNo: string): string {
  if (idNo.length <= 6) return idNo;
  const head = idNo.length === 18 ? 4 : 2;
  const tail = idNo.length === 18 ? 4 : 3;
  return `${idNo.slice(0, head)}${'*'.repeat(idNo.length - head - tail)}${idNo.slice(-tail)}`;
}

/** `13812345678` → `138****5678`. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character of the first 17 digits of a resident ID number. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

export function isValidResidentId(v: string): boolean {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const month = Number(v.slice(10, 12));
  const day = Number(v.slice(12, 14));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return idCheckChar(v.slice(0, 17)) === v[17];
}

export interface PassengerDraft {
  name: string;
  idType: Passenger['idType'];
  idNo: string;
  phone: string;
  kind: PassengerKind;
}

export function draftOfPassenger(p: Passenger | undefined): PassengerDraft {
  return p ? { name: p.name, idType: p.idType, idNo: p.idNo, phone: p.phone, kind: p.kind } : { name: '', idType: '居民身份证', idNo: '', phone: '', kind: '成人' };
}

/** Trims and upper-cases the form the way it is saved. */
export function normalizeDraft(d: PassengerDraft): PassengerDraft {
  return { name: d.name.trim(), idType: d.idType, idNo: d.idNo.trim().toUpperCase(), phone: d.phone.trim(), kind: d.kind };
}

/** Why a passenger form cannot be saved (the message the screen shows), or null. */
export function passengerError(s: Pick<RailwayState, 'passengers'>, draft: PassengerDraft, editingId: string | null): string | null {
  const d = normalizeDraft(draft);
  if (!d.name) return '请输入姓名';
  if (!/^[\u4e00-\u9fa5·]{2,15}$/.test(d.name) && !/^[A-Za-z][A-Za-z .]{1,29}$/.test(d.name)) return '姓名只能包含汉字（2-15个）或英文字母';
  if (!(ID_TYPES as readonly string[]).includes(d.idType)) return '请选择证件类型';
  if (!d.idNo) return '请输入证件号码';
  if (d.idType === '居民身份证' && !isValidResidentId(d.idNo)) return '请输入正确的18位身份证号码';
  if (d.idType === '护照' && !/^[A-Z0-9]{5,17}$/.test(d.idNo)) return '请输入正确的护照号码';
  if (d.idType === '港澳居民来往内地通行证' && !/^[HM]\d{8,10}$/.test(d.idNo)) return '请输入正确的通行证号码';
  if (!/^1[3-9]\d{9}$/.test(d.phone)) return '请输入正确的11位手机号码';
  if (!(PASSENGER_KINDS as readonly string[]).includes(d.kind)) return '请选择旅客类型';
  if (s.passengers.some((p) => p.id !== editingId && p.idType === d.idType && p.idNo === d.idNo)) return '该证件号码的乘车人已存在';
  return null;
}

/** Saves the form (new when `editingId` is null); returns the passenger id or the error. */
export function savePassenger(s: RailwayState, draft: PassengerDraft, editingId: string | null): { id: string } | { error: string } {
  const error = passengerError(s, draft, editingId);
  if (error) return { error };
  const d = normalizeDraft(draft);
  if (editingId) {
    const p = s.passengers.find((x) => x.id === editingId);
    if (!p) return { error: '该乘车人不存在' };
    if (p.name !== d.name) p.name = d.name;
    if (p.idType !== d.idType) p.idType = d.idType;
    if (p.idNo !== d.idNo) p.idNo = d.idNo;
    if (p.phone !== d.phone) p.phone = d.phone;
    if (p.kind !== d.kind) p.kind = d.kind;
    return { id: p.id };
  }
  const id = nextPassengerId(s);
  s.passengers.push({ id, ...d, me: false });
  return { id };
}

/** Deletes a passenger; the account holder (本人) cannot be deleted. */
export function deletePassenger(s: RailwayState, id: string): boolean {
  const i = s.passengers.findIndex((p) => p.id === id);
  if (i < 0 || s.passengers[i].me) return false;
  s.passengers.splice(i, 1);
  return true;
}

/** Passengers in list order: 本人 first, then by id. */
export function sortedPassengers<P extends Passenger>(ps: readonly P[]): P[] {
  return [...ps].sort((a, b) => Number(b.me) - Number(a.me) || (a.id < b.id ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// Query form, common routes, settings

/** Sets 出发站 or 到达站 and remembers it among the recent stations. */
export function pickStation(s: RailwayState, field: 'from' | 'to', name: string): boolean {
  if (!stationByName(name)) return false;
  if (s.search[field] !== name) s.search[field] = name;
  const recent = [name, ...s.recentStations.filter((x) => x !== name)].slice(0, 8);
  if (recent.join() !== s.recentStations.join()) s.recentStations = recent;
  return true;
}

export function swapStations(s: RailwayState): void {
  const { from, to } = s.search;
  s.search.from = to;
  s.search.to = from;
}

export function setSearch(s: RailwayState, from: string, to: string): void {
  if (s.search.from !== from) s.search.from = from;
  if (s.search.to !== to) s.search.to = to;
}

export function findCommonRoute(s: Pick<RailwayState, 'commonRoutes'>, from: string, to: string): string | null {
  return s.commonRoutes.find((r) => r.from === from && r.to === to)?.id ?? null;
}

/** Adds a 常用路线 (at most 6; the same pair once). */
export function addCommonRoute(s: RailwayState, from: string, to: string): 'ok' | 'exists' | 'full' | 'same' {
  if (from === to || cityOf(from) === cityOf(to)) return 'same';
  if (findCommonRoute(s, from, to)) return 'exists';
  if (s.commonRoutes.length >= 6) return 'full';
  s.commonRoutes.push({ id: nextRouteId(s), from, to });
  return 'ok';
}

export function removeCommonRoute(s: RailwayState, id: string): boolean {
  const i = s.commonRoutes.findIndex((r) => r.id === id);
  if (i < 0) return false;
  s.commonRoutes.splice(i, 1);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Validation

const isFen = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isClock = (v: unknown): boolean => typeof v === 'string' && /^\d{2}:\d{2}$/.test(v);
const ORDER_STATUSES = ['unpaid', 'paid', 'refunded', 'changed', 'cancelled'];

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateRailwayState(v: unknown): string | null {
  const at = 'apps.railway';
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${at} must be an object`;
  const s = v as Partial<RailwayState>;
  if (typeof s.search !== 'object' || s.search === null || typeof s.search.from !== 'string' || typeof s.search.to !== 'string') return `${at}.search must be { from, to } station names`;
  if (!Array.isArray(s.recentStations) || s.recentStations.some((x) => typeof x !== 'string')) return `${at}.recentStations must be an array of station names`;
  if (new Set(s.recentStations).size !== s.recentStations.length) return `${at}.recentStations must not repeat a station`;
  if (!Array.isArray(s.trains)) return `${at}.trains must be an array`;
  for (const [i, t] of s.trains.entries()) {
    const p = `${at}.trains[${i}]`;
    if (typeof t?.id !== 'string' || typeof t.no !== 'string' || !/^[GDZTK]\d{1,4}$/.test(t.no)) return `${p} needs a string id and a train number like G123`;
    if (!isDateKey(t.date)) return `${p}.date must be YYYY-MM-DD`;
    if (typeof t.from !== 'string' || typeof t.to !== 'string') return `${p} needs from and to station names`;
    if (!isClock(t.dep) || !isClock(t.arr)) return `${p}.dep and .arr must be HH:MM`;
    if (!Number.isSafeInteger(t.days) || t.days < 0 || !Number.isSafeInteger(t.dur) || t.dur <= 0) return `${p}.days and .dur must be non-negative integers`;
    if (!Array.isArray(t.stops)) return `${p}.stops must be an array`;
    if (!Array.isArray(t.seats) || t.seats.length === 0) return `${p}.seats must be a non-empty array`;
    for (const [j, seat] of t.seats.entries()) {
      if (!isSeatClass(seat?.cls)) return `${p}.seats[${j}].cls must be one of ${SEAT_CLASSES.join(', ')}`;
      if (!isFen(seat.price) || seat.price === 0) return `${p}.seats[${j}].price must be a positive integer (fen)`;
      if (!Number.isSafeInteger(seat.left) || seat.left < 0) return `${p}.seats[${j}].left must be a non-negative integer`;
    }
  }
  if (!Array.isArray(s.passengers)) return `${at}.passengers must be an array`;
  for (const [i, p] of s.passengers.entries()) {
    const pp = `${at}.passengers[${i}]`;
    if (typeof p?.id !== 'string' || typeof p.name !== 'string' || typeof p.idNo !== 'string' || typeof p.phone !== 'string') return `${pp} needs string id, name, idNo and phone`;
    if (!(ID_TYPES as readonly string[]).includes(p.idType)) return `${pp}.idType must be one of ${ID_TYPES.join(', ')}`;
    if (!(PASSENGER_KINDS as readonly string[]).includes(p.kind)) return `${pp}.kind must be one of ${PASSENGER_KINDS.join(', ')}`;
    if (typeof p.me !== 'boolean') return `${pp}.me must be a boolean`;
  }
  if (s.passengers.filter((p) => p.me).length !== 1) return `${at}.passengers must hold exactly one passenger with me: true`;
  if (!Array.isArray(s.orders)) return `${at}.orders must be an array`;
  for (const [i, o] of s.orders.entries()) {
    const p = `${at}.orders[${i}]`;
    if (typeof o?.id !== 'string' || typeof o.no !== 'string' || typeof o.trainNo !== 'string') return `${p} needs string id, no and trainNo`;
    if (!ORDER_STATUSES.includes(o.status)) return `${p}.status must be one of ${ORDER_STATUSES.join(', ')}`;
    if (!isDateKey(o.date) || !isClock(o.dep) || !isClock(o.arr)) return `${p} needs date YYYY-MM-DD and dep/arr HH:MM`;
    if (!isSeatClass(o.seatClass)) return `${p}.seatClass must be a seat class`;
    if (!Array.isArray(o.tickets) || o.tickets.length === 0) return `${p}.tickets must be a non-empty array`;
    for (const [j, k] of o.tickets.entries()) if (typeof k?.passengerId !== 'string' || typeof k.seat !== 'string' || !isFen(k.price)) return `${p}.tickets[${j}] needs passengerId, seat and a price in fen`;
    if (!isFen(o.total) || !isFen(o.due)) return `${p}.total and .due must be non-negative integers (fen)`;
    if (!Number.isFinite(o.createdAt)) return `${p}.createdAt must be a number`;
  }
  if (!Array.isArray(s.commonRoutes)) return `${at}.commonRoutes must be an array`;
  for (const [i, r] of s.commonRoutes.entries()) if (typeof r?.id !== 'string' || typeof r.from !== 'string' || typeof r.to !== 'string') return `${at}.commonRoutes[${i}] needs string id, from and to`;
  if (typeof s.settings !== 'object' || s.settings === null || typeof s.settings.remind !== 'boolean' || typeof s.settings.fastOnly !== 'boolean') return `${at}.settings must be { remind, fastOnly } booleans`;
  return null;
}
