/**
 * Long file: the OS shell's one state class (state, navigation, transient services, snapshot and
 * restore) whose parts read and write the same $state fields.
 * The phone: one plain-JSON `$state` tree (`state`), navigation kept beside it (current app,
 * per-app back stacks, recents), transient OS services (toasts, dialogs, menus) and the
 * methods that are the only way to change any of it.
 *
 * - Every state mutation goes through `update()` (or reset/setState/restore/advanceTime) and
 *   bumps `revision` synchronously, so a reader never sees new data with an old revision.
 * - `reset`/`setState`/`restore` reassign the one `$state` field and bump `epoch`; anything
 *   started before (an IndexedDB hydrate, a screen's pending write) checks the epoch and gives up.
 * - Nothing reactive leaves this class: `getStateJson()` and `snapshot()` hand out JSON strings.
 */
import { HOME_ROUTE, type JsonValue, type PhoneState, type Route } from '../../bridge/protocol/state.ts';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import { APPS, findApp, type TimeEffect } from '../catalog.ts';
import { untrack } from 'svelte';
import { assembleJson, sliceName, sliceNames, sliceVersion, snapshotText, type SliceLayout, type SlicedState, type SnapshotParts } from '../../bridge/protocol/slices.ts';

/**
 * How long a toast stays, in virtual time. Longer than the 2 s a step advances the clock, so the
 * observation right after an action shows its toast; the next touch or step clears it.
 */
export const TOAST_MS = 3000;

export type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

export interface NavState {
  /** `home` or the id of the app in front. */
  foreground: string;
  /** Each opened app's back stack of paths; the last entry is on screen. Kept while the app is in recents. */
  stacks: Record<string, string[]>;
  /** Opened apps, most recent first (the app switcher). */
  recents: string[];
  recentsOpen: boolean;
}

export interface ToastOptions {
  icon?: 'success' | 'none';
  /** Virtual milliseconds the toast stays up (it also goes at the next touch). */
  durationMs?: number;
}

export interface Toast {
  id: number;
  text: string;
  icon: 'success' | 'none';
  /** Virtual time after which it is gone. */
  until: number;
}

/** A heads-up notification (see `Phone.notify`). */
export interface Notice {
  id: number;
  app: string;
  title: string;
  text: string;
  /** The screen tapping it opens, pushed on the app's stack ('' for the app as it was). */
  path: string;
  until: number;
}

/** How long a heads-up notification stays, in virtual ms. */
export const NOTICE_MS = 5000;

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

export interface Dialog extends Required<Omit<ConfirmOptions, 'title'>> {
  id: number;
  title: string;
  resolve: (ok: boolean) => void;
}

export interface MenuItem {
  id: string;
  text: string;
  danger?: boolean;
  /** `data-ui` of the item; default `menu.<id>`. */
  key?: string;
}

export interface Menu {
  id: number;
  items: MenuItem[];
  /** Where the finger was, in phone CSS pixels. */
  x: number;
  y: number;
  resolve: (itemId: string | null) => void;
}

interface SnapshotV1 {
  v: 1;
  state: PhoneState;
  nav: Omit<NavState, 'recentsOpen'> & { recentsOpen?: boolean };
}

export type ChangeKind = 'state' | 'route';

export const RECENTS_ROUTE: Route = { app: 'home', path: '/recents' };

/** `$state.snapshot` without its deep type mapping (too deep for the recursive JSON types). */
function plain<T>(value: T): T {
  return $state.snapshot(value as unknown) as T;
}

/** Slice versions remembered as checked: every slice of a few hundred instances. */
const CHECKED_KEPT = 8192;

const emptyNav = (): NavState => ({ foreground: 'home', stacks: {}, recents: [], recentsOpen: false });

