import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createWalletState } from '../../simulator-apps/wallet/seed.ts';
import { settlePaidOrder } from '../../simulator-apps/wallet/payments.ts';
import { payOrder } from '../../simulator-apps/wallet/logic.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';
import { createRailwayState } from '../../simulator-apps/railway/seed.ts';
import { addDays } from '../../simulator-apps/shared/dates.ts';
import { fareText } from '../../simulator-apps/shared/money.ts';
import {
  assignSeats,
  book,
  cancelOrder,
  changeOrder,
  changeQuote,
  checkBooking,
  dateKey,
  deletePassenger,
  fareFor,
  filterTrains,
  idCheckChar,
  inTab,
  isValidResidentId,
  leftLabel,
  maskId,
  maskPhone,
  NO_FILTER,
  passengerError,
  pickStation,
  queryTrains,
  refundOrder,
  refundQuote,
  savePassenger,
  searchStations,
  seatOf,
  startPayment,
  statusLabel,
  ticketFee,
  validateRailwayState,
  addCommonRoute,
} from '../../simulator-apps/railway/logic.ts';
import { parseRailwayPath, railwayRouteStack, trainsPath } from '../../simulator-apps/railway/routes.ts';
import type { RailwayState, Train } from '../../simulator-apps/railway/types.ts';

const NOW = Date.UTC(2026, 2, 14, 2, 0); // 10:00 in Shanghai
const ctx = { now: NOW, timezone: 'Asia/Shanghai' };
const fresh = (seed = 7): RailwayState => createRailwayState(new Rng(seed), ctx);
const phoneApps = (seed = 7) => ({ railway: fresh(seed), wallet: createWalletState(new Rng(seed), ctx) }) as { railway: RailwayState; wallet: WalletState };
const TODAY = dateKey(NOW);

/** A future train with at least `n` tickets left in a non-berth, non-standing class. */
function bookable(s: RailwayState, n = 2): { train: Train; cls: Train['seats'][number]['cls'] } {
  for (const t of s.trains) {
    if (t.date === TODAY) continue;
    const seat = t.seats.find((x) => x.left >= n + 1 && (x.cls === '二等座' || x.cls === '一等座'));
    if (seat) return { train: t, cls: seat.cls };
  }
  throw new Error('no bookable train');
}

describe('railway seed', () => {
  it('is valid, small, and has the facts tasks rely on', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = fresh(seed);
      expect(validateRailwayState(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(150_000);
      const combos = new Set(s.trains.map((t) => `${t.from.slice(0, 2)}>${t.to.slice(0, 2)}@${t.date}`));
      expect(combos.size).toBeGreaterThanOrEqual(24);
      expect(s.passengers.length).toBeGreaterThanOrEqual(4);
      expect(s.passengers.length).toBeLessThanOrEqual(6);
      expect(s.passengers.filter((p) => p.me)).toHaveLength(1);
      expect(s.passengers.every((p) => isValidResidentId(p.idNo))).toBe(true);
      const names = s.passengers.map((p) => p.name);
      expect([['王子涵', '王梓涵'], ['陈思远', '陈思源']].some((pair) => pair.every((n) => names.includes(n)))).toBe(true);
      expect(s.orders.map((o) => o.status)).toEqual(['paid', 'refunded', 'paid', 'unpaid']);
      expect(statusLabel(s.orders[0], NOW)).toBe('已出行');
      expect(statusLabel(s.orders[2], NOW)).toBe('未出行');
      expect(statusLabel(s.orders[3], NOW)).toBe('待支付');
      expect(s.trains.every((t) => t.seats.every((x) => Number.isInteger(x.price) && x.price % 50 === 0))).toBe(true);
      expect(s.trains.some((t) => t.seats.some((x) => x.left === 0))).toBe(true);
    }
  });

  it('the whole phone stays under 1 MB', () => {
    expect(JSON.stringify(createInitialState(1)).length).toBeLessThan(1_000_000);
  });
});

