/**
 * The railway app's actions: each applies a pure rule from ./logic.ts through `phone.update`
 * and returns what the screen needs to show. A refused action never calls `update`, so the state
 * (and its revision) stays as it was. Money moves through the wallet's payment rules in the same
 * update as the railway's own change.
 *
 * Transient UI memory (the query date, unsaved booking choices and passenger forms, each tab's
 * back stack) lives here, outside the state tree, per phone and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, TabStacks, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { sameDraft } from '../shared/drafts.ts';
import { openCheckout } from '../wallet/checkout.ts';
import * as rules from './logic.ts';
import { RAILWAY_ROOT, tabOf, type RailwayTab } from './routes.ts';
import type { RailwayState, SeatClass } from './types.ts';

export const RAILWAY_APP_ID = rules.RAILWAY_APP_ID;

export interface BookingDraft {
  passengerIds: string[];
  prefs: string[];
}

interface Memory {
  date: string | null;
  bookings: Map<string, BookingDraft>;
  passengerDrafts: DraftMemory<rules.PassengerDraft>;
  tabs: TabStacks<RailwayTab>;
}

const memoryOf = perEpoch<Memory>('railway', () => ({ date: null, bookings: new Map(), passengerDrafts: new DraftMemory(), tabs: new TabStacks() }));

export class RailwayModel extends AppModel<RailwayState> {
  constructor(phone: Phone) {
    super(phone, RAILWAY_APP_ID);
  }

  /** The state as the pure rules take it (read-only by convention: screens never write it). */
  get s(): RailwayState {
    return this.data as unknown as RailwayState;
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  #mutateApps<R>(fn: (apps: Record<string, unknown>) => R): R {
    return this.phone.update((state) => fn(state.apps as unknown as Record<string, unknown>));
  }

  /** A dry run on a copy of every app: what the rule would answer, without touching the state. */
  #dryRun<R>(fn: (apps: Record<string, unknown>) => R): R {
    return fn(JSON.parse(JSON.stringify(this.phone.state.apps)) as Record<string, unknown>);
  }

  get today(): string {
    return rules.dateKey(this.phone.now);
  }

  // --- navigation ------------------------------------------------------------------------------

  /** Bottom tabs: each keeps its own stack; tapping the tab in front goes to its root. */
  switchTab(tab: RailwayTab): void {
    const stack = [...(this.phone.nav.stacks[RAILWAY_APP_ID] ?? [RAILWAY_ROOT])];
    const current = tabOf(stack[0] ?? RAILWAY_ROOT);
    if (tab === current) {
      if (stack.length > 1 || stack[0] !== tab) this.phone.setStack([tab]);
      return;
    }
    this.#memory.tabs.switchTo(this.phone, current, stack, tab);
  }

  // --- transient memory ------------------------------------------------------------------------

  /** The query form's date: today until another is chosen (never a past day). */
  get date(): string {
    const d = this.#memory.date;
    return d && d >= this.today ? d : this.today;
  }

  set date(v: string) {
    this.#memory.date = v;
  }

  getBooking(key: string): BookingDraft | undefined {
    return this.#memory.bookings.get(key);
  }

  keepBooking(key: string, draft: BookingDraft): void {
    this.#memory.bookings.set(key, { passengerIds: [...draft.passengerIds], prefs: [...draft.prefs] });
  }

  dropBooking(key: string): void {
    this.#memory.bookings.delete(key);
  }

  /** Unsaved passenger forms, by passenger id (or `new`). */
  get drafts(): DraftMemory<rules.PassengerDraft> {
    return this.#memory.passengerDrafts;
  }

  // --- query form ------------------------------------------------------------------------------

  pickStation(field: 'from' | 'to', name: string): void {
    const d = this.s;
    if (d.search[field] === name && d.recentStations[0] === name) return;
    this.mutate((s) => rules.pickStation(s, field, name));
  }

  swapStations(): void {
    this.mutate((s) => rules.swapStations(s));
  }

  setSearch(from: string, to: string): void {
    if (this.s.search.from === from && this.s.search.to === to) return;
    this.mutate((s) => rules.setSearch(s, from, to));
  }

  // --- orders ----------------------------------------------------------------------------------

  book(trainId: string, cls: SeatClass, passengerIds: string[], prefs: string[]): rules.BookResult {
    const req = { trainId, cls, passengerIds, prefs, now: this.phone.now };
    const bad = rules.checkBooking(this.s, req);
    if (bad) return { ok: false, reason: bad };
    return this.#mutateApps((apps) => rules.book(apps, req));
  }

  /** 去支付: opens the wallet's cashier on the order (asking the wallet for a payment first when needed). */
  pay(orderId: string): rules.PayRefusal | null {
    const now = this.phone.now;
    const dry = this.#dryRun((apps) => rules.startPayment(apps, orderId, now));
    if (!dry.ok) return dry.reason;
    const payOrderId = this.#dryRun((apps) => rules.needsPaymentRequest(apps, orderId))
      ? this.#mutateApps((apps) => rules.startPayment(apps, orderId, now))
      : dry;
    if (!payOrderId.ok) return payOrderId.reason;
    openCheckout(this.phone, payOrderId.payOrderId);
    return null;
  }

  cancel(orderId: string): boolean {
    const o = this.s.orders.find((x) => x.id === orderId);
    if (!o || o.status !== 'unpaid') return false;
    return this.#mutateApps((apps) => rules.cancelOrder(apps, orderId));
  }

  refund(orderId: string): rules.RefundQuote {
    const o = this.s.orders.find((x) => x.id === orderId);
    if (!o) return { ok: false, reason: 'order' };
    const q = rules.refundQuote(o, this.phone.now);
    if (!q.ok) return q;
    const now = this.phone.now;
    return this.#mutateApps((apps) => rules.refundOrder(apps, orderId, now));
  }

  change(orderId: string, trainId: string): rules.ChangeResult {
    const now = this.phone.now;
    const q = rules.changeQuote(this.s, orderId, trainId, now);
    if (!q.ok) return q;
    return this.#mutateApps((apps) => rules.changeOrder(apps, { orderId, trainId, now }));
  }

  // --- passengers, routes, settings ------------------------------------------------------------

  savePassenger(id: string | null, draft: rules.PassengerDraft): { id: string } | { error: string } {
    const error = rules.passengerError(this.s, draft, id);
    if (error) return { error };
    if (id) {
      const p = this.s.passengers.find((x) => x.id === id);
      if (p && sameDraft(rules.draftOfPassenger(p), rules.normalizeDraft(draft))) return { id };
    }
    return this.mutate((s) => rules.savePassenger(s, draft, id));
  }

  deletePassenger(id: string): boolean {
    const p = this.s.passengers.find((x) => x.id === id);
    if (!p || p.me) return false;
    return this.mutate((s) => rules.deletePassenger(s, id));
  }

  addCommonRoute(from: string, to: string): 'ok' | 'exists' | 'full' | 'same' {
    const dry = rules.addCommonRoute(JSON.parse(JSON.stringify(this.s)) as RailwayState, from, to);
    if (dry !== 'ok') return dry;
    return this.mutate((s) => rules.addCommonRoute(s, from, to));
  }

  removeCommonRoute(id: string): void {
    if (!this.s.commonRoutes.some((r) => r.id === id)) return;
    this.mutate((s) => rules.removeCommonRoute(s, id));
  }

  setSetting(key: 'remind' | 'fastOnly', value: boolean): void {
    if (this.s.settings[key] === value) return;
    this.mutate((s) => {
      s.settings[key] = value;
    });
  }
}
