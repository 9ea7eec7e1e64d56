/**
 * 路路通's actions: each applies a pure rule from ./logic.ts through `phone.update` and returns
 * what the screen needs to show. A refused action never calls `update`. Calls go through the
 * 电话 app's own rule (`placeCall`), shares through 轻聊's (`shareToChat`), payments through the
 * wallet's (`requestPayment` + the cashier), each in the same update as anything of ours.
 *
 * Transient UI memory (each tab's back stack, where the map is panned to and its zoom) lives
 * here, outside the state tree, per phone and epoch.
 */
import { AppModel, TabStacks, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState } from '../chat/types.ts';
import { placeCall } from '../contacts/logic.ts';
import type { ContactsState } from '../contacts/types.ts';
import { openCheckout } from '../wallet/checkout.ts';
import * as rules from './logic.ts';
import { MAPS_ROOT, searchPath, tabOf, withPlace, type MapsTab, type Pick } from './routes.ts';
import type { MapsState, RideClass } from './types.ts';

export const MAPS_APP_ID = rules.MAPS_APP_ID;

/** The map's view: its centre in metres and a zoom step (0 = the whole city). */
export interface MapView {
  cx: number;
  cy: number;
  zoom: number;
}

interface Memory {
  view: MapView | null;
  tabs: TabStacks<MapsTab>;
}

const memoryOf = perEpoch<Memory>('maps', () => ({ view: null, tabs: new TabStacks() }));

export class MapsModel extends AppModel<MapsState> {
  constructor(phone: Phone) {
    super(phone, MAPS_APP_ID);
  }

  /** The state as the pure rules take it (read-only by convention). */
  get s(): MapsState {
    return this.data as unknown as MapsState;
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  #mutateApps<R>(fn: (apps: Record<string, unknown>) => R): R {
    return this.phone.update((state) => fn(state.apps as unknown as Record<string, unknown>));
  }

  #dryRun<R>(fn: (apps: Record<string, unknown>) => R): R {
    return fn(JSON.parse(JSON.stringify(this.phone.state.apps)) as Record<string, unknown>);
  }

  get view(): MapView | null {
    return this.#memory.view;
  }

  set view(v: MapView | null) {
    this.#memory.view = v;
  }

  // --- navigation --------------------------------------------------------------------------------

  switchTab(tab: MapsTab): void {
    const stack = [...(this.phone.nav.stacks[MAPS_APP_ID] ?? [MAPS_ROOT])];
    const current = tabOf(stack[0] ?? MAPS_ROOT);
    if (tab === current) {
      if (stack.length > 1 || stack[0] !== tab) this.phone.setStack([tab]);
      return;
    }
    this.#memory.tabs.switchTo(this.phone, current, stack, tab);
  }

  /** 搜索: remembers the word and shows its results (a picker keeps picking). */
  search(word: string, pick: Pick | null): void {
    const w = word.trim();
    if (!w) return;
    if (this.s.recentSearches[0] !== w) this.mutate((s) => rules.rememberSearch(s, w));
    this.phone.replace(searchPath(w, null, pick));
  }

  clearSearches(): void {
    if (this.s.recentSearches.length) this.mutate((s) => rules.clearSearches(s));
  }

  /** A picker's choice: back to the route or ride it came from, with the place in its field. */
  pick(pick: Pick, placeId: string): void {
    this.phone.back();
    this.phone.replace(withPlace(pick.ret, pick.field, placeId));
  }

  // --- saved places ------------------------------------------------------------------------------

  setSaved(slot: rules.SavedSlot, placeId: string | null): void {
    const now = slot === 'home' ? this.s.saved.homeId : this.s.saved.workId;
    if (now === placeId) return;
    this.mutate((s) => rules.setSaved(s, slot, placeId));
  }

  toggleFavorite(placeId: string): boolean {
    return this.mutate((s) => rules.toggleFavorite(s, placeId));
  }

  // --- other apps --------------------------------------------------------------------------------

  /** 电话: the call is placed in the 电话 app (its log gets it) and its call screen comes up. */
  call(number: string): boolean {
    if (!number || !this.phone.app('contacts')) return false;
    const now = this.phone.now;
    const entry = this.phone.update((state) => placeCall(state.apps.contacts as unknown as ContactsState, number, now));
    this.phone.openApp('contacts');
    this.phone.setStack(['/dial', `/call/${entry.id}`]);
    return true;
  }

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as unknown as ChatState) : [];
  }

  /** 分享 → a chat: a card of the place (name, address) from me in that conversation. */
  share(chatId: string, placeId: string): boolean {
    const p = rules.placeById(this.s, placeId);
    if (!p || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const now = this.phone.now;
    this.phone.update((state) => shareToChat(state.apps.chat as unknown as ChatState, { chatId, card: { app: MAPS_APP_ID, title: p.name, subtitle: p.address, ref: `/place/${p.id}` }, now }));
    return true;
  }

  // --- rides ---------------------------------------------------------------------------------------

  /** 呼叫: the ride is requested (its driver assigned at once); the trip screen replaces the form. */
  requestRide(fromId: string, toId: string, cls: RideClass): rules.RideRefusal | null {
    const req = { fromId, toId, cls, now: this.phone.now };
    const bad = this.#dryRun((apps) => rules.checkRide(apps, req));
    if (bad) return bad;
    const r = this.#mutateApps((apps) => rules.requestRide(apps, req));
    if (!r.ok) return r.reason;
    this.phone.setStack(['/ride', `/trip/${r.ride.id}`]);
    return null;
  }

  cancelRide(rideId: string): boolean {
    const now = this.phone.now;
    const r = this.s.rides.find((x) => x.id === rideId);
    if (!r || rules.ridePhase(r, now) !== 'arriving') return false;
    return this.mutate((s) => rules.cancelRide(s, rideId, now));
  }

  /** 去支付: opens the wallet's cashier on the ride (asking the wallet for a payment first when needed). */
  pay(rideId: string): boolean {
    const now = this.phone.now;
    const dry = this.#dryRun((apps) => rules.startRidePayment(apps, rideId, now));
    if (!dry.ok) return false;
    const res = this.#dryRun((apps) => rules.needsRidePaymentRequest(apps, rideId)) ? this.#mutateApps((apps) => rules.startRidePayment(apps, rideId, now)) : dry;
    if (!res.ok) return false;
    openCheckout(this.phone, res.payOrderId);
    return true;
  }
}