describe('stations, dates and money', () => {
  it('finds stations by Chinese, pinyin initials and full pinyin', () => {
    expect(searchStations('bjn')[0].name).toBe('北京南');
    expect(searchStations('shhq')[0].name).toBe('上海虹桥');
    expect(searchStations('hangzhou').map((s) => s.name)).toEqual(['杭州', '杭州东']);
    expect(searchStations('武汉')[0].name).toBe('武汉');
    expect(searchStations('zzz')).toEqual([]);
  });

  it('formats fares, tickets left, IDs and phones', () => {
    expect(fareText(55300)).toBe('553');
    expect(fareText(55350)).toBe('553.5');
    expect(leftLabel(0)).toBe('无');
    expect(leftLabel(7)).toBe('7张');
    expect(leftLabel(20)).toBe('有');
    expect(maskId('110105199003071234')).toBe('1101**********1234');
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
  });

  it('gives children half fare and students 75% in second class only', () => {
    expect(fareFor(55300, '成人', '二等座')).toBe(55300);
    expect(fareFor(55300, '儿童', '二等座')).toBe(27650);
    expect(fareFor(55300, '学生', '二等座')).toBe(41500);
    expect(fareFor(93300, '学生', '一等座')).toBe(93300);
  });

  it('checks resident ID numbers', () => {
    const first = '11010519900307123';
    expect(isValidResidentId(first + idCheckChar(first))).toBe(true);
    expect(isValidResidentId(first + (idCheckChar(first) === '1' ? '2' : '1'))).toBe(false);
    expect(isValidResidentId('123')).toBe(false);
  });
});

describe('queries and filters', () => {
  it('queries by city, in departure order, and filters/sorts', () => {
    const s = fresh(2);
    const t = s.trains[0];
    const list = queryTrains(s.trains, t.from, t.to, t.date);
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.map((x) => x.dep)).toEqual([...list.map((x) => x.dep)].sort());
    const g = filterTrains(list, { ...NO_FILTER, types: ['G'] });
    expect(g.every((x) => x.no.startsWith('G'))).toBe(true);
    const byDur = filterTrains(list, { ...NO_FILTER, sort: 'dur' });
    expect(byDur.map((x) => x.dur)).toEqual([...byDur.map((x) => x.dur)].sort((a, b) => a - b));
    const morning = filterTrains(list, { ...NO_FILTER, windows: ['06-12'] });
    expect(morning.every((x) => x.dep >= '06:00' && x.dep < '12:00')).toBe(true);
    const avail = filterTrains(list, { ...NO_FILTER, seat: '二等座' });
    expect(avail.every((x) => (seatOf(x, '二等座')?.left ?? 0) > 0)).toBe(true);
    expect(queryTrains(s.trains, t.from, t.to, addDays(TODAY, 10))).toEqual([]);
  });

  it('remembers picked stations, newest first, at most eight', () => {
    const s = fresh();
    for (const n of ['北京南', '上海虹桥', '武汉', '长沙南', '广州南', '深圳北', '西安北', '成都东', '重庆北']) pickStation(s, 'from', n);
    expect(s.recentStations).toHaveLength(8);
    expect(s.recentStations[0]).toBe('重庆北');
    expect(s.search.from).toBe('重庆北');
    expect(pickStation(s, 'to', '火星站')).toBe(false);
  });

  it('common routes: no duplicates, not the same city, at most six', () => {
    const s = fresh();
    s.commonRoutes = [];
    expect(addCommonRoute(s, '北京南', '上海虹桥')).toBe('ok');
    expect(addCommonRoute(s, '北京南', '上海虹桥')).toBe('exists');
    expect(addCommonRoute(s, '北京南', '北京西')).toBe('same');
  });
});

