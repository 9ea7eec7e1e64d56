/**
 * Shared pieces of the railway suite: typed access to the railway and wallet slices, the `_route`
 * sampler that draws a consistent (from, to, date, train, class) from the state, the checks a
 * booking or a payment makes, and oracle navigation (taps on `data-ui` keys only). Files starting
 * with `_` are not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { STATIONS } from '../../simulator-apps/railway/data.ts';
import { dateKey, hasDeparted, initials, nextOrderId, queryTrains, seatOf } from '../../simulator-apps/railway/logic.ts';
import { fareText as priceText, moneyText } from '../../simulator-apps/shared/money.ts';
import type { Order, Passenger, RailwayState, SeatClass, Train } from '../../simulator-apps/railway/types.ts';
import { nextBillId } from '../../simulator-apps/wallet/logic.ts';
import { nextOrderId as nextWalletOrderId } from '../../simulator-apps/wallet/payments.ts';
import { ensureBalance as ensureWalletBalance, newBills, payAtCashier, walletOf, yuanAnswer } from '../wallet/_helpers.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

export { dateKey, moneyText, nextOrderId, priceText, queryTrains, seatOf, walletOf, yuanAnswer };

export function railwayOf(state: PhoneState): RailwayState {
  return state.apps.railway as unknown as RailwayState;
}

export function todayOf(state: PhoneState): string {
  return dateKey(state.os.time.timestamp);
}

export function me(state: PhoneState): Passenger {
  return railwayOf(state).passengers.find((p) => p.me)!;
}

/** The query form's stations and the station history change whenever a user queries: never a side effect. */
export const BROWSE_CHANGES = ['apps.railway.search.**', 'apps.railway.recentStations', 'apps.railway.recentStations[*]'];

