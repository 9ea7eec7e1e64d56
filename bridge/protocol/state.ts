/**
 * The phone's state contract. Everything the judge sees is one plain JSON tree:
 * no Map, Set, Date, undefined or class instances. Records in arrays carry a
 * stable string `id` (never a bare number) so the diff can pair them.
 */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface OsState {
  /** Virtual clock: epoch milliseconds. Drives the status bar and every timestamp the apps write. */
  time: { timestamp: number; timezone: string };
  [key: string]: JsonValue;
}

export interface PhoneState {
  os: OsState;
  apps: { [app: string]: JsonObject };
}

/** Where the phone is: `app` is an app id or `home` (the launcher); `path` is the app's own screen path. */
export interface Route {
  app: string;
  path: string;
}

export const HOME_ROUTE: Route = { app: 'home', path: '/' };

/**
 * How a task's episode starts on a phone without a state tree (a real phone): its start cannot be
 * written, only reached. `app`: the package opened fresh (force-stopped, then launched); `deepLink`:
 * a URL the phone opens with `am start -a android.intent.action.VIEW -d URL`.
 */
export type PhoneStart = { app: string } | { deepLink: string };

/** One visible element of the UI tree, in CSS pixels of the phone viewport (360x800). */
export interface UiNode {
  /** Index in this tree (stable only within one observation). */
  index: number;
  /** ARIA-like role: button, link, textbox, checkbox, switch, tab, listitem, image, text, heading, dialog, ... */
  role: string;
  /** Visible text, or the accessible label when the element shows no text. */
  text: string;
  /** Stable handle an app puts on important elements (`data-ui`), e.g. `chat.send`. Oracles use it; agents may. */
  key?: string;
  bounds: { x: number; y: number; w: number; h: number };
  checked?: boolean;
  selected?: boolean;
  disabled?: boolean;
  focused?: boolean;
  editable?: boolean;
  /** Current value of an editable element. */
  value?: string;
  /** Depth in the visible tree (0 = top level), for indentation when printed. */
  depth: number;
}

export const VIEWPORT = { width: 360, height: 800 } as const;
