/**
 * Seed data for the railway app: timetables for four city pairs in both directions over four
 * days (today and the next three: 32 route×day combinations of 5-10 trains), 4-6 passengers
 * (two with look-alike names), and four orders (a past trip, an upcoming one, a refunded one and
 * one waiting to be paid). Pure: importable from Node. Other queries honestly find no trains.
 */
import type { Rng } from '../shared/rng.ts';
import { CLASSES_BY_TYPE, CORRIDORS, ID_AREAS, ME_NAMES, OTHER_NAMES, SPEED, TARIFF, TRAP_PASSENGERS, type Corridor } from './data.ts';
import { addDays } from '../shared/dates.ts';
import { assignSeats, clockOf, dateKey, fareFor, idCheckChar, orderNumber, PAY_WINDOW_MS, refundRate, roundHalfYuan, ticketFee, timeAt, tripOf } from './logic.ts';
import type { Order, Passenger, PassengerKind, RailwayState, Seat, SeatClass, Ticket, Train, TrainType } from './types.ts';

export interface RailwaySeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** Days with trains: today and the next three. */
export const SEEDED_DAYS = 4;

interface Timetable {
  no: string;
  from: string;
  to: string;
  depMin: number;
  dur: number;
  stops: string[];
  classes: SeatClass[];
  prices: number[];
}

export function createRailwayState(rng: Rng, ctx: RailwaySeedContext): RailwayState {
  const today = dateKey(ctx.now);
  const corridors = rng.fork('corridors').sample(CORRIDORS, 4);
  const numbers = new Set<string>();
  const trains: Train[] = [];
  const tr = rng.fork('trains');
  for (const c of corridors) {
    for (const reverse of [false, true]) {
      const table = timetable(tr, c, reverse, numbers);
      for (let d = 0; d < SEEDED_DAYS; d++) {
        const date = addDays(today, d);
        for (const t of table) trains.push(runOn(tr, t, date, trains.length + 1));
      }
    }
  }
  const passengers = createPassengers(rng.fork('passengers'));
  const orders = createOrders(rng.fork('orders'), ctx, trains, passengers, corridors);
  const first = corridors[0];
  const r = rng.fork('railway');
  const extra = corridors[1];
  return {
    search: { from: first.fast[0], to: first.fast[1] },
    recentStations: r.shuffle([...new Set([first.fast[0], first.fast[1], extra.fast[0], extra.fast[1]])]),
    trains,
    passengers,
    orders,
    commonRoutes: [{ id: 'cr_01', from: extra.fast[0], to: extra.fast[1] }],
    settings: { remind: true, fastOnly: false },
  };
}

