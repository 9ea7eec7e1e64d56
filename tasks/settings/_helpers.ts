/**
 * Shared pieces of the settings suite: typed access to the settings slice and `os.wifi`,
 * samplers, and oracle navigation (taps on `data-ui` keys only). Files starting with `_` are
 * not tasks.
 */
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { BtDevice, SettingsState, WifiNetwork } from '../../simulator-apps/settings/types.ts';
import { LOOK_ALIKE_SSID } from '../../simulator-apps/settings/data.ts';
import { scrollAndTap, setSwitch } from '../_shared/ui.ts';
import { pickOrNull } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';

export { LOOK_ALIKE_SSID, setSwitch };

export function settingsOf(state: PhoneState): SettingsState {
  return state.apps.settings as unknown as SettingsState;
}

export function wifiOf(state: PhoneState): { enabled: boolean; ssid: string } {
  return state.os.wifi as unknown as { enabled: boolean; ssid: string };
}

export function networkBySsid(state: PhoneState, ssid: string): WifiNetwork | undefined {
  return settingsOf(state).wifi.networks.find((n) => n.ssid === ssid);
}

export function networkById(state: PhoneState, id: string): WifiNetwork | undefined {
  return settingsOf(state).wifi.networks.find((n) => n.id === id);
}

/** A network satisfying `where`, as `{ networkId, ssid, password }`. */
export function pickNetwork(state: PhoneState, rng: Rng, where: (n: WifiNetwork, state: PhoneState) => boolean): { networkId: string; ssid: string; password: string } | null {
  const n = pickOrNull(rng, settingsOf(state).wifi.networks.filter((x) => where(x, state)));
  return n && { networkId: n.id, ssid: n.ssid, password: n.password };
}

/** The `_net` parameter: one network satisfying `where`, spread into networkId, ssid and (`withPassword`) its password. */
export function networkParam(where: (n: WifiNetwork, state: PhoneState) => boolean, withPassword: boolean): Record<string, ParamSpec> {
  return spreadParam('_net', withPassword ? ['networkId', 'ssid', 'password'] : ['networkId', 'ssid'], (state, rng) => pickNetwork(state, rng, where));
}

/** WLAN → a network's ⓘ: its detail page (分享密码, 删除网络). */
export async function openNetworkInfo(ui: OracleUi, networkId: string): Promise<void> {
  await openEntry(ui, 'wlan');
  await scrollAndTap(ui, `settings.wlan.info.${networkId}`, 'settings.wlan.list');
}

export function pairedDevices(state: PhoneState): BtDevice[] {
  return settingsOf(state).bluetooth.devices.filter((d) => d.paired);
}

// --- oracle navigation ------------------------------------------------------------------------

/** From anywhere, to the settings main list. */
export async function openSettingsHome(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'settings') {
    if (ui.find('app.settings')) await ui.tap('app.settings');
    else await ui.openApp('settings');
  }
  // A real phone's route is the activity in front (`.MainActivity`), not the app's own path: there the main list's own element tells.
  const atMain = () => (ui.route.path.startsWith('/') ? ui.route.path === '/' : ui.find('settings.main') !== undefined);
  for (let i = 0; i < 8 && !atMain(); i++) await ui.back();
  if (!atMain()) throw new Error(`could not get back to the settings main list (route ${ui.route.path})`);
}

export type Entry = 'wlan' | 'bluetooth' | 'mobile' | 'display' | 'sound' | 'notifications' | 'dnd' | 'battery' | 'apps' | 'datetime' | 'language' | 'about';

/** 设置 → one section of the main list. */
export async function openEntry(ui: OracleUi, entry: Entry): Promise<void> {
  await openSettingsHome(ui);
  await scrollAndTap(ui, `settings.entry.${entry}`, 'settings.main');
}


/** WLAN → scroll to a network and tap it. */
export async function tapNetwork(ui: OracleUi, networkId: string): Promise<void> {
  await openEntry(ui, 'wlan');
  await scrollAndTap(ui, `settings.wlan.net.${networkId}`, 'settings.wlan.list');
}

/** WLAN → a secured network → its password → 连接. */
export async function connectWithPassword(ui: OracleUi, networkId: string, password: string): Promise<void> {
  await tapNetwork(ui, networkId);
  if (!ui.route.path.endsWith('/connect')) throw new Error(`no password screen for ${networkId} (route ${ui.route.path})`);
  await ui.type('settings.wlan.password', password);
  await ui.tap('settings.wlan.connect');
}

/** The value a row shows after its title (`手机型号 PhoneGym P1` → `PhoneGym P1`), checked against the state's value. */
export function rowShows(ui: OracleUi, key: string, value: string): string {
  const node = ui.find(key);
  if (!node || !node.text.includes(value)) throw new Error(`${key} does not show "${value}" (it shows "${node?.text ?? 'nothing'}")`);
  return value;
}
