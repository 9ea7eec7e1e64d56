/**
 * The settings rules as pure functions over plain JSON (no Svelte, no DOM). Mutators change the
 * objects they are given in place and are called by `SettingsModel` inside `phone.update`; a
 * refused change returns its reason and touches nothing. `os.wifi` ({enabled, ssid}) and
 * `os.device.name` are the OS's; the Wi-Fi and 关于手机 rules keep them in sync with this slice.
 */
import { AUTO_LOCK, CALL_PERMISSIONS, FONT_SIZES, type AutoLock, type BtDevice, type CallPermission, type FontSize, type SettingsState, type WifiNetwork } from './types.ts';

/** The parts of `state.os` the settings app reads and writes. */
export interface OsSlice {
  wifi?: { enabled?: boolean; ssid?: string };
  device?: { name?: string; model?: string };
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// Wi-Fi

export function wifiEnabled(os: OsSlice): boolean {
  return os.wifi?.enabled !== false;
}

/** The SSID the phone is connected to, or '' (Wi-Fi off counts as not connected). */
export function connectedSsid(os: OsSlice): string {
  return wifiEnabled(os) && typeof os.wifi?.ssid === 'string' ? os.wifi.ssid : '';
}

export function networkById<N extends WifiNetwork>(networks: readonly N[], id: string): N | undefined {
  return networks.find((n) => n.id === id);
}

/** The list as the WLAN screen shows it: connected first, then saved, then the rest, stronger first. */
export function sortedNetworks<N extends WifiNetwork>(networks: readonly N[], connected: string): N[] {
  const rank = (n: N): number => (n.ssid === connected ? 0 : n.saved ? 1 : 2);
  return networks.slice().sort((a, b) => rank(a) - rank(b) || b.signal - a.signal || (a.ssid < b.ssid ? -1 : 1));
}

export type WifiRefusal = 'off' | 'missing' | 'password';

export const WIFI_REFUSAL_TEXT: Record<WifiRefusal, string> = {
  off: '请先开启WLAN',
  missing: '找不到该网络',
  password: '密码错误，请重新输入',
};

/** Whether connecting needs a password typed now (secured and not saved). */
export function needsPassword(n: Pick<WifiNetwork, 'security' | 'saved'>): boolean {
  return n.security !== 'open' && !n.saved;
}

function ensureWifi(os: OsSlice): { enabled?: boolean; ssid?: string } {
  if (typeof os.wifi !== 'object' || os.wifi === null) os.wifi = { enabled: true, ssid: '' };
  return os.wifi;
}

/**
 * Connects to a network: saved and open ones need no password; a secured unsaved one needs its
 * password, and a wrong one is refused. On success the network is saved and `os.wifi.ssid` set.
 */
export function connectWifi(s: SettingsState, os: OsSlice, networkId: string, password = ''): WifiRefusal | null {
  if (!wifiEnabled(os)) return 'off';
  const n = networkById(s.wifi.networks, networkId);
  if (!n) return 'missing';
  if (needsPassword(n) && password !== n.password) return 'password';
  const wifi = ensureWifi(os);
  wifi.enabled = true;
  wifi.ssid = n.ssid;
  if (!n.saved) {
    n.saved = true;
    n.autoConnect = true;
  }
  return null;
}

/** 删除网络: forgets a saved network; forgetting the connected one disconnects. */
export function forgetWifi(s: SettingsState, os: OsSlice, networkId: string): boolean {
  const n = networkById(s.wifi.networks, networkId);
  if (!n || !n.saved) return false;
  n.saved = false;
  n.autoConnect = true;
  if (connectedSsid(os) === n.ssid) ensureWifi(os).ssid = '';
  return true;
}

/** The saved network turning Wi-Fi on joins: the strongest saved one with 自动连接 on. */
export function autoJoinTarget<N extends WifiNetwork>(networks: readonly N[]): N | undefined {
  return sortedNetworks(
    networks.filter((n) => n.saved && n.autoConnect),
    '',
  )[0];
}

/** The WLAN switch: off forgets the connection (`ssid: ''`); on joins the best saved network. */
export function setWifiEnabled(s: SettingsState, os: OsSlice, on: boolean): void {
  const wifi = ensureWifi(os);
  if (wifiEnabled(os) === on && (on || wifi.ssid === '')) return;
  wifi.enabled = on;
  wifi.ssid = on ? (autoJoinTarget(s.wifi.networks)?.ssid ?? '') : '';
}

export function setAutoConnect(s: SettingsState, networkId: string, on: boolean): boolean {
  const n = networkById(s.wifi.networks, networkId);
  if (!n || !n.saved) return false;
  n.autoConnect = on;
  return true;
}

/** The text a Wi-Fi share QR code encodes (the common `WIFI:` format). */
export function wifiShareText(n: Pick<WifiNetwork, 'ssid' | 'security' | 'password'>): string {
  return n.security === 'open' ? `WIFI:T:nopass;S:${n.ssid};;` : `WIFI:T:WPA;S:${n.ssid};P:${n.password};;`;
}

export const SECURITY_LABELS: Record<WifiNetwork['security'], string> = { open: '开放', WPA2: 'WPA2-Personal', WPA3: 'WPA3-Personal' };

// ---------------------------------------------------------------------------------------------
// Bluetooth

export function deviceById<D extends BtDevice>(devices: readonly D[], id: string): D | undefined {
  return devices.find((d) => d.id === id);
}

/** Connected devices as the status bar and the list see them (none while Bluetooth is off). */
export function connectedDevices<D extends BtDevice>(s: { enabled: boolean; devices: readonly D[] }): D[] {
  return s.enabled ? s.devices.filter((d) => d.paired && d.connected) : [];
}

export function setBluetoothEnabled(s: SettingsState, on: boolean): void {
  s.bluetooth.enabled = on;
}

export type BtRefusal = 'off' | 'missing' | 'unpaired';

/** Connects a paired device, or pairs (and connects) an available one. */
export function connectDevice(s: SettingsState, id: string): BtRefusal | null {
  if (!s.bluetooth.enabled) return 'off';
  const d = deviceById(s.bluetooth.devices, id);
  if (!d) return 'missing';
  d.paired = true;
  d.connected = true;
  return null;
}

export function disconnectDevice(s: SettingsState, id: string): BtRefusal | null {
  const d = deviceById(s.bluetooth.devices, id);
  if (!d) return 'missing';
  if (!d.paired) return 'unpaired';
  d.connected = false;
  return null;
}

/** 取消配对: the device moves to the available list. */
export function unpairDevice(s: SettingsState, id: string): BtRefusal | null {
  const d = deviceById(s.bluetooth.devices, id);
  if (!d) return 'missing';
  if (!d.paired) return 'unpaired';
  d.paired = false;
  d.connected = false;
  return null;
}

/** A device name or 设备名称: trimmed, 1-20 characters; null when not acceptable. */
export function cleanName(name: string): string | null {
  const t = name.trim().replace(/\s+/g, ' ');
  return t.length >= 1 && [...t].length <= 20 ? t : null;
}

export function renameDevice(s: SettingsState, id: string, name: string): boolean {
  const d = deviceById(s.bluetooth.devices, id);
  const clean = cleanName(name);
  if (!d || !d.paired || clean === null) return false;
  d.name = clean;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Display, sound, 勿扰, battery, date

export const BRIGHTNESS_MAX = 100;

/** Any number → an integer percentage in 0-100. */
export function clampPercent(v: number): number {
  return Number.isFinite(v) ? Math.max(0, Math.min(100, Math.round(v))) : 0;
}

export function isFontSize(v: unknown): v is FontSize {
  return (FONT_SIZES as readonly unknown[]).includes(v);
}

export function isAutoLock(v: unknown): v is AutoLock {
  return (AUTO_LOCK as readonly unknown[]).includes(v);
}

export function isCallPermission(v: unknown): v is CallPermission {
  return (CALL_PERMISSIONS as readonly unknown[]).includes(v);
}

export function isClockTime(v: unknown): v is string {
  return typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
}

/** `22:30`–`07:00` → `22:30 - 次日07:00`. */
export function scheduleLabel(start: string, end: string): string {
  return end <= start ? `${start} - 次日${end}` : `${start} - ${end}`;
}

/** 设备名称 (`os.device.name`). */
export function setDeviceName(os: OsSlice, name: string): boolean {
  const clean = cleanName(name);
  if (clean === null) return false;
  if (typeof os.device !== 'object' || os.device === null) os.device = { name: clean, model: '' };
  else os.device.name = clean;
  return true;
}

/** `12345` MB → `12.06 GB`; under a GB → `870 MB`. */
export function formatMb(mb: number): string {
  return mb >= 1024 ? `${(mb / 1024).toFixed(2)} GB` : `${Math.round(mb)} MB`;
}

// ---------------------------------------------------------------------------------------------
// Search

export interface SearchEntry {
  title: string;
  /** Where it is, as the results show it: `显示和亮度`. */
  where: string;
  path: string;
  keywords?: string;
}

/** Every setting the search finds, with the screen it opens. */
export const SEARCH_INDEX: readonly SearchEntry[] = [
  { title: 'WLAN', where: '设置', path: '/wlan', keywords: 'wifi 无线 网络 热点' },
  { title: '蓝牙', where: '设置', path: '/bluetooth', keywords: 'bluetooth 耳机 配对' },
  { title: '移动网络', where: '设置', path: '/mobile', keywords: '流量 移动数据 运营商 SIM' },
  { title: '移动数据', where: '移动网络', path: '/mobile', keywords: '流量' },
  { title: '显示和亮度', where: '设置', path: '/display' },
  { title: '亮度', where: '显示和亮度', path: '/display', keywords: '屏幕' },
  { title: '深色模式', where: '显示和亮度', path: '/display', keywords: '暗色 夜间 黑暗' },
  { title: '护眼模式', where: '显示和亮度', path: '/display', keywords: '蓝光' },
  { title: '字体大小', where: '显示和亮度', path: '/display/font', keywords: '文字 字号' },
  { title: '自动锁屏', where: '显示和亮度', path: '/display/autolock', keywords: '休眠 息屏 锁屏时间' },
  { title: '声音和振动', where: '设置', path: '/sound' },
  { title: '来电铃声', where: '声音和振动', path: '/sound/ringtone', keywords: '铃声' },
  { title: '静音', where: '声音和振动', path: '/sound' },
  { title: '响铃时振动', where: '声音和振动', path: '/sound', keywords: '震动' },
  { title: '静音时振动', where: '声音和振动', path: '/sound', keywords: '震动' },
  { title: '音量', where: '声音和振动', path: '/sound', keywords: '媒体 闹钟 铃声音量' },
  { title: '通知', where: '设置', path: '/notifications', keywords: '锁屏通知 角标' },
  { title: '勿扰模式', where: '设置', path: '/dnd', keywords: '免打扰 静默' },
  { title: '定时开启', where: '勿扰模式', path: '/dnd', keywords: '勿扰时间' },
  { title: '来电权限', where: '勿扰模式', path: '/dnd/calls', keywords: '收藏联系人 来电' },
  { title: '电池', where: '设置', path: '/battery', keywords: '电量' },
  { title: '省电模式', where: '电池', path: '/battery', keywords: '节电 超级省电' },
  { title: '电量百分比', where: '电池', path: '/battery', keywords: '状态栏' },
  { title: '应用', where: '设置', path: '/apps', keywords: '应用管理 通知管理' },
  { title: '日期和时间', where: '设置', path: '/datetime', keywords: '时区' },
  { title: '24小时制', where: '日期和时间', path: '/datetime' },
  { title: '语言和地区', where: '设置', path: '/language', keywords: 'language 语言' },
  { title: '关于手机', where: '设置', path: '/about', keywords: '版本 型号 存储 IMEI' },
  { title: '设备名称', where: '关于手机', path: '/about/name', keywords: '手机名称' },
];

/** Entries whose title, place or keywords contain the query (case-insensitive), titles first. */
export function searchSettings(query: string): SearchEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const hits = SEARCH_INDEX.filter((e) => `${e.title} ${e.keywords ?? ''}`.toLowerCase().includes(q));
  return hits.sort((a, b) => Number(!a.title.toLowerCase().includes(q)) - Number(!b.title.toLowerCase().includes(q)));
}

// ---------------------------------------------------------------------------------------------
// Validation

const isBool = (v: unknown): boolean => typeof v === 'boolean';
const isPercent = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateSettingsState(v: unknown): string | null {
  const P = 'apps.settings';
  if (!isObj(v)) return `${P} must be an object`;
  const s = v as unknown as SettingsState;
  if (!isObj(s.account) || typeof s.account.name !== 'string') return `${P}.account.name must be a string`;
  if (!isObj(s.wifi) || !Array.isArray(s.wifi.networks)) return `${P}.wifi.networks must be an array`;
  for (const [i, n] of s.wifi.networks.entries()) {
    if (typeof n?.id !== 'string' || typeof n.ssid !== 'string' || n.ssid === '') return `${P}.wifi.networks[${i}] needs a string id and a non-empty ssid`;
    if (!['open', 'WPA2', 'WPA3'].includes(n.security)) return `${P}.wifi.networks[${i}].security must be open, WPA2 or WPA3`;
    if (typeof n.password !== 'string' || !isBool(n.saved) || !isBool(n.autoConnect)) return `${P}.wifi.networks[${i}] needs a string password and boolean saved, autoConnect`;
    if (!Number.isInteger(n.signal) || n.signal < 1 || n.signal > 4) return `${P}.wifi.networks[${i}].signal must be 1-4`;
  }
  if (!isObj(s.bluetooth) || !isBool(s.bluetooth.enabled) || !Array.isArray(s.bluetooth.devices)) return `${P}.bluetooth needs a boolean enabled and a devices array`;
  for (const [i, d] of s.bluetooth.devices.entries()) {
    if (typeof d?.id !== 'string' || typeof d.name !== 'string') return `${P}.bluetooth.devices[${i}] needs a string id and name`;
    if (!isBool(d.paired) || !isBool(d.connected)) return `${P}.bluetooth.devices[${i}] needs boolean paired and connected`;
  }
  if (!isObj(s.mobile) || !isBool(s.mobile.dataEnabled)) return `${P}.mobile.dataEnabled must be a boolean`;
  const d = s.display;
  if (!isObj(d)) return `${P}.display must be an object`;
  if (!isPercent(d.brightness)) return `${P}.display.brightness must be an integer 0-100`;
  if (!isBool(d.darkMode) || !isBool(d.eyeComfort) || !isBool(d.autoBrightness)) return `${P}.display darkMode, eyeComfort and autoBrightness must be booleans`;
  if (!isFontSize(d.fontSize)) return `${P}.display.fontSize must be one of ${FONT_SIZES.join(', ')}`;
  if (!isAutoLock(d.autoLock)) return `${P}.display.autoLock must be one of ${AUTO_LOCK.join(', ')}`;
  const so = s.sound;
  if (!isObj(so)) return `${P}.sound must be an object`;
  for (const k of ['ringVolume', 'mediaVolume', 'alarmVolume'] as const) if (!isPercent(so[k])) return `${P}.sound.${k} must be an integer 0-100`;
  for (const k of ['silent', 'vibrateOnRing', 'vibrateOnSilent', 'haptics'] as const) if (!isBool(so[k])) return `${P}.sound.${k} must be a boolean`;
  if (typeof so.ringtone !== 'string') return `${P}.sound.ringtone must be a string`;
  if (!isObj(s.notifications) || !isObj(s.notifications.apps)) return `${P}.notifications.apps must be an object`;
  for (const [id, on] of Object.entries(s.notifications.apps)) if (!isBool(on)) return `${P}.notifications.apps.${id} must be a boolean`;
  const dnd = s.dnd;
  if (!isObj(dnd) || !isBool(dnd.enabled) || !isBool(dnd.scheduled) || !isBool(dnd.repeatCallers)) return `${P}.dnd needs boolean enabled, scheduled and repeatCallers`;
  if (!isClockTime(dnd.start) || !isClockTime(dnd.end)) return `${P}.dnd.start and end must be HH:MM`;
  if (!isCallPermission(dnd.allowCalls)) return `${P}.dnd.allowCalls must be one of ${CALL_PERMISSIONS.join(', ')}`;
  if (!isObj(s.battery) || !isBool(s.battery.saver) || !isBool(s.battery.superSaver) || !isBool(s.battery.showPercent)) return `${P}.battery needs boolean saver, superSaver and showPercent`;
  if (!isObj(s.dateTime) || !isBool(s.dateTime.use24h) || !isBool(s.dateTime.autoTime) || !isBool(s.dateTime.autoZone)) return `${P}.dateTime needs boolean use24h, autoTime and autoZone`;
  if (!isObj(s.about) || typeof s.about.model !== 'string' || typeof s.about.version !== 'string') return `${P}.about needs string model and version`;
  return null;
}
