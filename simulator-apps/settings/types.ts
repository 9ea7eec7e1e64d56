/**
 * The settings app's slice of the phone state: `state.apps.settings`. Plain JSON only. The
 * current Wi-Fi connection (`os.wifi`) and the device name (`os.device.name`) stay in the OS
 * slice, which the status bar and other apps read; everything else lives here. Documented field
 * by field in ./README.md.
 */
export const FONT_SIZES = ['小', '标准', '大', '特大', '超大'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
/** The text scale each font size applies (`--pg-font-scale`). */
export const FONT_SCALES: Record<FontSize, number> = { 小: 0.9, 标准: 1, 大: 1.1, 特大: 1.2, 超大: 1.3 };

export const AUTO_LOCK = ['30秒', '1分钟', '2分钟', '5分钟', '永不'] as const;
export type AutoLock = (typeof AUTO_LOCK)[number];

export const CALL_PERMISSIONS = ['none', 'favorites', 'contacts', 'everyone'] as const;
export type CallPermission = (typeof CALL_PERMISSIONS)[number];
export const CALL_PERMISSION_LABELS: Record<CallPermission, string> = {
  none: '不允许任何来电',
  favorites: '仅收藏联系人',
  contacts: '仅联系人',
  everyone: '所有人',
};

export type Security = 'open' | 'WPA2' | 'WPA3';
export type Band = '2.4GHz' | '5GHz';

export interface WifiNetwork {
  /** `w_01` … */
  id: string;
  ssid: string;
  /** Bars, 1-4. */
  signal: number;
  security: Security;
  band: Band;
  /** The network's real password ('' for open networks). The simulator knows it; the UI shows it only for saved networks (分享密码). */
  password: string;
  /** Remembered: connecting again needs no password. */
  saved: boolean;
  /** 自动连接 (only meaningful while saved). */
  autoConnect: boolean;
  /** The address the phone gets on this network, e.g. `192.168.1.23`. */
  ip: string;
}

export type BtKind = 'earbuds' | 'headphones' | 'watch' | 'band' | 'car' | 'keyboard' | 'mouse' | 'speaker' | 'tv';

export interface BtDevice {
  /** `bt_01` … */
  id: string;
  name: string;
  kind: BtKind;
  paired: boolean;
  /** Only paired devices connect. */
  connected: boolean;
  /** `AA:BB:…`, invented. */
  address: string;
}

export interface SettingsState {
  account: { name: string; phone: string };
  wifi: { networks: WifiNetwork[] };
  bluetooth: { enabled: boolean; devices: BtDevice[] };
  mobile: { dataEnabled: boolean; usedMb: number; planMb: number };
  display: { brightness: number; autoBrightness: boolean; darkMode: boolean; fontSize: FontSize; autoLock: AutoLock; eyeComfort: boolean };
  sound: {
    ringVolume: number;
    mediaVolume: number;
    alarmVolume: number;
    silent: boolean;
    ringtone: string;
    vibrateOnRing: boolean;
    vibrateOnSilent: boolean;
    haptics: boolean;
  };
  notifications: {
    lockScreen: boolean;
    badges: boolean;
    /** Per app id: false = notifications off. A missing app id means on (apps added later). */
    apps: Record<string, boolean>;
  };
  dnd: { enabled: boolean; scheduled: boolean; start: string; end: string; allowCalls: CallPermission; repeatCallers: boolean };
  battery: { saver: boolean; superSaver: boolean; showPercent: boolean };
  dateTime: { use24h: boolean; autoTime: boolean; autoZone: boolean };
  about: {
    model: string;
    version: string;
    android: string;
    storageTotalGb: number;
    /** One decimal, GB. */
    storageUsedGb: number;
    ramGb: number;
    cpu: string;
    imei: string;
    serial: string;
  };
}