function uniqueNumber(rng: Rng, type: TrainType, taken: Set<string>): string {
  const max = type === 'G' || type === 'D' ? 9999 : type === 'K' ? 1999 : 399;
  for (;;) {
    const n = `${type}${rng.int(1, max)}`;
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

/** The trains running every day in one direction of a corridor. */
function timetable(rng: Rng, c: Corridor, reverse: boolean, taken: Set<string>): Timetable[] {
  const count = rng.int(5, 10);
  const slowCount = c.slow ? (c.km > 500 ? rng.int(1, 3) : rng.int(0, 1)) : 0;
  const types: TrainType[] = [];
  for (let i = 0; i < count; i++) {
    if (i < slowCount) types.push(c.km > 900 ? rng.pick(['Z', 'T', 'K'] as const) : rng.pick(['T', 'K'] as const));
    else types.push(rng.chance(c.km < 400 ? 0.4 : 0.2) ? 'D' : 'G');
  }
  const usedMinutes = new Set<number>();
  const out: Timetable[] = [];
  for (const type of types) {
    const slow = type === 'Z' || type === 'T' || type === 'K';
    const ends = slow ? c.slow! : c.fast;
    const [from, to] = reverse ? [ends[1], ends[0]] : ends;
    let depMin = 0;
    do depMin = slow ? rng.int(6 * 12, 23 * 12 + 6) * 5 : rng.int(6 * 12, 21 * 12) * 5;
    while (usedMinutes.has(depMin));
    usedMinutes.add(depMin);
    const via = reverse ? [...c.via].reverse() : c.via;
    const stops = slow ? via.slice() : via.filter(() => rng.chance(0.5));
    const dur = Math.max(slow ? 60 : 28, Math.round((c.km / SPEED[type]) * 60) + stops.length * 4 + rng.int(-6, 18));
    let classes = [...CLASSES_BY_TYPE[type]];
    if (!slow && rng.chance(0.5)) classes = classes.filter((x) => x !== '无座');
    if (slow && c.km < 400) classes = classes.filter((x) => x !== '软卧');
    const prices = classes.map((cls) => roundHalfYuan(c.km * (TARIFF[type][cls] ?? 0.2) * 100) + (type === 'G' && cls === '商务座' ? 0 : 0));
    out.push({ no: uniqueNumber(rng, type, taken), from, to, depMin, dur, stops, classes, prices });
  }
  return out.sort((a, b) => a.depMin - b.depMin);
}

/** One day of a timetabled train, with its own tickets left. */
function runOn(rng: Rng, t: Timetable, date: string, n: number): Train {
  const arrMin = t.depMin + t.dur;
  const seats: Seat[] = t.classes.map((cls, i) => {
    const roll = rng.next();
    const plenty = cls === '商务座' ? rng.int(20, 24) : rng.int(20, 320);
    return { cls, price: t.prices[i], left: roll < 0.28 ? 0 : roll < 0.6 ? rng.int(1, 19) : plenty };
  });
  return {
    id: `t_${String(n).padStart(4, '0')}`,
    no: t.no,
    date,
    from: t.from,
    to: t.to,
    dep: clockOf(t.depMin),
    arr: clockOf(arrMin),
    days: Math.floor(arrMin / 1440),
    dur: t.dur,
    stops: t.stops,
    seats,
  };
}

function idNumber(rng: Rng, birthYear: number): string {
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const first17 = `${rng.pick(ID_AREAS)}${birthYear}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${String(rng.int(10, 999)).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

function phoneNumber(rng: Rng): string {
  return `1${rng.pick(['38', '39', '36', '58', '86', '77', '89', '50'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

function createPassengers(rng: Rng): Passenger[] {
  const pair = rng.pick(TRAP_PASSENGERS);
  const others = rng.sample(OTHER_NAMES, rng.int(1, 3));
  const people: { name: string; kind: PassengerKind; me: boolean }[] = [
    { name: rng.pick(ME_NAMES), kind: '成人', me: true },
    { name: pair[0], kind: '成人', me: false },
    { name: pair[1], kind: '成人', me: false },
    ...others.map((name, i) => ({ name, kind: (i === 0 ? '儿童' : i === 1 ? '学生' : '成人') as PassengerKind, me: false })),
  ];
  const ordered = [people[0], ...rng.shuffle(people.slice(1))];
  return ordered.map((p, i) => {
    const birth = p.kind === '儿童' ? rng.int(2016, 2019) : p.kind === '学生' ? rng.int(2004, 2007) : rng.int(1965, 2000);
    return { id: `ps_${String(i + 1).padStart(2, '0')}`, name: p.name, idType: '居民身份证', idNo: idNumber(rng, birth), phone: phoneNumber(rng), kind: p.kind, me: p.me };
  });
}

function makeOrder(
  id: string,
  status: Order['status'],
  train: Pick<Train, 'no' | 'date' | 'from' | 'to' | 'dep' | 'arr' | 'days'> & { id: string | null },
  cls: SeatClass,
  price: number,
  people: Passenger[],
  createdAt: number,
): Order {
  const no = orderNumber(id, createdAt);
  const places = assignSeats(no, train.no, cls, people.length, []);
  const tickets: Ticket[] = people.map((p, i) => ({ passengerId: p.id, name: p.name, kind: p.kind, coach: places[i].coach, seat: places[i].seat, price: fareFor(price, p.kind, cls) }));
  const total = tickets.reduce((s, t) => s + t.price, 0);
  return {
    id,
    no,
    status,
    ...tripOf(train),
    seatClass: cls,
    tickets,
    total,
    due: total,
    createdAt,
    payDeadline: null,
    paidAt: null,
    payOrderId: null,
    refund: null,
    changedFrom: null,
    changedTo: null,
  };
}

/** A bookable seat on a future seeded day: the train, its class, with enough tickets left. */
function pickFutureSeat(rng: Rng, trains: Train[], today: string, need: number, avoid: Set<string>): { train: Train; seat: Seat } {
  const candidates: { train: Train; seat: Seat }[] = [];
  for (const t of trains) {
    if (t.date === today || avoid.has(t.id)) continue;
    for (const seat of t.seats) if (seat.left >= need + 2 && seat.cls !== '无座' && seat.cls !== '商务座') candidates.push({ train: t, seat });
  }
  return rng.pick(candidates);
}

function createOrders(rng: Rng, ctx: RailwaySeedContext, trains: Train[], passengers: Passenger[], corridors: readonly Corridor[]): Order[] {
  const today = dateKey(ctx.now);
  const me = passengers[0];
  const companion = rng.pick(passengers.filter((p) => !p.me && p.kind === '成人'));
  const used = new Set<string>();

  // A past trip on a corridor of the timetable, its train no longer listed.
  const pastC = rng.pick(corridors);
  const pastDate = addDays(today, -rng.int(5, 40));
  const pastDep = rng.int(7 * 12, 19 * 12) * 5;
  const pastDur = Math.round((pastC.km / SPEED.G) * 60) + rng.int(0, 20);
  const pastTrain = { id: null, no: `G${rng.int(1, 9999)}`, date: pastDate, from: pastC.fast[0], to: pastC.fast[1], dep: clockOf(pastDep), arr: clockOf(pastDep + pastDur), days: Math.floor((pastDep + pastDur) / 1440) };
  const pastCreated = timeAt(pastDate, '00:00') - rng.int(2, 9) * DAY + rng.int(8 * 60, 22 * 60) * MINUTE;
  const past = makeOrder('r_001', 'paid', pastTrain, '二等座', roundHalfYuan(pastC.km * 0.46 * 100), [me], pastCreated);
  past.paidAt = pastCreated + rng.int(1, 10) * MINUTE;

  // A refunded one: booked days ago, refunded a day later.
  const rf = pickFutureSeat(rng, trains, today, 1, used);
  used.add(rf.train.id);
  const rfCreated = ctx.now - rng.int(3, 6) * DAY - rng.int(0, 600) * MINUTE;
  const refunded = makeOrder('r_002', 'refunded', rf.train, rf.seat.cls, rf.seat.price, [me], rfCreated);
  refunded.paidAt = rfCreated + rng.int(1, 8) * MINUTE;
  const rfAt = rfCreated + rng.int(1, 2) * DAY;
  const rate = refundRate(timeAt(refunded.date, refunded.dep), rfAt);
  const fee = refunded.tickets.reduce((s, t) => s + ticketFee(t.price, rate), 0);
  refunded.refund = { fee, amount: refunded.total - fee, at: rfAt, billId: null };

  // The upcoming trip: me and a companion, paid a day or two ago.
  const up = pickFutureSeat(rng, trains, today, 2, used);
  used.add(up.train.id);
  const upCreated = ctx.now - rng.int(1, 2) * DAY - rng.int(0, 600) * MINUTE;
  const upcoming = makeOrder('r_003', 'paid', up.train, up.seat.cls, up.seat.price, [me, companion], upCreated);
  upcoming.paidAt = upCreated + rng.int(1, 8) * MINUTE;
  up.seat.left -= upcoming.tickets.length;

  // Waiting to be paid: booked minutes ago; the wallet order is asked for on 去支付.
  const un = pickFutureSeat(rng, trains, today, 1, used);
  const unCreated = ctx.now - rng.int(3, 12) * MINUTE;
  const unpaid = makeOrder('r_004', 'unpaid', un.train, un.seat.cls, un.seat.price, [me], unCreated);
  unpaid.payDeadline = unCreated + PAY_WINDOW_MS;
  un.seat.left -= unpaid.tickets.length;

  return [past, refunded, upcoming, unpaid];
}
