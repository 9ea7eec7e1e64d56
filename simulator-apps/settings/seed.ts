/**
 * Seed data for the settings app: ~11 Wi-Fi networks (the four the OS seed may be connected to
 * are always there and saved, with the look-alike `Home-5G` beside `Home_5G`), 7-9 Bluetooth
 * devices (exactly one connected), display, sound, 勿扰 and battery settings, and the phone's
 * facts. Pure: importable from Node.
 */
import type { Rng } from '../shared/rng.ts';
import { ACCOUNT_NAMES, AVAILABLE_DEVICES, LOOK_ALIKE_SSID, MODELS, NEARBY_NETWORKS, OS_NETWORKS, PAIRED_DEVICES, PASSWORD_WORDS, RINGTONES, VERSIONS, type NetworkSeed } from './data.ts';
import { AUTO_LOCK, type BtDevice, type SettingsState, type WifiNetwork } from './types.ts';

export interface SettingsSeedContext {
  now: number;
  timezone: string;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function hex2(rng: Rng): string {
  return rng.int(0, 255).toString(16).toUpperCase().padStart(2, '0');
}

function createNetworks(rng: Rng): WifiNetwork[] {
  const fixed: NetworkSeed[] = [
    { ssid: OS_NETWORKS[0], security: 'WPA2', band: '5GHz' },
    { ssid: OS_NETWORKS[1], security: 'WPA2', band: '2.4GHz' },
    { ssid: OS_NETWORKS[2], security: 'WPA2', band: '2.4GHz' },
    { ssid: OS_NETWORKS[3], security: 'WPA3', band: '5GHz' },
    { ssid: LOOK_ALIKE_SSID, security: 'WPA2', band: '5GHz' },
  ];
  const nearby = rng.sample(NEARBY_NETWORKS, rng.int(5, 7));
  const savedNearby = new Set(rng.sample(nearby.filter((n) => n.security !== 'open'), 1).map((n) => n.ssid));
  const words = rng.shuffle(PASSWORD_WORDS);
  const all = rng.shuffle([...fixed, ...nearby]);
  return all.map((n, i) => {
    const saved = (OS_NETWORKS as readonly string[]).includes(n.ssid) || savedNearby.has(n.ssid);
    const subnet = rng.pick([0, 1, 3, 31, 50]);
    return {
      id: `w_${pad2(i + 1)}`,
      ssid: n.ssid,
      signal: (OS_NETWORKS as readonly string[]).includes(n.ssid) ? rng.int(3, 4) : rng.int(1, 4),
      security: n.security,
      band: n.band,
      password: n.security === 'open' ? '' : `${words[i % words.length]}${rng.int(1000, 9999)}`,
      saved,
      autoConnect: saved ? rng.chance(0.85) : true,
      ip: `192.168.${subnet}.${rng.int(2, 250)}`,
    };
  });
}

function createDevices(rng: Rng): BtDevice[] {
  const paired = rng.sample(PAIRED_DEVICES, rng.int(4, 5));
  const available = rng.sample(AVAILABLE_DEVICES, rng.int(3, 4));
  // One paired device is connected: earbuds or the watch when there are some, else any.
  const audio = paired.filter((d) => d.kind === 'earbuds' || d.kind === 'watch' || d.kind === 'headphones');
  const connected = rng.pick(audio.length > 0 ? audio : paired).name;
  return [
    ...paired.map((d) => ({ ...d, paired: true, connected: d.name === connected })),
    ...available.map((d) => ({ ...d, paired: false, connected: false })),
  ].map((d, i) => ({
    id: `bt_${pad2(i + 1)}`,
    name: d.name,
    kind: d.kind,
    paired: d.paired,
    connected: d.connected,
    address: Array.from({ length: 6 }, () => hex2(rng)).join(':'),
  }));
}

export function createSettingsState(rng: Rng, _ctx: SettingsSeedContext): SettingsState {
  const networks = createNetworks(rng.fork('wifi'));
  const devices = createDevices(rng.fork('bluetooth'));
  const r = rng.fork('settings');
  const model = r.pick(MODELS);
  const storageTotalGb = r.pick([128, 256, 512]);
  const digits = (n: number): string => Array.from({ length: n }, () => String(r.int(0, 9))).join('');
  return {
    account: { name: r.pick(ACCOUNT_NAMES), phone: `1${r.pick(['38', '39', '58', '86', '77'])}****${digits(4)}` },
    wifi: { networks },
    bluetooth: { enabled: true, devices },
    mobile: { dataEnabled: true, usedMb: r.int(800, 18_000), planMb: r.pick([20_480, 40_960, 102_400]) },
    display: {
      brightness: r.int(3, 8) * 10 + r.pick([0, 5]),
      autoBrightness: r.chance(0.5),
      darkMode: false,
      fontSize: '标准',
      autoLock: r.pick(AUTO_LOCK.slice(0, 4)),
      eyeComfort: r.chance(0.3),
    },
    sound: {
      ringVolume: r.int(4, 9) * 10,
      mediaVolume: r.int(3, 8) * 10,
      alarmVolume: r.int(5, 10) * 10,
      silent: false,
      ringtone: r.pick(RINGTONES),
      vibrateOnRing: r.chance(0.6),
      vibrateOnSilent: true,
      haptics: true,
    },
    notifications: { lockScreen: true, badges: true, apps: {} },
    dnd: { enabled: false, scheduled: false, start: '23:00', end: '07:00', allowCalls: r.pick(['none', 'contacts', 'everyone'] as const), repeatCallers: r.chance(0.5) },
    battery: { saver: false, superSaver: false, showPercent: true },
    dateTime: { use24h: true, autoTime: true, autoZone: true },
    about: {
      model: model.name,
      version: r.pick(VERSIONS),
      android: '14',
      storageTotalGb,
      storageUsedGb: Math.round(storageTotalGb * (0.2 + r.next() * 0.55) * 10) / 10,
      ramGb: r.pick([8, 12, 16]),
      cpu: model.cpu,
      imei: `86${digits(13)}`,
      serial: `PG${digits(2)}${String.fromCharCode(65 + r.int(0, 25))}${digits(7)}`,
    },
  };
}