export class Phone {
  #state: PhoneState = $state() as PhoneState;
  #nav: NavState = $state(emptyNav());
  #revision = $state(0);
  #epoch = $state(0);
  #toasts: Toast[] = $state([]);
  #dialog: Dialog | null = $state(null);
  #menu: Menu | null = $state(null);
  #notice: Notice | null = $state(null);
  #listeners = new Set<(kind: ChangeKind) => void>();
  #jsonCache: { revision: number; json: string } | null = null;
  /**
   * Each top-level slice's JSON (`os`, `apps.<id>`), kept until an update touches the slice: a step
   * usually changes the clock and one app, so only those are serialised again (the whole tree of
   * eight apps is ~400 KB; serialising it every step was most of a step's time).
   */
  #slices = new Map<string, { json: string; version: string }>();
  /**
   * App slices of the current state not parsed yet (`apps.<id>` → JSON): a reset or restore to
   * slices this phone checked before parses each only when something first reads it. A reset into
   * 轻聊 reads a few of sixteen apps; parsing all of them (~500 KB) was a third of the reset.
   */
  #unparsed = new Map<string, string>();
  /** The `apps` object `#unparsed` belongs to (a newer state's reads must not clear it). */
  #lazyApps: object | null = null;
  /** Versions of slices known good: checked when they came in, or this phone's own. */
  #checked = new Set<string>();
  #nextOverlayId = 1;
  /** Screens' system-back handlers, oldest first (not state: they live as long as the screens). */
  #backHandlers: (() => boolean)[] = [];

  /** Where the phone is: the launcher, the app switcher, or an app's top screen. */
  readonly route: Route = $derived.by(() => {
    const nav = this.#nav;
    if (nav.recentsOpen) return { ...RECENTS_ROUTE };
    if (nav.foreground === 'home') return { ...HOME_ROUTE };
    const stack = nav.stacks[nav.foreground];
    return { app: nav.foreground, path: stack?.[stack.length - 1] ?? '/' };
  });

