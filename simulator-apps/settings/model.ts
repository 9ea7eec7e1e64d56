/**
 * The settings actions: each applies a rule from ./logic.ts through `phone.update`. A refused
 * change (a wrong Wi-Fi password, a blank device name) never calls `update`, so the state and
 * its revision stay exactly as they were; a change to the value already set is skipped too.
 */
import { AppModel } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { readLook } from '../os/look.ts';
import * as rules from './logic.ts';
import type { SettingsState } from './types.ts';

export const SETTINGS_APP_ID = 'settings';

/** The sections with plain fields the screens set directly (switches, pickers, sliders). */
/**
 * Unsaved text (the device-name editor) by phone epoch: it survives leaving the app and coming
 * back, and a replaced state (a new episode) never sees the old one.
 */
const drafts = new Map<string, string>();

type Section = 'mobile' | 'display' | 'sound' | 'notifications' | 'dnd' | 'battery' | 'dateTime';

export class SettingsModel extends AppModel<SettingsState> {
  constructor(phone: Phone) {
    super(phone, SETTINGS_APP_ID);
  }

  /** The app draws its dark theme: 深色模式 is on, or the variant's look is dark (../os/look.ts). */
  get dark(): boolean {
    return this.data?.display.darkMode === true || readLook(this.phone.state.os)?.dark === true;
  }

  get os(): rules.OsSlice {
    return this.phone.state.os as unknown as rules.OsSlice;
  }

  #mutate<R>(fn: (s: SettingsState, os: rules.OsSlice) => R): R {
    return this.phone.update((state) => fn(state.apps[SETTINGS_APP_ID] as unknown as SettingsState, state.os as unknown as rules.OsSlice));
  }

  /** A dry run on copies, so a refusal never touches the state. */
  #dryRun<R>(fn: (s: SettingsState, os: rules.OsSlice) => R): R {
    return fn(JSON.parse(JSON.stringify(this.data)) as SettingsState, JSON.parse(JSON.stringify(this.os)) as rules.OsSlice);
  }

  draft(name: string): string | undefined {
    return drafts.get(`${this.phone.epoch}:${name}`);
  }

  setDraft(name: string, text: string | null): void {
    if (text === null) drafts.delete(`${this.phone.epoch}:${name}`);
    else drafts.set(`${this.phone.epoch}:${name}`, text);
  }

  set<S extends Section, K extends keyof SettingsState[S]>(section: S, key: K, value: SettingsState[S][K]): void {
    const current = (this.data?.[section] as SettingsState[S] | undefined)?.[key];
    if (current === value) return;
    this.#mutate((s) => {
      s[section][key] = value;
    });
  }

  setAppNotifications(appId: string, on: boolean): void {
    if ((this.data?.notifications.apps[appId] ?? true) === on) return;
    this.#mutate((s) => {
      s.notifications.apps[appId] = on;
    });
  }

  setBrightness(value: number): void {
    this.set('display', 'brightness', rules.clampPercent(value));
  }

  setVolume(key: 'ringVolume' | 'mediaVolume' | 'alarmVolume', value: number): void {
    this.set('sound', key, rules.clampPercent(value));
  }

  // Wi-Fi -------------------------------------------------------------------------------------

  setWifiEnabled(on: boolean): void {
    const wifi = this.os.wifi;
    if (rules.wifiEnabled(this.os) === on && (on || !wifi?.ssid)) return;
    this.#mutate((s, os) => rules.setWifiEnabled(s, os, on));
  }

  connectWifi(networkId: string, password = ''): rules.WifiRefusal | null {
    const refusal = this.#dryRun((s, os) => rules.connectWifi(s, os, networkId, password));
    if (refusal) return refusal;
    const n = this.data && rules.networkById(this.data.wifi.networks, networkId);
    if (n && n.saved && rules.connectedSsid(this.os) === n.ssid) return null;
    return this.#mutate((s, os) => rules.connectWifi(s, os, networkId, password));
  }

  forgetWifi(networkId: string): boolean {
    if (!this.#dryRun((s, os) => rules.forgetWifi(s, os, networkId))) return false;
    return this.#mutate((s, os) => rules.forgetWifi(s, os, networkId));
  }

  setAutoConnect(networkId: string, on: boolean): void {
    const n = this.data && rules.networkById(this.data.wifi.networks, networkId);
    if (!n || !n.saved || n.autoConnect === on) return;
    this.#mutate((s) => rules.setAutoConnect(s, networkId, on));
  }

  // Bluetooth ---------------------------------------------------------------------------------

  setBluetoothEnabled(on: boolean): void {
    if (this.data?.bluetooth.enabled === on) return;
    this.#mutate((s) => rules.setBluetoothEnabled(s, on));
  }

  connectDevice(id: string): rules.BtRefusal | null {
    const refusal = this.#dryRun((s) => rules.connectDevice(s, id));
    if (refusal) return refusal;
    return this.#mutate((s) => rules.connectDevice(s, id));
  }

  disconnectDevice(id: string): rules.BtRefusal | null {
    const refusal = this.#dryRun((s) => rules.disconnectDevice(s, id));
    if (refusal) return refusal;
    return this.#mutate((s) => rules.disconnectDevice(s, id));
  }

  unpairDevice(id: string): rules.BtRefusal | null {
    const refusal = this.#dryRun((s) => rules.unpairDevice(s, id));
    if (refusal) return refusal;
    return this.#mutate((s) => rules.unpairDevice(s, id));
  }

  renameDevice(id: string, name: string): boolean {
    if (!this.#dryRun((s) => rules.renameDevice(s, id, name))) return false;
    return this.#mutate((s) => rules.renameDevice(s, id, name));
  }

  // 关于手机 ------------------------------------------------------------------------------------

  setDeviceName(name: string): boolean {
    const clean = rules.cleanName(name);
    if (clean === null) return false;
    if (this.os.device?.name === clean) return true;
    return this.#mutate((_s, os) => rules.setDeviceName(os, clean));
  }
}
