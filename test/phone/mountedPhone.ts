/**
 * The phone shell mounted in jsdom for the app tests (`*.svelte.test.ts`): elements found by their
 * `data-ui` key, clicks and typing that flush Svelte at once. Importing it unmounts every phone
 * after each test.
 */
import { flushSync, mount, unmount } from 'svelte';
import { afterEach } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { Phone } from '../../simulator-apps/os/phone.svelte.ts';
import PhoneShell from '../../simulator-apps/os/ui/PhoneShell.svelte';

const mounted: Record<string, unknown>[] = [];
afterEach(() => {
  for (const app of mounted.splice(0)) unmount(app);
  document.body.innerHTML = '';
});

export interface MountedPhone {
  phone: Phone;
  target: HTMLElement;
  /** The element with `key`, or null. */
  query(key: string): HTMLElement | null;
  /** The element with `key`; throws, naming the route, when it is not on screen. */
  ui(key: string): HTMLElement;
  has(key: string): boolean;
  /** Every element whose key starts with `prefix`. */
  all(prefix: string): HTMLElement[];
  /** An app's slice as the phone would send it. */
  slice<T>(app: string): T;
}

export function mountPhone(state: PhoneState): MountedPhone {
  const phone = new Phone(state);
  const target = document.createElement('div');
  document.body.append(target);
  mounted.push(mount(PhoneShell, { target, props: { phone } }));
  flushSync();
  const query = (key: string) => target.querySelector<HTMLElement>(`[data-ui="${key}"]`);
  return {
    phone,
    target,
    query,
    ui(key) {
      const el = query(key);
      if (!el) throw new Error(`no element with data-ui="${key}" on ${JSON.stringify(phone.route)}`);
      return el;
    },
    has: (key) => query(key) !== null,
    all: (prefix) => Array.from(target.querySelectorAll<HTMLElement>(`[data-ui^="${prefix}"]`)),
    slice: <T>(app: string) => JSON.parse(phone.getStateJson()).apps[app] as T,
  };
}

export function click(el: HTMLElement): void {
  el.click();
  flushSync();
}

/** Sets an input's value and fires the input event, as typing does. */
export function type(input: HTMLElement, text: string): void {
  const el = input as HTMLInputElement;
  el.value = text;
  el.dispatchEvent(new InputEvent('input', { bubbles: true }));
  flushSync();
}
