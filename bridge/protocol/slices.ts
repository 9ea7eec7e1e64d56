/**
 * The state tree moved in slices: `os`, each `apps.<id>`, and any other top-level key, each a
 * JSON string named by a content hash. Chromium moves a WebSocket message at roughly 0.15 ms per
 * KB on the reference machine, so shipping the ~400 KB tree of eight apps on every step cost more
 * than everything else a step does; a step usually changes the clock and one app.
 *
 * - Reading (getState, observe, settle with observe): the bridge says which version of each
 *   slice it holds (`have`); the page sends the JSON of the others only (`SlicedState.json`).
 * - Writing (reset, setState): the bridge sends versions and the JSON of slices the page may
 *   lack; the page keeps recent slices by version and answers `missing` for any it no longer has,
 *   and the bridge sends those again.
 *
 * The whole string is assembled in key order, so it is byte for byte `JSON.stringify` of the tree.
 * Both sides hash with `sliceVersion`, so a slice the page computed and one the bridge split out
 * of a state file carry the same name when their JSON is the same.
 */

/**
 * How much slice JSON a page keeps for resets (characters): about eight whole states of sixteen
 * apps, so a run's (or a trainer's) resets to the same few instances never send them again. The bridge's record of what a
 * page has uses the same bound, so the two forget at about the same time (a miss costs a resend).
 */
export const KEPT_SLICE_CHARS = 4_000_000;

/** Which slices make up a state, in key order, with the version of each. */
export interface SliceLayout {
  /** Top-level keys in order; `apps` stands for the app slices, in `apps` order. */
  top: string[];
  apps: string[];
  /** Version of each slice by name (`os`, `apps.chat`). */
  versions: Record<string, string>;
}

export interface SlicedState extends SliceLayout {
  /** JSON of the slices the receiver lacks, by name. */
  json: Record<string, string>;
}

/**
 * A whole-phone snapshot (simulator-apps/os/wholeSnapshot.ts) in parts, as it crosses the socket:
 * the state as slices (so a snapshot, a restore and the read after a restore move only slices the
 * other side lacks), the screen and the navigation as JSON text. `snapshotText` puts the parts
 * back into the one string `snapshot()` is.
 */
export interface SnapshotParts {
  sliced: SlicedState;
  /** Absent for a bare state-and-navigation snapshot. */
  screenJson?: string;
  navJson: string;
}

/** The snapshot string: `{"v":1,"screen":…,"state":…,"nav":…}`, byte for byte what the page writes. */
export function snapshotText(stateJson: string, navJson: string, screenJson?: string): string {
  return `{"v":1,${screenJson === undefined ? '' : `"screen":${screenJson},`}"state":${stateJson},"nav":${navJson}}`;
}

/** A snapshot string's parts (its state split into slices); null when it is not one to split (the page then refuses it with the reason). */
export function snapshotPartsOf(text: string): { layout: SliceLayout; json: Record<string, string>; screenJson?: string; navJson: string } | null {
  let snap: unknown;
  try {
    snap = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof snap !== 'object' || snap === null) return null;
  const { v, state, nav, screen } = snap as Record<string, unknown>;
  if (v !== 1 || typeof state !== 'object' || state === null || Array.isArray(state) || typeof nav !== 'object' || nav === null) return null;
  try {
    const split = splitTree(state as Record<string, unknown>);
    return { ...split, navJson: JSON.stringify(nav), ...(screen === undefined ? {} : { screenJson: JSON.stringify(screen) }) };
  } catch {
    return null;
  }
}

export const sliceName = (top: string, app?: string): string => (app === undefined ? top : `${top}.${app}`);

/** Every slice name of a layout, in order. */
export function sliceNames(layout: Pick<SliceLayout, 'top' | 'apps'>): string[] {
  const names: string[] = [];
  for (const key of layout.top) {
    if (key === 'apps') for (const id of layout.apps) names.push(sliceName('apps', id));
    else names.push(key);
  }
  return names;
}