describe('booking and paying', () => {
  it('books: an unpaid order, tickets down, a wallet order asking for the money', () => {
    const apps = phoneApps();
    const { train, cls } = bookable(apps.railway);
    const left = seatOf(train, cls)!.left;
    const me = apps.railway.passengers.find((p) => p.me)!;
    const other = apps.railway.passengers.find((p) => !p.me && p.kind === '成人')!;
    const r = book(apps, { trainId: train.id, cls, passengerIds: [me.id, other.id], prefs: ['A', 'F'], now: NOW });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({ status: 'unpaid', trainNo: train.no, seatClass: cls, payDeadline: NOW + 30 * 60_000 });
    expect(r.order.tickets.map((t) => t.seat.slice(-1))).toEqual(['A', 'F']);
    expect(seatOf(train, cls)!.left).toBe(left - 2);
    const w = apps.wallet.orders.find((o) => o.id === r.order.payOrderId)!;
    expect(w).toMatchObject({ status: 'unpaid', amount: r.order.total, category: '交通', source: { app: 'railway', ref: r.order.id } });

    // The wallet pays it: the hook marks the railway order paid in the same update.
    const balance = apps.wallet.balance;
    expect(payOrder(apps.wallet, { orderId: w.id, password: apps.wallet.payPassword, now: NOW + 60_000 }).ok).toBe(true);
    settlePaidOrder(apps, w.id);
    expect(apps.railway.orders.find((o) => o.id === r.order.id)).toMatchObject({ status: 'paid', paidAt: NOW + 60_000 });
    expect(apps.wallet.balance).toBe(balance - r.order.total);
  });

  it('refuses sold-out classes, no passengers, a child alone, duplicates, departed trains, and changes nothing', () => {
    const apps = phoneApps();
    const { train, cls } = bookable(apps.railway);
    const me = apps.railway.passengers.find((p) => p.me)!;
    const json = JSON.stringify(apps);
    const soldOut = JSON.parse(json) as typeof apps;
    seatOf(soldOut.railway.trains.find((t) => t.id === train.id)!, cls)!.left = 0;
    const before = JSON.stringify(soldOut);
    expect(book(soldOut, { trainId: train.id, cls, passengerIds: [me.id], prefs: [], now: NOW })).toEqual({ ok: false, reason: 'soldout' });
    expect(JSON.stringify(soldOut)).toBe(before);
    expect(book(apps, { trainId: train.id, cls, passengerIds: [], prefs: [], now: NOW })).toEqual({ ok: false, reason: 'passengers' });
    const child = apps.railway.passengers.find((p) => p.kind === '儿童');
    if (child) expect(book(apps, { trainId: train.id, cls, passengerIds: [child.id], prefs: [], now: NOW })).toEqual({ ok: false, reason: 'child' });
    expect(checkBooking(apps.railway, { trainId: train.id, cls, passengerIds: [me.id], now: Date.UTC(2026, 5, 1) })).toBe('departed');
    expect(book(apps, { trainId: 't_9999', cls, passengerIds: [me.id], prefs: [], now: NOW })).toEqual({ ok: false, reason: 'train' });
    expect(JSON.stringify(apps)).toBe(json);
    expect(book(apps, { trainId: train.id, cls, passengerIds: [me.id], prefs: [], now: NOW }).ok).toBe(true);
    expect(book(apps, { trainId: train.id, cls, passengerIds: [me.id], prefs: [], now: NOW })).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('the seeded unpaid order asks the wallet on 去支付; a second 去支付 reuses it; cancel closes it and frees the seat', () => {
    const apps = phoneApps();
    const o = apps.railway.orders.find((x) => x.status === 'unpaid')!;
    expect(o.payOrderId).toBeNull();
    const r1 = startPayment(apps, o.id, NOW);
    expect(r1.ok).toBe(true);
    const r2 = startPayment(apps, o.id, NOW);
    expect(r2).toEqual(r1);
    const train = apps.railway.trains.find((t) => t.id === o.trainId)!;
    const left = seatOf(train, o.seatClass)!.left;
    expect(cancelOrder(apps, o.id)).toBe(true);
    expect(o.status).toBe('cancelled');
    expect(seatOf(train, o.seatClass)!.left).toBe(left + 1);
    expect(apps.wallet.orders.find((w) => w.id === o.payOrderId)!.status).toBe('closed');
    expect(cancelOrder(apps, o.id)).toBe(false);
    expect(startPayment(apps, o.id, NOW)).toEqual({ ok: false, reason: 'order' });
  });

  it('an unpaid order past its deadline cannot be paid and leaves the 待支付 tab', () => {
    const apps = phoneApps();
    const o = apps.railway.orders.find((x) => x.status === 'unpaid')!;
    const late = o.payDeadline! + 1;
    expect(startPayment(apps, o.id, late)).toEqual({ ok: false, reason: 'expired' });
    expect(inTab(o, 'unpaid', late)).toBe(false);
    expect(statusLabel(o, late)).toBe('已超时');
  });

  it('assigns seats deterministically, together, honouring the letters asked for', () => {
    expect(assignSeats('E1', 'G1', '二等座', 3, ['F', 'D'])).toEqual(assignSeats('E1', 'G1', '二等座', 3, ['F', 'D']));
    const seats = assignSeats('E123', 'G7', '二等座', 3, ['F', 'D']);
    expect(new Set(seats.map((s) => s.coach)).size).toBe(1);
    expect(seats[0].seat.endsWith('F') && seats[1].seat.endsWith('D')).toBe(true);
    expect(new Set(seats.map((s) => s.seat)).size).toBe(3);
    expect(assignSeats('E9', 'K7', '硬卧', 2, ['下铺', '下铺']).map((s) => s.seat.slice(-2))).toEqual(['下铺', '下铺']);
    expect(assignSeats('E9', 'G7', '无座', 1, [])[0].seat).toBe('无座');
  });
});

describe('refunds', () => {
  it('keeps 5% more than 48h ahead, 10% closer, at least ¥2, and returns the rest to the wallet', () => {
    expect(ticketFee(55300, 0.05)).toBe(2750);
    expect(ticketFee(1500, 0.05)).toBe(200);
    expect(ticketFee(100, 0.1)).toBe(100);
    const apps = phoneApps();
    const o = apps.railway.orders.find((x) => x.status === 'paid' && x.trainId)!;
    const train = apps.railway.trains.find((t) => t.id === o.trainId)!;
    const left = seatOf(train, o.seatClass)!.left;
    const balance = apps.wallet.balance;
    const q = refundQuote(o, NOW);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    const r = refundOrder(apps, o.id, NOW);
    expect(r).toEqual(q);
    expect(o.status).toBe('refunded');
    expect(o.refund).toMatchObject({ fee: q.fee, amount: q.amount });
    expect(apps.wallet.balance).toBe(balance + q.amount);
    expect(apps.wallet.bills.at(-1)).toMatchObject({ direction: 'in', amount: q.amount, category: '交通', counterparty: '铁路出行' });
    expect(seatOf(train, o.seatClass)!.left).toBe(left + o.tickets.length);
    expect(refundOrder(apps, o.id, NOW)).toEqual({ ok: false, reason: 'order' });
  });

  it('refuses a departed trip and an unpaid order', () => {
    const s = fresh();
    expect(refundQuote(s.orders[0], NOW)).toEqual({ ok: false, reason: 'order' === 'order' && s.orders[0].status === 'paid' ? 'departed' : 'order' });
    expect(refundQuote(s.orders[3], NOW)).toEqual({ ok: false, reason: 'order' });
  });
});

describe('changes (改签)', () => {
  function setup(cheaper: boolean) {
    const apps = phoneApps(3);
    const o = apps.railway.orders.find((x) => x.status === 'paid' && x.trainId)!;
    const others = apps.railway.trains.filter((t) => t.id !== o.trainId && t.from === o.from && t.to === o.to && t.date > TODAY);
    const target = others[0];
    const seat = seatOf(target, o.seatClass) ?? (target.seats[0].cls === o.seatClass ? target.seats[0] : undefined);
    if (!seat) target.seats.push({ cls: o.seatClass, price: 10000, left: 50 });
    const s2 = seatOf(target, o.seatClass)!;
    s2.left = 50;
    const unit = o.tickets[0].price;
    s2.price = cheaper ? unit - 1000 : unit + 2000;
    for (const k of o.tickets) k.kind = '成人';
    return { apps, o, target };
  }

  it('costlier: a new unpaid order for the difference; paying it finishes the change', () => {
    const { apps, o, target } = setup(false);
    const q = changeQuote(apps.railway, o.id, target.id, NOW);
    expect(q).toMatchObject({ ok: true, diff: 2000 * o.tickets.length });
    const r = changeOrder(apps, { orderId: o.id, trainId: target.id, now: NOW });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({ status: 'unpaid', due: 2000 * o.tickets.length, changedFrom: o.id });
    expect(o.status).toBe('paid');
    const w = apps.wallet.orders.find((x) => x.id === r.order.payOrderId)!;
    expect(w.amount).toBe(r.order.due);
    expect(payOrder(apps.wallet, { orderId: w.id, password: apps.wallet.payPassword, now: NOW }).ok).toBe(true);
    settlePaidOrder(apps, w.id);
    expect(r.order.status).toBe('paid');
    expect(o).toMatchObject({ status: 'changed', changedTo: r.order.id });
    expect(changeQuote(apps.railway, r.order.id, o.trainId!, NOW)).toEqual({ ok: false, reason: 'order' });
  });

  it('cheaper: done at once, the difference goes back to the wallet', () => {
    const { apps, o, target } = setup(true);
    const balance = apps.wallet.balance;
    const r = changeOrder(apps, { orderId: o.id, trainId: target.id, now: NOW });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.diff).toBe(-1000 * o.tickets.length);
    expect(r.order.status).toBe('paid');
    expect(o.status).toBe('changed');
    expect(apps.wallet.balance).toBe(balance + 1000 * o.tickets.length);
  });

  it('refuses another route, the same train, and a sold-out class', () => {
    const { apps, o, target } = setup(false);
    const elsewhere = apps.railway.trains.find((t) => t.from !== o.from && t.date > TODAY)!;
    expect(changeQuote(apps.railway, o.id, elsewhere.id, NOW)).toMatchObject({ ok: false });
    expect(changeQuote(apps.railway, o.id, o.trainId!, NOW)).toEqual({ ok: false, reason: 'same' });
    seatOf(target, o.seatClass)!.left = 0;
    expect(changeQuote(apps.railway, o.id, target.id, NOW)).toEqual({ ok: false, reason: 'soldout' });
  });
});

describe('passengers', () => {
  const valid = (n = '11010519900307123') => n + idCheckChar(n);

  it('validates the form with a message naming the problem', () => {
    const s = fresh();
    const base = { name: '周小川', idType: '居民身份证' as const, idNo: valid(), phone: '13912345678', kind: '成人' as const };
    expect(passengerError(s, base, null)).toBeNull();
    expect(passengerError(s, { ...base, name: '' }, null)).toBe('请输入姓名');
    expect(passengerError(s, { ...base, idNo: '110105199003071230' === valid() ? '110105199003071231' : '110105199003071230' }, null)).toBe('请输入正确的18位身份证号码');
    expect(passengerError(s, { ...base, phone: '12345' }, null)).toBe('请输入正确的11位手机号码');
    expect(passengerError(s, { ...base, idNo: s.passengers[1].idNo }, null)).toBe('该证件号码的乘车人已存在');
    expect(passengerError(s, { ...base, idType: '护照', idNo: 'E1234567' }, null)).toBeNull();
  });

  it('adds, edits and deletes; 本人 cannot be deleted', () => {
    const s = fresh();
    const r = savePassenger(s, { name: '周小川', idType: '居民身份证', idNo: valid('32010219850101456'), phone: '13912345678', kind: '成人' }, null);
    expect(r).toEqual({ id: `ps_${String(s.passengers.length).padStart(2, '0')}` });
    const id = (r as { id: string }).id;
    expect(savePassenger(s, { name: '周小川', idType: '居民身份证', idNo: valid('32010219850101456'), phone: '13900000000', kind: '学生' }, id)).toEqual({ id });
    expect(s.passengers.find((p) => p.id === id)).toMatchObject({ phone: '13900000000', kind: '学生', me: false });
    expect(deletePassenger(s, id)).toBe(true);
    expect(deletePassenger(s, s.passengers.find((p) => p.me)!.id)).toBe(false);
  });
});

describe('validation and routes', () => {
  it('rejects bad slices naming the field', () => {
    const bad = (fn: (s: RailwayState) => void) => {
      const s = fresh();
      fn(s);
      return validateRailwayState(s);
    };
    expect(validateRailwayState(null)).toBe('apps.railway must be an object');
    expect(bad((s) => (s.trains[0].seats[0].left = -1))).toContain('apps.railway.trains[0].seats[0].left');
    expect(bad((s) => (s.trains[0].date = '3/15'))).toContain('apps.railway.trains[0].date');
    expect(bad((s) => (s.orders[0].status = 'lost' as never))).toContain('apps.railway.orders[0].status');
    expect(bad((s) => (s.passengers[0].me = false))).toContain('exactly one passenger');
    expect(bad((s) => (s.orders[1].total = 1.5))).toContain('apps.railway.orders[1].total');
    expect(bad((s) => (s.settings = null as never))).toContain('apps.railway.settings');
    expect(bad((s) => (s.recentStations = ['武汉', '武汉']))).toContain('apps.railway.recentStations');
  });

  it('parses paths and builds deep-link stacks', () => {
    const path = trainsPath({ from: '北京南', to: '上海虹桥', date: '2026-03-15' }, { ...NO_FILTER, types: ['G'], sort: 'dur', availOnly: true });
    expect(parseRailwayPath(path)).toMatchObject({ screen: 'trains', query: { from: '北京南', to: '上海虹桥', date: '2026-03-15' }, filter: { types: ['G'], sort: 'dur', availOnly: true } });
    expect(railwayRouteStack('/order/r_001')).toEqual(['/orders', '/order/r_001']);
    expect(railwayRouteStack('/book/t_0001?cls=二等座')).toEqual(['/', '/train/t_0001', '/book/t_0001?cls=二等座']);
    expect(railwayRouteStack('/passenger/ps_02')).toEqual(['/me', '/passengers', '/passenger/ps_02']);
    expect(parseRailwayPath('/nowhere')).toEqual({ screen: 'notFound', path: '/nowhere' });
  });
});
