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

type EpochMemories = WeakMap<Phone, { epoch: number; memory: unknown }>;
/** Every app's memory table by app name: a whole-phone snapshot carries what they hold now. */
const memoryTables = new Map<string, EpochMemories>();

/**
 * A memory made by `create` once per phone and epoch: replacing the whole state starts a new one.
 * `name` (the app's) names it in a whole-phone snapshot; it holds plain data, Maps, drafts and tab stacks.
 */
export function perEpoch<M>(name: string, create: () => M): (phone: Phone) => M {
  const memories: EpochMemories = new WeakMap();
  memoryTables.set(name, memories); // a module loaded again (hot reload) takes its name over
  return (phone) => {
    let m = memories.get(phone);
    if (!m || m.epoch !== phone.epoch) {
      m = { epoch: phone.epoch, memory: create() };
      memories.set(phone, m);
    }
    return m.memory as M;
  };
}

/** What the apps keep outside the state in this epoch, as JSON-safe data (apps that kept nothing yet are left out). */
export function captureAppMemories(phone: Phone): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, table] of memoryTables) {
    const m = table.get(phone);
    if (m && m.epoch === phone.epoch) out[name] = encodeMemory(m.memory);
  }
  return out;
}

/** Gives the phone's current epoch the memories `captureAppMemories` took (after a restore, before the screens mount). */
export function installAppMemories(phone: Phone, saved: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(saved)) memoryTables.get(name)?.set(phone, { epoch: phone.epoch, memory: decodeMemory(value) });
}

function encodeMemory(v: unknown): unknown {
  if (v instanceof DraftMemory) return { $drafts: encodeMemory(v.entries()) };
  if (v instanceof TabStacks) return { $tabs: v.entries() };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [k, encodeMemory(x)]) };
  if (Array.isArray(v)) return v.map(encodeMemory);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeMemory(x)]));
  return v;
}

function decodeMemory(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodeMemory);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('$drafts' in o) return new DraftMemory(decodeMemory(o.$drafts) as [string, unknown][]);
  if ('$tabs' in o) return new TabStacks(o.$tabs as [string, string[]][]);
  if ('$map' in o) return new Map((o.$map as [unknown, unknown][]).map(([k, x]) => [k, decodeMemory(x)]));
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, decodeMemory(x)]));
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Edit forms not saved yet, by key (a record's id, or `new`); kept and handed out as copies. */
export class DraftMemory<D> {
  #drafts: Map<string, D>;

  constructor(entries: [string, D][] = []) {
    this.#drafts = new Map(entries);
  }

  entries(): [string, D][] {
    return [...this.#drafts].map(([k, d]) => [k, copy(d)]);
  }

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
  #saved: Map<T, string[]>;

  constructor(entries: [T, string[]][] = []) {
    this.#saved = new Map(entries.map(([t, s]) => [t, s.slice()]));
  }

  entries(): [T, string[]][] {
    return [...this.#saved].map(([t, s]) => [t, s.slice()]);
  }

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