/**
 * The whole tree's JSON from its slices (what `JSON.stringify(tree)` gives). Built by `+`, not
 * `join`: V8 then keeps a rope and copies once, when the string is read (join copies every slice
 * right away, ~5 ms for 400 KB of mostly two-byte text).
 */
export function assembleJson(layout: Pick<SliceLayout, 'top' | 'apps'>, json: (name: string) => string): string {
  let out = '{';
  layout.top.forEach((key, i) => {
    if (i > 0) out += ',';
    if (key === 'apps') {
      out += '"apps":{';
      layout.apps.forEach((id, j) => {
        if (j > 0) out += ',';
        out += JSON.stringify(id) + ':' + json(sliceName('apps', id));
      });
      out += '}';
    } else out += JSON.stringify(key) + ':' + json(key);
  });
  return out + '}';
}

/**
 * The tree of a layout whose slices are parsed when first read: each top-level key, and each app
 * under `apps`, is an accessor that parses its slice's JSON once and then holds the value (a
 * plain, writable property from then on, in its place in key order). A step's change record, the
 * oracle and the judge read a few slices of a ~0.5 MB tree; parsing all of it on every step was a
 * third of the bridge's work in `verify`. What it reads equals `JSON.parse` of the whole JSON:
 * the same keys in the same order, the same values (JSON.stringify, structuredClone and spreads
 * read through the accessors).
 */
export function lazyTree(layout: Pick<SliceLayout, 'top' | 'apps'> & { versions?: Record<string, string> }, json: Record<string, string>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  const lazy = (holder: Record<string, unknown>, key: string, name: string) => {
    const settle = (value: unknown) => Object.defineProperty(holder, key, { value, enumerable: true, configurable: true, writable: true });
    const get = () => {
      const value = JSON.parse(json[name]!) as unknown;
      settle(value);
      return value;
    };
    unread.set(get, { json: json[name]!, version: layout.versions?.[name] });
    Object.defineProperty(holder, key, { enumerable: true, configurable: true, get, set: settle });
  };
  for (const key of layout.top) {
    if (key !== 'apps') {
      lazy(tree, key, key);
      continue;
    }
    const apps: Record<string, unknown> = {};
    for (const id of layout.apps) lazy(apps, id, sliceName('apps', id));
    tree.apps = apps;
  }
  return tree;
}

/** A lazy tree's slices not read yet, by their getter: their JSON (and version) is still the tree's. */
const unread = new WeakMap<() => unknown, { json: string; version: string | undefined }>();

/** The JSON of a slice of a lazy tree not read yet (so not changed), or undefined. */
function unreadSlice(holder: Record<string, unknown>, key: string): { json: string; version: string | undefined } | undefined {
  const get = Object.getOwnPropertyDescriptor(holder, key)?.get;
  return get ? unread.get(get) : undefined;
}

/**
 * Splits a parsed tree into its slices' JSON (values `JSON.stringify` would drop are dropped). A
 * slice of a lazy tree that nobody read is taken as it came, not parsed and written again.
 */
export function splitTree(tree: Record<string, unknown>): { layout: SliceLayout; json: Record<string, string> } {
  const top: string[] = [];
  const apps: string[] = [];
  const versions: Record<string, string> = {};
  const json: Record<string, string> = {};
  const put = (name: string, value: unknown) => {
    const s = JSON.stringify(value);
    json[name] = s;
    versions[name] = sliceVersion(s);
  };
  /** Whether slice `name` (`holder[key]`) was taken unread. */
  const taken = (holder: Record<string, unknown>, key: string, name: string): boolean => {
    const u = unreadSlice(holder, key);
    if (!u) return false;
    json[name] = u.json;
    versions[name] = u.version ?? sliceVersion(u.json);
    return true;
  };
  for (const key of Object.keys(tree)) {
    if (key !== 'apps' && taken(tree, key, key)) {
      top.push(key);
      continue;
    }
    const value = tree[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    top.push(key);
    if (key === 'apps' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const id of Object.keys(value)) {
        const name = sliceName('apps', id);
        if (taken(value as Record<string, unknown>, id, name)) {
          apps.push(id);
          continue;
        }
        const app = (value as Record<string, unknown>)[id];
        if (app === undefined || typeof app === 'function' || typeof app === 'symbol') continue;
        apps.push(id);
        put(name, app);
      }
    } else if (key === 'apps') {
      throw new TypeError('the state\'s "apps" must be an object');
    } else put(key, value);
  }
  return { layout: { top, apps, versions }, json };
}

