/**
 * What every app's model (`<app>/model.ts`) is built from: its slice of the state and the one
 * door that changes it, and the memory an app keeps outside the state tree (unsaved forms, each
 * tab's back stack), which a reset forgets.
 */
import type { DeepReadonly, Phone } from './phone.svelte.ts';

export class AppModel<S> {
  constructor(
    readonly phone: Phone,
    readonly appId: string,
  ) {}

  /** The slice (read-only), or undefined when the state has no such app. */
  get data(): DeepReadonly<S> | undefined {
    return this.phone.app<S>(this.appId);
  }

  /** Runs a rule on the app's slice inside `phone.update` (one revision). */
  protected mutate<R>(fn: (s: S) => R): R {
    return this.phone.update((state) => fn(state.apps[this.appId] as unknown as S));
  }
}

/** A memory made by `create` once per phone and epoch: replacing the whole state starts a new one. */
export function perEpoch<M>(create: () => M): (phone: Phone) => M {
  const memories = new WeakMap<Phone, { epoch: number; memory: M }>();
  return (phone) => {
    let m = memories.get(phone);
    if (!m || m.epoch !== phone.epoch) {
      m = { epoch: phone.epoch, memory: create() };
      memories.set(phone, m);
    }
    return m.memory;
  };
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Edit forms not saved yet, by key (a record's id, or `new`); kept and handed out as copies. */
export class DraftMemory<D> {
  #drafts = new Map<string, D>();

  get(key: string): D | undefined {
    const d = this.#drafts.get(key);
    return d === undefined ? undefined : copy(d);
  }

  /** The kept draft, or else a copy of `original` (a form opening afresh). */
  getOr(key: string, original: D): D {
    return this.get(key) ?? copy(original);
  }

  keep(key: string, draft: D): void {
    this.#drafts.set(key, copy(draft));
  }

  drop(key: string): void {
    this.#drafts.delete(key);
  }
}

/** The back stack of each bottom tab while another is in front. */
export class TabStacks<T extends string> {
  #saved = new Map<T, string[]>();

  /** Keeps the stack of the tab in front and shows `tab`'s own (its root the first time). */
  switchTo(phone: Phone, current: T, stack: string[], tab: T): void {
    this.#saved.set(current, stack);
    const saved = this.#saved.get(tab);
    phone.setStack(saved && saved.length > 0 ? saved : [tab]);
  }

  /** Whether a path is still somewhere a user can come back to: the stack in front, or a tab's. */
  isReachable(front: readonly string[], path: string): boolean {
    if (front.includes(path)) return true;
    for (const s of this.#saved.values()) if (s.includes(path)) return true;
    return false;
  }
}
