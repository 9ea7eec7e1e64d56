/**
 * The calendar's actions: each applies a pure rule from ./logic.ts through `phone.update` and
 * navigates where a user would land. A refused draft never calls `update`, so the state (and its
 * revision) stays as it was.
 *
 * Transient UI memory (unsaved edit forms) lives here, outside the state tree, per phone and
 * epoch: leaving the app and coming back finds the form as it was; a reset forgets it.
 */
import type { DeepReadonly, Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import { CALENDAR_ROOT } from './routes.ts';
import type { CalendarState } from './types.ts';

export const CALENDAR_APP_ID = 'calendar';

interface Memory {
  epoch: number;
  drafts: Map<string, rules.EventDraft>;
  search: string;
}

const memories = new WeakMap<Phone, Memory>();

export class CalendarModel {
  constructor(readonly phone: Phone) {}

  get data(): DeepReadonly<CalendarState> | undefined {
    return this.phone.app<CalendarState>(CALENDAR_APP_ID);
  }

  /** The slice as the pure rules take it (read-only by convention). */
  get state(): CalendarState {
    return this.data as CalendarState;
  }

  get today(): string {
    return rules.todayKey(this.phone.now, this.phone.timezone);
  }

  get #memory(): Memory {
    let m = memories.get(this.phone);
    if (!m || m.epoch !== this.phone.epoch) {
      m = { epoch: this.phone.epoch, drafts: new Map(), search: '' };
      memories.set(this.phone, m);
    }
    return m;
  }

  #mutate<R>(fn: (s: CalendarState) => R): R {
    return this.phone.update((state) => fn(state.apps[CALENDAR_APP_ID] as unknown as CalendarState));
  }

  // --- transient memory --------------------------------------------------------------------------

  getDraft(key: string): rules.EventDraft | undefined {
    const d = this.#memory.drafts.get(key);
    return d ? (JSON.parse(JSON.stringify(d)) as rules.EventDraft) : undefined;
  }

  keepDraft(key: string, draft: rules.EventDraft): void {
    this.#memory.drafts.set(key, JSON.parse(JSON.stringify(draft)) as rules.EventDraft);
  }

  dropDraft(key: string): void {
    this.#memory.drafts.delete(key);
  }

  get search(): string {
    return this.#memory.search;
  }

  set search(v: string) {
    this.#memory.search = v;
  }

  /** Whether a path is still on the calendar's back stack (a form there keeps its draft). */
  isReachable(path: string): boolean {
    return (this.phone.nav.stacks[CALENDAR_APP_ID] ?? [CALENDAR_ROOT]).some((p) => p.split('?')[0] === path);
  }

  // --- state changes -----------------------------------------------------------------------------

  addEvent(draft: rules.EventDraft): { error: string } | { id: string } {
    const error = rules.draftError(draft);
    if (error) return { error };
    return { id: this.#mutate((s) => rules.addEvent(s, draft).id) };
  }

  /** Saves the form over every occurrence (`scope: 'all'`) or only the one on `date`. */
  saveEvent(id: string, date: string, draft: rules.EventDraft, scope: 'all' | 'one'): { error: string } | { id: string; date: string } {
    const error = rules.draftError(draft);
    if (error) return { error };
    if (scope === 'one') {
      const e = this.#mutate((s) => rules.updateOccurrence(s, id, date, draft));
      return e ? { id: e.id, date: e.startDate } : { error: '该日程不存在' };
    }
    const ok = this.#mutate((s) => rules.updateEvent(s, id, date, draft));
    return ok ? { id, date: draft.startDate } : { error: '该日程不存在' };
  }

  deleteEvent(id: string): void {
    this.#mutate((s) => rules.deleteEvent(s, id));
  }

  deleteOccurrence(id: string, date: string): void {
    this.#mutate((s) => rules.deleteOccurrence(s, id, date));
  }
}
