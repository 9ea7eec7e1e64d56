/**
 * Oracle moves every app's screens share (taps on `data-ui` keys only), for the suites' helpers,
 * tasks and stray changes.
 */
import type { OracleUi } from '../../bridge/tasks/types.ts';

/** Sets a switch on the current screen to `on` (taps only when it is not already so). */
export async function setSwitch(ui: OracleUi, key: string, on: boolean, missing = `no switch ${key} on screen`): Promise<void> {
  const node = ui.find(key);
  if (!node) throw new Error(missing);
  if (Boolean(node.checked) !== on) await ui.tap(key);
}

/** Scrolls `within` (a list, a long page) until `key` is on screen, then taps it. */
export async function scrollAndTap(ui: OracleUi, key: string, within: string): Promise<void> {
  await ui.scrollTo(key, { within });
  await ui.tap(key);
}