  constructor(initial: PhoneState) {
    this.#state = parseState(initial);
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  get state(): DeepReadonly<PhoneState> {
    return this.#state;
  }

  /** Increments on every change of the state tree (not on navigation alone). */
  get revision(): number {
    return this.#revision;
  }

  /** Increments whenever the whole state is replaced (reset, setState, restore). */
  get epoch(): number {
    return this.#epoch;
  }

  get nav(): DeepReadonly<NavState> {
    return this.#nav;
  }

  get now(): number {
    return this.#state.os.time.timestamp;
  }

  get timezone(): string {
    return this.#state.os.time.timezone;
  }

  get toasts(): readonly Toast[] {
    return this.#toasts;
  }

  get dialog(): Dialog | null {
    return this.#dialog;
  }

  get menu(): Menu | null {
    return this.#menu;
  }

  /** A typed view of one app's slice (read-only: change it through `update`). */
  app<T>(id: string): DeepReadonly<T> | undefined {
    return this.#state.apps[id] as DeepReadonly<T> | undefined;
  }

  /**
   * The state tree as a JSON string, cached per revision and assembled from per-slice JSON:
   * byte for byte what `JSON.stringify` of the whole tree gives (same key order).
   */
  getStateJson(): string {
    if (this.#jsonCache?.revision !== this.#revision) {
      const json = untrack(() => {
        const layout = this.#layout();
        return assembleJson(layout, (name) => this.#sliceOf(name).json);
      });
      this.#jsonCache = { revision: this.#revision, json };
    }
    return this.#jsonCache.json;
  }

  /**
   * The state as slices (see bridge/protocol/slices.ts): the JSON of every slice whose version
   * differs from `have`'s, the versions of all.
   */
  getStateSliced(have: Record<string, string> = {}): SlicedState {
    return untrack(() => {
      const layout = this.#layout();
      const json: Record<string, string> = {};
      for (const name of sliceNames(layout)) {
        const slice = this.#sliceOf(name);
        layout.versions[name] = slice.version;
        if (have[name] !== slice.version) json[name] = slice.json;
      }
      return { ...layout, json };
    });
  }

  #layout(): SliceLayout {
    const state = this.#state as unknown as Record<string, unknown>;
    const top = Object.keys(state).filter((k) => state[k] !== undefined);
    const apps = Object.keys(this.#state.apps).filter((id) => this.#unparsed.has(sliceName('apps', id)) || this.#state.apps[id] !== undefined);
    return { top, apps, versions: {} };
  }

  #sliceValue(name: string): unknown {
    const dot = name.indexOf('.');
    return dot < 0 ? (this.#state as unknown as Record<string, unknown>)[name] : this.#state.apps[name.slice(dot + 1)];
  }

  #sliceOf(name: string): { json: string; version: string } {
    let slice = this.#slices.get(name);
    if (slice === undefined) {
      const value = this.#sliceValue(name);
      // Straight through the proxies: $state.snapshot structuredClones every leaf, far slower.
      const json = JSON.stringify(value);
      slice = { json, version: sliceVersion(json) };
      this.#slices.set(name, slice);
      this.#check(slice.version);
    }
    return slice;
  }

  /**
   * The tree `update` hands to mutators: the real one, behind a thin proxy that notes which slices
   * the mutator reaches (`os`, `apps.<id>`; listing or replacing the apps counts as all of them),
   * so their cached JSON is dropped. Reaching a slice counts, reading alone included: cheap and safe.
   */
  #tracked(): PhoneState {
    const dirty = (name: string | null) => (name === null ? this.#slices.clear() : this.#slices.delete(name));
    const root = this.#state as unknown as Record<string | symbol, unknown>;
    const appsProxy = (apps: Record<string | symbol, unknown>) =>
      new Proxy(apps, {
        get: (t, k) => {
          if (typeof k === 'string') dirty(`apps.${k}`);
          return t[k];
        },
        set: (t, k, v) => {
          if (typeof k === 'string') dirty(`apps.${k}`);
          t[k] = v;
          return true;
        },
        deleteProperty: (t, k) => {
          if (typeof k === 'string') dirty(`apps.${k}`);
          return delete t[k];
        },
        ownKeys: (t) => {
          dirty(null);
          return Reflect.ownKeys(t);
        },
      });
    return new Proxy(root, {
      get: (t, k) => {
        if (k === 'apps') {
          const apps = t[k];
          return typeof apps === 'object' && apps !== null ? appsProxy(apps as Record<string | symbol, unknown>) : apps;
        }
        if (typeof k === 'string') dirty(k);
        return t[k];
      },
      set: (t, k, v) => {
        dirty(null);
        t[k] = v;
        return true;
      },
      deleteProperty: (t, k) => {
        dirty(null);
        return delete t[k];
      },
      ownKeys: (t) => {
        dirty(null);
        return Reflect.ownKeys(t);
      },
    }) as unknown as PhoneState;
  }

  onChange(listener: (kind: ChangeKind) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // -------------------------------------------------------------------------------------------
  // Changing the state tree

  /** The one door for app mutators: `fn` changes the tree in place; the revision is bumped after. */
  update<R>(fn: (state: PhoneState) => R): R {
    try {
      return fn(this.#tracked());
    } finally {
      this.#bump();
    }
  }

  /**
   * Moves the virtual clock forward (never backward). Apps that act as time passes (an alarm
   * rings: catalog `timePassed`) do so in the same revision; a full-screen effect brings its app
   * to the front, as an alarm's full-screen alert does on a real phone.
   */
  advanceTime(ms: number): void {
    if (!Number.isFinite(ms) || ms <= 0) return;
    const from = this.#state.os.time.timestamp;
    this.#state.os.time.timestamp += Math.round(ms);
    this.#slices.delete('os');
    const effects = this.#timePassed(from, this.#state.os.time.timestamp);
    this.#bump();
    this.#expireToasts();
    for (const { app, effect } of effects) {
      if (effect.fullScreen) {
        this.#dismissOverlays();
        this.openApp(app);
      }
      this.notify({ app, title: effect.title, text: effect.text, path: effect.path });
    }
  }

  #timePassed(from: number, to: number): { app: string; effect: TimeEffect }[] {
    const out: { app: string; effect: TimeEffect }[] = [];
    for (const app of APPS) {
      const slice = app.timePassed && this.#state.apps[app.id];
      if (!slice) continue;
      // The hook changes the slice only when it returns an object; a quiet step keeps its cached JSON.
      const changed = app.timePassed!(slice, from, to, this.#state.os.time.timezone);
      if (!changed) continue;
      this.#slices.delete(`apps.${app.id}`);
      if (changed.effect) out.push({ app: app.id, effect: changed.effect });
    }
    return out;
  }

  /** Replaces the whole state; navigation starts over at `route` (default: the launcher). */
  reset(stateJson: string | PhoneState, route: Route = HOME_ROUTE): void {
    const next = parseState(stateJson);
    this.#replace(next, navAt(route));
  }

  /** Replaces the whole state but keeps the route and back stacks. */
  setState(stateJson: string | PhoneState): void {
    this.#replace(parseState(stateJson), plain(this.#nav));
  }

  /**
   * `reset` (with a route) or `setState` (without) from slices (see bridge/protocol/slices.ts).
   * A slice not carried in `sliced.json` is the phone's own when it has that version, or comes
   * from `kept` (slices this page saw lately, by version). Returns the names of slices neither carried nor kept, changing nothing then; [] once
   * applied. Carried JSON is checked against its version, so the cache never lies.
   */
  replaceSliced(sliced: SlicedState, kept: (version: string) => string | undefined, route: Route | null): string[] {
    return this.#replaceFromSlices(sliced, kept, () => (route ? navAt(route) : plain(this.#nav)));
  }

  /**
   * Restores a snapshot's state from slices (as `replaceSliced`) with the snapshot's navigation
   * (`nav` as `snapshot()` wrote it); returns the slices neither carried nor kept, changing nothing then.
   */
  restoreSliced(sliced: SlicedState, kept: (version: string) => string | undefined, nav: unknown): string[] {
    if (typeof nav !== 'object' || nav === null) throw new PhonegymError('restore: not a phone snapshot (its navigation is missing); take one with snapshot()', { code: 'invalid_params' });
    return this.#replaceFromSlices(sliced, kept, () => navOfSnapshot(nav as SnapshotV1['nav']));
  }

  #replaceFromSlices(sliced: SlicedState, kept: (version: string) => string | undefined, nav: () => NavState): string[] {
    const json = new Map<string, string>();
    const missing: string[] = [];
    // Slices the phone holds in exactly that version stay as they are (no parse, no re-render).
    const same = new Set<string>();
    const current = new Map([...this.#slices.values()].map((s) => [s.version, s.json]));
    for (const name of sliceNames(sliced)) {
      const version = sliced.versions[name]!;
      const carried = sliced.json[name];
      if (carried !== undefined && sliceVersion(carried) !== version) {
        throw new PhonegymError(`invalid phone state: slice ${name} does not match its version ${version}`, { code: 'invalid_params' });
      }
      if (this.#slices.get(name)?.version === version) {
        same.add(name);
        continue;
      }
      const j = carried ?? current.get(version) ?? kept(version);
      if (j === undefined) missing.push(name);
      else json.set(name, j);
    }
    if (missing.length > 0) return missing;
    // Slices this phone knows to be good and did not get as text just now are parsed when first
    // read (an accessor on the new `apps` object; see #unparsed); the rest at once, and checked.
    const lazy = new Map<string, string>();
    for (const [name, j] of json) if (sliced.json[name] === undefined && name !== 'os' && this.#checked.has(sliced.versions[name]!)) lazy.set(name, j);
    for (const name of same) {
      const j = this.#unparsed.get(name);
      if (j !== undefined) lazy.set(name, j);
    }
    const value = (name: string): unknown => {
      if (same.has(name)) return this.#sliceValue(name);
      try {
        return JSON.parse(json.get(name)!);
      } catch (e) {
        throw new PhonegymError(`the state's slice ${name} is not valid JSON (${(e as Error).message})`, { code: 'invalid_params', cause: e });
      }
    };
    const tree: Record<string, unknown> = {};
    for (const key of sliced.top) {
      if (key !== 'apps') tree[key] = value(key);
      else {
        const apps: Record<string, unknown> = {};
        for (const id of sliced.apps) {
          const name = sliceName('apps', id);
          const j = lazy.get(name);
          if (j === undefined) apps[id] = value(name);
          else this.#defineLazy(apps, id, j);
        }
        tree.apps = apps;
      }
    }
    assertPhoneState(tree, new Set(sliced.apps.filter((id) => !same.has(sliceName('apps', id)) && !lazy.has(sliceName('apps', id)))));
    const unchanged = new Map([...same].map((name) => [name, this.#slices.get(name)!]));
    this.#replace(tree, nav());
    for (const [name, slice] of unchanged) this.#slices.set(name, slice);
    for (const [name, j] of json) {
      this.#slices.set(name, { json: j, version: sliced.versions[name]! });
      this.#check(sliced.versions[name]!);
    }
    this.#lazyApps = lazy.size > 0 ? (tree.apps as object) : null;
    this.#unparsed = lazy;
    return [];
  }

  /**
   * `apps[id]` as an accessor that parses `json` at the first read and becomes the plain value
   * (Svelte's state proxy then tracks it as any other). Writing it before any read replaces it.
   */
  #defineLazy(apps: Record<string, unknown>, id: string, json: string): void {
    const settle = (value: unknown): void => {
      Object.defineProperty(apps, id, { value, writable: true, enumerable: true, configurable: true });
      if (this.#lazyApps === apps) this.#unparsed.delete(sliceName('apps', id));
    };
    Object.defineProperty(apps, id, {
      enumerable: true,
      configurable: true,
      get(this: Record<string, unknown>) {
        settle(JSON.parse(json));
        return this[id]; // through the state proxy when read through it: a tracked, proxied value
      },
      set(value: unknown) {
        settle(value);
      },
    });
  }

  /** Notes a slice version as known good (bounded: the oldest are forgotten first). */
  #check(version: string): void {
    this.#checked.delete(version);
    this.#checked.add(version);
    if (this.#checked.size > CHECKED_KEPT) this.#checked.delete(this.#checked.values().next().value!);
  }

  /**
   * State and navigation as one JSON string; `screen` (JSON-safe) rides along for a whole-phone
   * snapshot (./wholeSnapshot.ts) and is ignored by `restore`.
   */
  snapshot(screen?: unknown): string {
    return snapshotText(this.getStateJson(), JSON.stringify(plain(this.#nav)), screen === undefined ? undefined : JSON.stringify(screen));
  }

  /** `snapshot()` in parts (bridge/protocol/slices.ts): the state as slices, JSON only of those whose version `have` lacks. */
  snapshotParts(screen: unknown, have: Record<string, string>): SnapshotParts {
    return { sliced: this.getStateSliced(have), screenJson: JSON.stringify(screen), navJson: JSON.stringify(plain(this.#nav)) };
  }

  /** Restores a `snapshot()`, given as its JSON text or already parsed. */
  restore(snapshot: string | object): void {
    let snap: SnapshotV1;
    try {
      snap = typeof snapshot === 'string' ? JSON.parse(snapshot) : (snapshot as SnapshotV1);
    } catch (e) {
      throw new PhonegymError('restore: the snapshot is not valid JSON', { code: 'invalid_params', cause: e });
    }
    if (snap?.v !== 1 || typeof snap.nav !== 'object' || snap.nav === null) {
      throw new PhonegymError('restore: not a phone snapshot (expected {v: 1, state, nav}); take one with snapshot()', { code: 'invalid_params' });
    }
    const state = parseState(snap.state);
    const nav = navOfSnapshot(snap.nav);
    this.#replace(state, nav);
  }

  #replace(state: PhoneState, nav: NavState): void {
    const routeBefore = routeKey(this.route);
    this.#dismissOverlays();
    this.#epoch++;
    this.#state = state;
    this.#slices.clear();
    this.#unparsed = new Map();
    this.#lazyApps = null;
    this.#nav = nav;
    this.#bump();
    if (routeKey(this.route) !== routeBefore) this.#emit('route');
  }

  #bump(): void {
    this.#revision++;
    this.#emit('state');
  }

  #emit(kind: ChangeKind): void {
    for (const l of this.#listeners) {
      try {
        l(kind);
      } catch (e) {
        console.error('phone change listener failed', e);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Navigation

  openApp(id: string): void {
    const app = requireApp(id);
    this.#navigate(() => {
      const nav = this.#nav;
      if (!nav.stacks[app.id]) nav.stacks[app.id] = [app.rootPath];
      nav.foreground = app.id;
      nav.recents = [app.id, ...nav.recents.filter((r) => r !== app.id)];
      nav.recentsOpen = false;
    });
  }

  /** Opens a screen of the app in front. */
  push(path: string): void {
    this.#navigate(() => {
      const stack = this.#foregroundStack();
      if (stack[stack.length - 1] !== path) stack.push(path);
    });
  }

  /** Replaces the screen on top of the app in front (e.g. a new chat that just got its id). */
  replace(path: string): void {
    this.#navigate(() => {
      const stack = this.#foregroundStack();
      stack[stack.length - 1] = path;
    });
  }

  /** Replaces the whole stack of the app in front (switching bottom tabs). */
  setStack(paths: string[]): void {
    if (paths.length === 0) throw new PhonegymError('setStack: the stack must not be empty', { code: 'invalid_params' });
    this.#navigate(() => {
      const app = this.#nav.foreground;
      if (app === 'home') throw new PhonegymError('setStack: no app is in front', { code: 'invalid_params' });
      this.#nav.stacks[app] = paths.slice();
    });
  }

  /** System back: closes a menu or dialog, then the app switcher, then pops the app's stack, then goes home. */
  back(): void {
    if (this.#menu) return this.#closeMenu(null);
    if (this.#dialog) return this.#closeDialog(false);
    if (!this.#nav.recentsOpen && this.#nav.foreground !== 'home') {
      for (let i = this.#backHandlers.length - 1; i >= 0; i--) if (this.#backHandlers[i]()) return;
    }
    this.#navigate(() => {
      const nav = this.#nav;
      if (nav.recentsOpen) {
        nav.recentsOpen = false;
        return;
      }
      if (nav.foreground === 'home') return;
      const stack = nav.stacks[nav.foreground];
      if (stack && stack.length > 1) stack.pop();
      else {
        const app = findApp(nav.foreground);
        nav.stacks[nav.foreground] = [app?.rootPath ?? '/'];
        nav.foreground = 'home';
      }
    });
  }

  /**
   * Lets a live screen take the system back before the stack is popped: a sheet closes, a form
   * asks before it discards. The newest handler is asked first; returning true consumes the back.
   * Menus, dialogs and the app switcher still close first. Returns the function that unregisters.
   * Screens use `useBackHandler` (./context.ts), which ties the registration to their lifetime.
   */
  onBack(handler: () => boolean): () => void {
    this.#backHandlers.push(handler);
    return () => {
      const i = this.#backHandlers.lastIndexOf(handler);
      if (i >= 0) this.#backHandlers.splice(i, 1);
    };
  }

  /** System home: the app keeps its stack and comes back where it was. */
  home(): void {
    this.#dismissOverlays();
    this.#navigate(() => {
      this.#nav.foreground = 'home';
      this.#nav.recentsOpen = false;
    });
  }

  /** System recent: opens the app switcher, or closes it when it is open. */
  recent(): void {
    this.#dismissOverlays();
    this.#navigate(() => {
      this.#nav.recentsOpen = !this.#nav.recentsOpen;
    });
  }

  /** Removes an app from the switcher; it starts over when opened again. */
  closeRecent(id: string): void {
    this.#navigate(() => {
      const nav = this.#nav;
      nav.recents = nav.recents.filter((r) => r !== id);
      delete nav.stacks[id];
      if (nav.foreground === id) nav.foreground = 'home';
    });
  }

  clearRecents(): void {
    this.#navigate(() => {
      const nav = this.#nav;
      nav.recents = [];
      nav.stacks = {};
      nav.foreground = 'home';
    });
  }

  #foregroundStack(): string[] {
    const app = this.#nav.foreground;
    const stack = this.#nav.stacks[app];
    if (app === 'home' || !stack) throw new PhonegymError('no app is in front to navigate in', { code: 'invalid_params' });
    return stack;
  }

  #navigate(fn: () => void): void {
    const before = routeKey(this.route);
    fn();
    if (routeKey(this.route) !== before) {
      this.#closeMenu(null);
      this.#toasts = []; // a toast belongs to the screen it was shown on
      this.#notice = null; // a heads-up notification folds away when the screen changes
      this.#emit('route');
    }
  }

  // -------------------------------------------------------------------------------------------
  // OS services: toasts, dialogs, menus (transient: not part of the state or a snapshot)

  /**
   * The toasts and the heads-up notice on screen, as plain data, for a whole-phone snapshot. A
   * dialog or a menu cannot be kept: its answer resumes code in the screen that opened it.
   */
  overlaysSnapshot(): { toasts: Toast[]; notice: Notice | null } {
    if (this.#dialog || this.#menu) {
      throw new PhonegymError(`snapshot: a ${this.#dialog ? 'dialog' : 'menu'} is open on the phone, and what it answers resumes code in the screen that opened it, which a snapshot cannot carry: answer or dismiss it first (tap a button, or key back)`, { code: 'snapshot_unsupported' });
    }
    return { toasts: plain(this.#toasts), notice: plain(this.#notice) };
  }

  /** Shows the overlays `overlaysSnapshot` took (after a restore, which dismissed every overlay). */
  restoreOverlays(o: { toasts: Toast[]; notice: Notice | null }): void {
    this.#toasts = o.toasts.map((t) => ({ ...t }));
    this.#notice = o.notice ? { ...o.notice } : null;
    const ids = [...this.#toasts.map((t) => t.id), this.#notice?.id ?? 0];
    this.#nextOverlayId = Math.max(this.#nextOverlayId, ...ids.map((id) => id + 1));
  }

  toast(text: string, opts: ToastOptions = {}): void {
    const toast: Toast = { id: this.#nextOverlayId++, text, icon: opts.icon ?? 'success', until: this.now + (opts.durationMs ?? TOAST_MS) };
    this.#toasts = [toast];
  }

  /** Removes toasts; with `id`, only that one (a real-time timer in interactive mode uses it). */
  dismissToasts(id?: number): void {
    if (this.#toasts.length === 0) return;
    this.#toasts = id === undefined ? [] : this.#toasts.filter((t) => t.id !== id);
  }

  #expireToasts(): void {
    const now = this.now;
    if (this.#toasts.some((t) => t.until <= now)) this.#toasts = this.#toasts.filter((t) => t.until > now);
    if (this.#notice && this.#notice.until <= now) this.#notice = null;
  }

  /** The heads-up notification on top of the screen, if any. */
  get notice(): Notice | null {
    return this.#notice;
  }

  /** Shows a heads-up notification (a message arriving); it stays NOTICE_MS of virtual time or until opened or swiped away. */
  notify(n: Omit<Notice, 'id' | 'until'>): void {
    this.#notice = { ...n, id: this.#nextOverlayId++, until: this.now + NOTICE_MS };
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  /** Tapping the notification: its app comes to the front on its screen. */
  openNotice(): void {
    const n = this.#notice;
    if (!n) return;
    this.#notice = null;
    this.#dismissOverlays();
    this.openApp(n.app);
    if (n.path) this.push(n.path);
  }

  confirm(opts: ConfirmOptions): Promise<boolean> {
    this.#closeDialog(false);
    return new Promise<boolean>((resolve) => {
      this.#dialog = {
        id: this.#nextOverlayId++,
        title: opts.title ?? '',
        message: opts.message,
        confirmText: opts.confirmText ?? '确定',
        cancelText: opts.cancelText ?? '取消',
        danger: opts.danger ?? false,
        resolve,
      };
    });
  }

  answerDialog(ok: boolean): void {
    this.#closeDialog(ok);
  }

  /** A context menu at (x, y); resolves with the chosen item id, or null when dismissed. */
  openMenu(items: MenuItem[], x: number, y: number): Promise<string | null> {
    this.#closeMenu(null);
    return new Promise((resolve) => {
      this.#menu = { id: this.#nextOverlayId++, items, x, y, resolve };
    });
  }

  chooseMenu(itemId: string | null): void {
    this.#closeMenu(itemId);
  }

  #closeDialog(ok: boolean): void {
    const d = this.#dialog;
    if (!d) return;
    this.#dialog = null;
    d.resolve(ok);
  }

  #closeMenu(itemId: string | null): void {
    const m = this.#menu;
    if (!m) return;
    this.#menu = null;
    m.resolve(itemId);
  }

  #dismissOverlays(): void {
    this.#closeMenu(null);
    this.#closeDialog(false);
    this.#toasts = [];
    this.#notice = null;
  }
}

// ---------------------------------------------------------------------------------------------

function routeKey(r: Route): string {
  return `${r.app}\u0000${r.path}`;
}

function requireApp(id: string) {
  const app = findApp(id);
  if (!app) {
    throw new PhonegymError(`unknown app "${id}" (known: ${APPS.map((a) => a.id).join(', ')})`, { code: 'invalid_params', details: { app: id } });
  }
  return app;
}

/** Navigation starting over at `route`: its app's stack down to that screen, or the launcher. */
/** A snapshot's navigation, kept to apps this build has (a stale stack falls back to the launcher). */
function navOfSnapshot(saved: SnapshotV1['nav']): NavState {
  const nav: NavState = {
    foreground: typeof saved.foreground === 'string' ? saved.foreground : 'home',
    stacks: {},
    recents: [],
    recentsOpen: saved.recentsOpen === true,
  };
  for (const [id, stack] of Object.entries(saved.stacks ?? {})) {
    if (findApp(id) && Array.isArray(stack) && stack.length > 0 && stack.every((p) => typeof p === 'string')) nav.stacks[id] = stack.slice();
  }
  nav.recents = (Array.isArray(saved.recents) ? saved.recents : []).filter((id) => nav.stacks[id] !== undefined);
  if (nav.foreground !== 'home' && !nav.stacks[nav.foreground]) nav.foreground = 'home';
  return nav;
}

function navAt(route: Route): NavState {
  const nav = emptyNav();
  if (route.app !== 'home') {
    const app = requireApp(route.app);
    nav.foreground = app.id;
    nav.stacks[app.id] = app.routeStack(route.path || app.rootPath);
    nav.recents = [app.id];
  }
  return nav;
}

function parseState(input: string | PhoneState): PhoneState {
  let value: unknown;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw new PhonegymError(`the state is not valid JSON (${(e as Error).message})`, { code: 'invalid_params', cause: e });
    }
  } else {
    // Through JSON: the tree is plain JSON from here on (no proxies, no undefined).
    value = JSON.parse(JSON.stringify(input));
  }
  assertPhoneState(value);
  return value;
}

/** Throws a PhonegymError naming the first field the phone cannot work with. */
export function assertPhoneState(value: unknown, appsToCheck?: ReadonlySet<string>): asserts value is PhoneState {
  const fail = (msg: string): never => {
    throw new PhonegymError(`invalid phone state: ${msg}`, { code: 'invalid_params' });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('expected an object { os, apps }');
  const s = value as { os?: { time?: { timestamp?: unknown; timezone?: unknown } }; apps?: unknown };
  if (typeof s.os !== 'object' || s.os === null) fail('os must be an object');
  if (typeof s.os?.time !== 'object' || s.os.time === null || !Number.isFinite(s.os.time.timestamp as number)) fail('os.time.timestamp must be a number (epoch ms)');
  if (typeof s.os?.time?.timezone !== 'string') fail('os.time.timezone must be a string such as "Asia/Shanghai"');
  if (typeof s.apps !== 'object' || s.apps === null || Array.isArray(s.apps)) fail('apps must be an object');
  const apps = s.apps as Record<string, JsonValue>;
  for (const app of APPS) {
    if ((appsToCheck && !appsToCheck.has(app.id)) || apps[app.id] === undefined) continue;
    const problem = app.validate(apps[app.id]);
    if (problem) fail(problem);
  }
}