/** A state string's slices, as `splitTree` gives them. */
export type TreeSplit = ReturnType<typeof splitTree>;

/** The splits `stateJsonOf` made lately, by the string it returned. */
const knownSplits = new Map<string, TreeSplit>();
const KNOWN_SPLITS = 8;

/**
 * `JSON.stringify(tree)`, made from its slices, which are kept by the string: the bridge's reset
 * to it (`knownSplit`) then sends them without parsing the ~0.5 MB string again to split it.
 */
export function stateJsonOf(tree: Record<string, unknown>): string {
  const split = splitTree(tree);
  const json = assembleJson(split.layout, (n) => split.json[n]!);
  knownSplits.delete(json);
  knownSplits.set(json, split);
  if (knownSplits.size > KNOWN_SPLITS) knownSplits.delete(knownSplits.keys().next().value!);
  return json;
}

/** The slices of a string `stateJsonOf` made lately, or undefined. */
export function knownSplit(json: string): TreeSplit | undefined {
  return knownSplits.get(json);
}

/**
 * A slice's version: its length and a 64-bit FNV-1a hash (two 32-bit lanes) of its UTF-16 code
 * units, in base 36. The same on both sides of the socket; ~1 ms for 400 KB.
 */
export function sliceVersion(json: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return `${json.length.toString(36)}-${(a >>> 0).toString(36)}-${(b >>> 0).toString(36)}`;
}

/** Checks the shape of a `SlicedState` from the other side of the socket; a message on failure. */
export function slicedProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'sliced state must be an object';
  const s = v as Partial<SlicedState>;
  const strings = (x: unknown) => Array.isArray(x) && x.every((e) => typeof e === 'string');
  const record = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((e) => typeof e === 'string');
  if (!strings(s.top) || !strings(s.apps)) return 'sliced state needs top and apps as string arrays';
  if (!record(s.versions) || !record(s.json)) return 'sliced state needs versions and json as records of strings';
  for (const name of sliceNames(s as SliceLayout)) if (typeof s.versions![name] !== 'string') return `sliced state has no version for ${name}`;
  return null;
}

/**
 * Recently seen slices by version, bounded by total characters: the page's store for resets,
 * the bridge's record of what the page was sent or told.
 */
export class SliceStore {
  #byVersion = new Map<string, string>();
  #sizes = new Map<string, number>();
  #chars = 0;
  /** `keepJson: false` remembers versions only (the bridge's record of what the page has). */
  constructor(
    readonly maxChars: number,
    private readonly keepJson = true,
  ) {}

  get(version: string): string | undefined {
    const json = this.#byVersion.get(version);
    if (json !== undefined) {
      // Most recently used last.
      this.#byVersion.delete(version);
      this.#byVersion.set(version, json);
    }
    return json;
  }

  has(version: string): boolean {
    return this.#byVersion.has(version);
  }

  put(version: string, json: string): void {
    if (this.#byVersion.has(version)) {
      this.get(version);
      return;
    }
    this.#byVersion.set(version, this.keepJson ? json : '');
    this.#sizes.set(version, json.length);
    this.#chars += json.length;
    for (const v of this.#byVersion.keys()) {
      if (this.#chars <= this.maxChars || this.#byVersion.size <= 1) break;
      this.#byVersion.delete(v);
      this.#chars -= this.#sizes.get(v)!;
      this.#sizes.delete(v);
    }
  }

  clear(): void {
    this.#byVersion.clear();
    this.#sizes.clear();
    this.#chars = 0;
  }
}
