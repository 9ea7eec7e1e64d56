/** Invented content for the settings seed: network names, devices, ringtones, the phone's facts. */
import type { Band, BtKind, Security } from './types.ts';

/** The networks the OS seed may be connected to (`os.wifi.ssid`): always present and saved. */
export const OS_NETWORKS = ['Home_5G', 'TP-LINK_3F2A', 'ChinaNet-8H2K', 'CMCC-room402'] as const;

/** The look-alike of `Home_5G`: always present, secured, never saved. */
export const LOOK_ALIKE_SSID = 'Home-5G';

export interface NetworkSeed {
  ssid: string;
  security: Security;
  band: Band;
}

/** Other networks around; the seed picks some of them. */
export const NEARBY_NETWORKS: readonly NetworkSeed[] = [
  { ssid: 'CoffeeLab_Guest', security: 'open', band: '2.4GHz' },
  { ssid: 'Office-2F', security: 'WPA2', band: '5GHz' },
  { ssid: 'Library_Free', security: 'open', band: '2.4GHz' },
  { ssid: 'Neighbor-1203', security: 'WPA2', band: '2.4GHz' },
  { ssid: 'Sunny_Studio', security: 'WPA3', band: '5GHz' },
  { ssid: 'GreenTea_Cafe', security: 'open', band: '2.4GHz' },
  { ssid: 'StarBay_5G', security: 'WPA2', band: '5GHz' },
  { ssid: 'Room1502', security: 'WPA2', band: '2.4GHz' },
  { ssid: 'YunHome-2.4G', security: 'WPA2', band: '2.4GHz' },
  { ssid: 'Maple_Guest', security: 'open', band: '5GHz' },
  { ssid: 'DIRECT-7A-Printer', security: 'WPA2', band: '2.4GHz' },
  { ssid: 'Zhou_Family', security: 'WPA3', band: '5GHz' },
];

/** Password material: word + digits, so passwords are typeable and distinct. */
export const PASSWORD_WORDS = ['sunflower', 'tiger', 'maple', 'ocean', 'panda', 'river', 'cloud', 'lotus', 'pine', 'harbor', 'comet', 'bamboo'] as const;

export interface DeviceSeed {
  name: string;
  kind: BtKind;
}

/** Paired devices: the seed pairs four or five. */
export const PAIRED_DEVICES: readonly DeviceSeed[] = [
  { name: '声驰 Air 3 Pro', kind: 'earbuds' },
  { name: '云迹 Watch GT', kind: 'watch' },
  { name: '车载蓝牙 PG-Car', kind: 'car' },
  { name: '键灵 K7 键盘', kind: 'keyboard' },
  { name: '听澜 头戴耳机', kind: 'headphones' },
  { name: '小声 Mini 音箱', kind: 'speaker' },
  { name: '灵动手环 5', kind: 'band' },
];

/** Devices nearby that are not paired: the seed shows three or four. */
export const AVAILABLE_DEVICES: readonly DeviceSeed[] = [
  { name: 'BT-Speaker-58A1', kind: 'speaker' },
  { name: '客厅电视', kind: 'tv' },
  { name: 'OfficeMouse M2', kind: 'mouse' },
  { name: 'Headset-X9', kind: 'headphones' },
  { name: '星河 Buds Lite', kind: 'earbuds' },
  { name: '运动手环 Fit', kind: 'band' },
];

export const RINGTONES = ['晨光序曲', '海边清风', '青柠跳跳', '雨后小巷', '远山回响', '星河漫步', '竹林清晨', '轻快节拍', '萤火夏夜', '雪落无声'] as const;

export const ACCOUNT_NAMES = ['林晓舟', '陈可欣', '王一帆', '赵雨桐', '孙嘉言', '周沐阳'] as const;

export const MODELS = [
  { model: 'PG-1', name: 'PhoneGym P1', cpu: '星核 S8 八核处理器' },
  { model: 'PG-1', name: 'PhoneGym P1 Pro', cpu: '星核 S8+ 八核处理器' },
] as const;

export const VERSIONS = ['PGOS 4.0.2', 'PGOS 4.0.3', 'PGOS 4.1.0'] as const;

/** The languages 语言和地区 lists; only 简体中文 can be used in this build. */
export const LANGUAGES = ['简体中文', '繁體中文（香港）', '繁體中文（台灣）', 'English', '日本語', 'Français'] as const;
