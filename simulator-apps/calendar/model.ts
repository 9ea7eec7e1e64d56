/**
 * The calendar's actions: each applies a pure rule from ./logic.ts through `phone.update` and
 * navigates where a user would land. A refused draft never calls `update`, so the state (and its
 * revision) stays as it was.
 *
 * Transient UI memory (unsaved edit forms) lives here, outside the state tree, per phone and
 * epoch: leaving the app and coming back finds the form as it was; a reset forgets it.
 */
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import { CALENDAR_ROOT } from './routes.ts';
import type { CalendarState } from './types.ts';

export const CALENDAR_APP_ID = 'calendar';

interface Memory {
  drafts: DraftMemory<rules.EventDraft>;
  search: string;
}

const memoryOf = perEpoch<Memory>('calendar', () => ({ drafts: new DraftMemory(), search: '' }));

export class CalendarModel extends AppModel<CalendarState> {
  constructor(phone: Phone) {
    super(phone, CALENDAR_APP_ID);
  }

  /** The slice as the pure rules take it (read-only by convention). */
  get state(): CalendarState {
    return this.data as CalendarState;
  }

  get today(): string {
    return rules.todayKey(this.phone.now, this.phone.timezone);
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  // --- transient memory --------------------------------------------------------------------------

  /** Unsaved event forms, by the form's path. */
  get drafts(): DraftMemory<rules.EventDraft> {
    return this.#memory.drafts;
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
    return { id: this.mutate((s) => rules.addEvent(s, draft).id) };
  }

  /** Saves the form over every occurrence (`scope: 'all'`) or only the one on `date`. */
  saveEvent(id: string, date: string, draft: rules.EventDraft, scope: 'all' | 'one'): { error: string } | { id: string; date: string } {
    const error = rules.draftError(draft);
    if (error) return { error };
    if (scope === 'one') {
      const e = this.mutate((s) => rules.updateOccurrence(s, id, date, draft));
      return e ? { id: e.id, date: e.startDate } : { error: '该日程不存在' };
    }
    const ok = this.mutate((s) => rules.updateEvent(s, id, date, draft));
    return ok ? { id, date: draft.startDate } : { error: '该日程不存在' };
  }

  deleteEvent(id: string): void {
    this.mutate((s) => rules.deleteEvent(s, id));
  }

  deleteOccurrence(id: string, date: string): void {
    this.mutate((s) => rules.deleteOccurrence(s, id, date));
  }
}