/** `2026-03-15` → `3月15日`. */
export function dayText(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日`;
}

// --- sampling -----------------------------------------------------------------------------------

export interface RouteParams extends Record<string, unknown> {
  from: string;
  to: string;
  date: string;
  trainId: string;
  trainNo: string;
  cls: string;
}

export interface RouteOptions {
  /** Tickets the class must have left. */
  need?: number;
  classes?: readonly SeatClass[];
  /** Extra condition on the train (and the whole list of the day, in departure order). */
  where?: (t: Train, day: Train[], s: RailwayState) => boolean;
}

/**
 * `_route`: a train on a day after today (so nothing departs during the episode) with a class
 * that has tickets, spread into from/to (the train's stations), date, trainId, trainNo and cls.
 */
export function routeParam(opts: RouteOptions = {}): Record<string, ParamSpec> {
  return spreadParam('_route', ['from', 'to', 'date', 'trainId', 'trainNo', 'cls'], (state: PhoneState, rng: Rng) => {
    const s = railwayOf(state);
    const today = todayOf(state);
    const picks: RouteParams[] = [];
    for (const t of s.trains) {
      if (t.date <= today) continue;
      const day = queryTrains(s.trains, t.from, t.to, t.date);
      if (opts.where && !opts.where(t, day, s)) continue;
      for (const seat of t.seats) {
        if (seat.left < (opts.need ?? 1)) continue;
        if (opts.classes && !opts.classes.includes(seat.cls)) continue;
        picks.push({ from: t.from, to: t.to, date: t.date, trainId: t.id, trainNo: t.no, cls: seat.cls });
      }
    }
    return picks.length ? rng.pick(picks) : null;
  });
}

/** An adult passenger other than me whose name no other passenger shares or resembles. */
export function plainCompanion(s: RailwayState): Passenger | undefined {
  const lookAlike = (a: string, b: string) => a !== b && a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;
  return s.passengers.find((p) => !p.me && p.kind === '成人' && !s.passengers.some((q) => lookAlike(p.name, q.name)));
}

// --- judging ------------------------------------------------------------------------------------

export function newOrders(input: JudgeInput): Order[] {
  const before = new Set(railwayOf(input.init).orders.map((o) => o.id));
  return railwayOf(input.final).orders.filter((o) => !before.has(o.id));
}

/** Paths a booking legitimately changes: the new railway order, the class's tickets left, the wallet order asking for the money. */
export function bookingChanges(input: JudgeInput, trainIds: string[]): string[] {
  const r = railwayOf(input.init);
  const w = walletOf(input.init);
  return [
    `apps.railway.orders[${nextOrderId(r)}]`,
    ...trainIds.map((id) => `apps.railway.trains[${id}].seats[*].left`),
    `apps.wallet.orders[${nextWalletOrderId(w)}]`,
    ...BROWSE_CHANGES,
  ];
}

/** How the criteria of a railway bill read, paid (out) or refunded (in). */
const BILL_NAMES = {
  out: { kind: 'the bill pays 铁路出行 out of the balance under 交通', amount: 'the bill amount (fen)', balance: 'the wallet balance went down by it (fen)' },
  in: { kind: 'the bill is a refund from 铁路出行 into the balance', amount: 'the refunded amount (fen)', balance: 'the wallet balance went up by it (fen)' },
} as const;

/**
 * One 交通 bill of `amount` between the wallet balance and 铁路出行, out (a payment) or in (a
 * refund), and the balance moved by it. Their paths are the payment's expected changes.
 */
function railwayBill(input: JudgeInput, amount: number, direction: 'out' | 'in'): Criterion[] {
  const init = walletOf(input.init);
  const fin = walletOf(input.final);
  const names = BILL_NAMES[direction];
  const added = newBills(input);
  const bill = added[0];
  return [
    exactlyOne('exactly one new wallet bill', added, `apps.wallet.bills[${nextBillId(init)}]`),
    criteria.equals(names.kind, bill ? `${bill.direction}/${bill.category}/${bill.counterparty}` : null, `${direction}/交通/铁路出行`),
    criteria.equals(names.amount, bill?.amount ?? null, amount),
    criteria.equals(names.balance, fin.balance, init.balance + (direction === 'in' ? amount : -amount), 'apps.wallet.balance'),
  ];
}

/** One payment of `amount` from the wallet balance for the railway (see railwayBill). */
export function walletPaid(input: JudgeInput, amount: number): Criterion[] {
  return railwayBill(input, amount, 'out');
}

/** A refund of `amount` into the wallet balance (see railwayBill). */
export function walletRefunded(input: JudgeInput, amount: number): Criterion[] {
  return railwayBill(input, amount, 'in');
}

/** Makes sure the wallet can pay `amount` (a task is about booking, not about a short balance). */
export function ensureBalance(state: PhoneState, amount: number): void {
  ensureWalletBalance(state, amount, 50_000);
}

export interface OrderParams extends Record<string, unknown> {
  orderId: string;
  trainNo: string;
  date: string;
}

/** The `_order` parameter: one of the railway orders satisfying `where`, spread into orderId, trainNo and date. */
export function orderParam(where: (o: Order, state: PhoneState) => boolean, fields: readonly string[] = ['orderId', 'trainNo', 'date']): Record<string, ParamSpec> {
  return spreadParam('_order', fields, (state, rng) => {
    const o = pickOrNull(rng, railwayOf(state).orders.filter((x) => where(x, state)));
    return o && { orderId: o.id, trainNo: o.trainNo, date: o.date };
  });
}

// --- oracle navigation --------------------------------------------------------------------------

/** From anywhere, to the railway's 首页 tab. */
export async function openRailwayHome(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'railway') {
    if (ui.find('app.railway')) await ui.tap('app.railway');
    else await ui.openApp('railway');
  }
  for (let i = 0; i < 8 && ui.route.app === 'railway' && !['/', '/orders', '/me'].includes(ui.route.path.split('?')[0]); i++) await ui.back();
  if (ui.route.app !== 'railway') await ui.openApp('railway');
  if (ui.route.path !== '/') await ui.tap('railway.tab.home');
  if (ui.route.path !== '/') throw new Error(`could not get to the railway home (route ${ui.route.path})`);
}

/** From anywhere, to the 订单 tab showing `tab`. */
export async function openOrders(ui: OracleUi, tab: 'unpaid' | 'upcoming' | 'refunded' | 'changed' | 'all' = 'all'): Promise<void> {
  await openRailwayHome(ui);
  await ui.tap('railway.tab.orders');
  await ui.tap(`railway.orders.tab.${tab}`);
}

export async function openOrder(ui: OracleUi, orderId: string, tab: 'unpaid' | 'upcoming' | 'refunded' | 'changed' | 'all' = 'all'): Promise<void> {
  await openOrders(ui, tab);
  await scrollAndTap(ui, `railway.order.${orderId}`, 'railway.orders.list');
}

/** 出发站 or 到达站 through the picker: types the pinyin initials, taps the station. */
export async function chooseStation(ui: OracleUi, field: 'from' | 'to', name: string): Promise<void> {
  if (railwayOf(ui.state).search[field] === name) return;
  const st = STATIONS.find((s) => s.name === name);
  if (!st) throw new Error(`unknown station ${name}`);
  await ui.tap(`railway.${field}`);
  await ui.type('railway.station.search', initials(st.py));
  await scrollAndTap(ui, `railway.station.result.${name}`, 'railway.station.results');
}

/** 首页: stations, date, 查询车票 → the result list. */
export async function queryThroughUi(ui: OracleUi, from: string, to: string, date: string): Promise<void> {
  await openRailwayHome(ui);
  const s = railwayOf(ui.state).search;
  if (s.from === to && s.to === from) await ui.tap('railway.swap');
  await chooseStation(ui, 'from', from);
  await chooseStation(ui, 'to', to);
  await ui.tap('railway.date');
  await ui.tap(`railway.date.${date}`);
  await ui.tap('railway.search');
  if (!ui.route.path.startsWith('/trains')) throw new Error(`the query did not open the train list (route ${ui.route.path})`);
}

/** In the result list: opens a train. */
export async function openTrainInList(ui: OracleUi, trainId: string): Promise<void> {
  await scrollAndTap(ui, `railway.train.${trainId}`, 'railway.trains.list');
}

/** On a train's page: 预订 a class, tick the passengers, pick seats, 提交订单 (lands on the unpaid order). */
export async function bookOnTrainPage(ui: OracleUi, cls: string, passengerIds: string[], prefs: string[] = []): Promise<void> {
  await ui.tap(`railway.book.${cls}`);
  for (const id of passengerIds) {
    await scrollAndTap(ui, `railway.book.passenger.${id}`, 'railway.book.form');
  }
  for (const p of prefs) {
    await scrollAndTap(ui, `railway.book.pref.${p}`, 'railway.book.form');
  }
  await ui.tap('railway.book.submit');
  if (!ui.route.path.startsWith('/order/')) throw new Error(`提交订单 did not open the order (route ${ui.route.path}; ${ui.find('railway.book.error')?.text ?? ''})`);
}

/** On an unpaid order: 去支付 → the wallet's cashier → password → 完成 (back in the railway order). */
export async function payOnOrderPage(ui: OracleUi): Promise<void> {
  await ui.tap('railway.order.pay');
  if (ui.route.app !== 'wallet') throw new Error(`去支付 did not open the wallet (route ${ui.route.app}${ui.route.path})`);
  await payAtCashier(ui);
  if (!ui.find('wallet.done')) throw new Error(`the payment did not reach 支付成功 (route ${ui.route.path})`);
  await ui.tap('wallet.done');
}

/** In the result list: 筛选 → one chip (`railway.filter.seat.二等座`, `railway.filter.type.G`) → 确定. */
export async function filterTrains(ui: OracleUi, chip: string): Promise<void> {
  await ui.tap('railway.filter');
  await ui.tap(chip);
  await ui.tap('railway.filter.apply');
}

/** The dialog's confirm button (phone.confirm). */
export async function confirmDialog(ui: OracleUi): Promise<void> {
  const ok = ui.find('dialog.confirm') ?? ui.find({ role: 'button', text: '确认退票' });
  if (!ok) throw new Error(`no confirm dialog on screen (keys: ${ui.tree.map((n) => n.key).filter(Boolean).join(', ')})`);
  await ui.tap(ok.key ? ok.key : { role: 'button', text: ok.text });
}

export { hasDeparted };
