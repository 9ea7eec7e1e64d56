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
