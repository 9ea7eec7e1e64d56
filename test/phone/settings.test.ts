import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { createSettingsState } from '../../simulator-apps/settings/seed.ts';
import { LOOK_ALIKE_SSID, OS_NETWORKS } from '../../simulator-apps/settings/data.ts';
import * as rules from '../../simulator-apps/settings/logic.ts';
import { parseSettingsPath, searchPath, settingsRouteStack } from '../../simulator-apps/settings/routes.ts';
import { formatShellClock, readShellSettings, DEFAULT_SHELL } from '../../simulator-apps/settings/shell.ts';
import type { SettingsState } from '../../simulator-apps/settings/types.ts';

const NOW = Date.UTC(2026, 2, 14, 3, 0);
const fresh = (seed = 7): SettingsState => createSettingsState(new Rng(seed), { now: NOW, timezone: 'Asia/Shanghai' });
const osOf = (ssid = 'Home_5G') => ({ wifi: { enabled: true, ssid }, device: { name: 'phonegym', model: 'PG-1' } }) as rules.OsSlice;
const byName = (s: SettingsState, ssid: string) => s.wifi.networks.find((n) => n.ssid === ssid)!;

describe('settings seed', () => {
  it('is valid and small, with the OS networks saved, the look-alike unsaved and one connected device', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = fresh(seed);
      expect(validateOk(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(20_000);
      expect(s.wifi.networks.length).toBeGreaterThanOrEqual(10);
      expect(s.wifi.networks.length).toBeLessThanOrEqual(12);
      for (const ssid of OS_NETWORKS) expect(byName(s, ssid).saved).toBe(true);
      expect(byName(s, LOOK_ALIKE_SSID)).toMatchObject({ saved: false, security: 'WPA2' });
      expect(new Set(s.wifi.networks.map((n) => n.ssid)).size).toBe(s.wifi.networks.length);
      expect(s.wifi.networks.every((n) => (n.security === 'open') === (n.password === ''))).toBe(true);
      expect(rules.connectedDevices(s.bluetooth)).toHaveLength(1);
      expect(s.bluetooth.devices.some((d) => !d.paired)).toBe(true);
    }
  });

  it('agrees with the OS seed: the phone is connected to a saved network of the list', () => {
    for (const seed of [1, 2, 3, 4]) {
      const state = createInitialState(seed);
      const s = state.apps.settings as unknown as SettingsState;
      const ssid = (state.os.wifi as { ssid: string }).ssid;
      expect(byName(s, ssid).saved).toBe(true);
      expect(JSON.stringify(state).length).toBeLessThan(1_000_000);
    }
  });
});

function validateOk(s: unknown): string | null {
  return rules.validateSettingsState(s);
}

describe('validateSettingsState', () => {
  it('names the bad field', () => {
    const bad = (edit: (s: SettingsState) => void): string | null => {
      const s = fresh();
      edit(s);
      return rules.validateSettingsState(s);
    };
    expect(rules.validateSettingsState(null)).toMatch(/apps\.settings must be an object/);
    expect(bad((s) => (s.display.brightness = 150))).toMatch(/display\.brightness/);
    expect(bad((s) => ((s.display as { fontSize: string }).fontSize = '巨大'))).toMatch(/display\.fontSize/);
    expect(bad((s) => (s.dnd.start = '25:00'))).toMatch(/dnd\.start/);
    expect(bad((s) => ((s.dnd as { allowCalls: string }).allowCalls = 'friends'))).toMatch(/dnd\.allowCalls/);
    expect(bad((s) => (s.wifi.networks[0].signal = 9))).toMatch(/wifi\.networks\[0\]\.signal/);
    expect(bad((s) => ((s.notifications.apps as Record<string, unknown>).chat = 'yes'))).toMatch(/notifications\.apps\.chat/);
    expect(bad((s) => ((s.sound as { ringVolume: number }).ringVolume = 3.5))).toMatch(/sound\.ringVolume/);
  });
});

describe('Wi-Fi', () => {
  it('connects to a secured network only with its password, and saves it', () => {
    const s = fresh();
    const os = osOf();
    const target = byName(s, LOOK_ALIKE_SSID);
    const before = JSON.stringify([s, os]);
    expect(rules.connectWifi(s, os, target.id, 'wrong')).toBe('password');
    expect(JSON.stringify([s, os])).toBe(before);
    expect(rules.connectWifi(s, os, target.id, target.password)).toBeNull();
    expect(os.wifi).toEqual({ enabled: true, ssid: LOOK_ALIKE_SSID });
    expect(target).toMatchObject({ saved: true, autoConnect: true });
  });

  it('joins saved and open networks without a password, and refuses while Wi-Fi is off', () => {
    const s = fresh(3);
    const os = osOf();
    expect(rules.connectWifi(s, os, byName(s, 'CMCC-room402').id)).toBeNull();
    expect(os.wifi?.ssid).toBe('CMCC-room402');
    const open = s.wifi.networks.find((n) => n.security === 'open');
    if (open) {
      expect(rules.connectWifi(s, os, open.id)).toBeNull();
      expect(open.saved).toBe(true);
    }
    const off = osOf();
    off.wifi!.enabled = false;
    expect(rules.connectWifi(s, off, byName(s, 'Home_5G').id)).toBe('off');
    expect(rules.connectWifi(s, os, 'w_99')).toBe('missing');
  });

  it('forgets a saved network, disconnecting when it was the current one', () => {
    const s = fresh();
    const os = osOf('TP-LINK_3F2A');
    expect(rules.forgetWifi(s, os, byName(s, 'Home_5G').id)).toBe(true);
    expect(os.wifi?.ssid).toBe('TP-LINK_3F2A');
    expect(rules.forgetWifi(s, os, byName(s, 'TP-LINK_3F2A').id)).toBe(true);
    expect(os.wifi?.ssid).toBe('');
    expect(byName(s, 'TP-LINK_3F2A').saved).toBe(false);
    expect(rules.forgetWifi(s, os, byName(s, 'TP-LINK_3F2A').id)).toBe(false);
    // Forgotten means the password is asked again.
    expect(rules.connectWifi(s, os, byName(s, 'TP-LINK_3F2A').id)).toBe('password');
  });

  it('switches off (no connection) and on (the best saved auto-connect network)', () => {
    const s = fresh();
    const os = osOf();
    rules.setWifiEnabled(s, os, false);
    expect(os.wifi).toEqual({ enabled: false, ssid: '' });
    expect(rules.connectedSsid(os)).toBe('');
    rules.setWifiEnabled(s, os, true);
    expect(os.wifi?.enabled).toBe(true);
    expect(os.wifi?.ssid).toBe(rules.autoJoinTarget(s.wifi.networks)?.ssid ?? '');
  });

  it('sorts connected, then saved, then by signal; shares the WIFI: text', () => {
    const s = fresh();
    const list = rules.sortedNetworks(s.wifi.networks, 'ChinaNet-8H2K');
    expect(list[0].ssid).toBe('ChinaNet-8H2K');
    const firstUnsaved = list.findIndex((n) => !n.saved);
    expect(list.slice(firstUnsaved).every((n) => !n.saved)).toBe(true);
    expect(rules.wifiShareText({ ssid: 'A', security: 'WPA2', password: 'p1' })).toBe('WIFI:T:WPA;S:A;P:p1;;');
  });
});

describe('Bluetooth', () => {
  it('connects, disconnects, pairs, unpairs and renames', () => {
    const s = fresh();
    const paired = s.bluetooth.devices.find((d) => d.paired && !d.connected)!;
    const avail = s.bluetooth.devices.find((d) => !d.paired)!;
    expect(rules.connectDevice(s, paired.id)).toBeNull();
    expect(paired.connected).toBe(true);
    expect(rules.disconnectDevice(s, paired.id)).toBeNull();
    expect(paired.connected).toBe(false);
    expect(rules.disconnectDevice(s, avail.id)).toBe('unpaired');
    expect(rules.connectDevice(s, avail.id)).toBeNull();
    expect(avail).toMatchObject({ paired: true, connected: true });
    expect(rules.unpairDevice(s, avail.id)).toBeNull();
    expect(avail).toMatchObject({ paired: false, connected: false });
    expect(rules.renameDevice(s, paired.id, '  我的耳机 ')).toBe(true);
    expect(paired.name).toBe('我的耳机');
    expect(rules.renameDevice(s, paired.id, '   ')).toBe(false);
    s.bluetooth.enabled = false;
    expect(rules.connectDevice(s, paired.id)).toBe('off');
    expect(rules.connectedDevices(s.bluetooth)).toEqual([]);
  });
});

describe('other rules', () => {
  it('clamps percentages, checks times, labels schedules, renames the phone', () => {
    expect(rules.clampPercent(150)).toBe(100);
    expect(rules.clampPercent(-3)).toBe(0);
    expect(rules.clampPercent(42.6)).toBe(43);
    expect(rules.isClockTime('07:05')).toBe(true);
    expect(rules.isClockTime('7:05')).toBe(false);
    expect(rules.scheduleLabel('22:30', '07:00')).toBe('22:30 - 次日07:00');
    expect(rules.scheduleLabel('12:00', '14:00')).toBe('12:00 - 14:00');
    const os = osOf();
    expect(rules.setDeviceName(os, '  小林的手机 ')).toBe(true);
    expect(os.device?.name).toBe('小林的手机');
    expect(rules.setDeviceName(os, '')).toBe(false);
    expect(rules.setDeviceName(os, 'x'.repeat(21))).toBe(false);
    expect(os.device?.name).toBe('小林的手机');
  });

  it('search finds settings two screens deep', () => {
    expect(rules.searchSettings('字体')[0]).toMatchObject({ title: '字体大小', path: '/display/font' });
    expect(rules.searchSettings('收藏').map((e) => e.path)).toContain('/dnd/calls');
    expect(rules.searchSettings('wifi')[0].path).toBe('/wlan');
    expect(rules.searchSettings('  ')).toEqual([]);
  });
});

describe('routes', () => {
  it('parses paths and implies back stacks', () => {
    expect(parseSettingsPath('/wlan/w_03/connect')).toEqual({ screen: 'wlanConnect', networkId: 'w_03' });
    expect(parseSettingsPath(searchPath('字体'))).toEqual({ screen: 'search', query: '字体' });
    expect(parseSettingsPath('/nope')).toEqual({ screen: 'notFound', path: '/nope' });
    expect(settingsRouteStack('/wlan/w_03/share')).toEqual(['/', '/wlan', '/wlan/w_03', '/wlan/w_03/share']);
    expect(settingsRouteStack('/display/font')).toEqual(['/', '/display', '/display/font']);
    expect(settingsRouteStack('/')).toEqual(['/']);
  });
});

describe('shell accessor', () => {
  it('reads the slice with defaults', () => {
    expect(readShellSettings(undefined)).toEqual(DEFAULT_SHELL);
    const s = fresh();
    s.display.darkMode = true;
    s.display.fontSize = '特大';
    s.battery.showPercent = false;
    s.battery.saver = true;
    s.dnd.enabled = true;
    expect(readShellSettings(s)).toMatchObject({ dark: true, fontScale: 1.2, showPercent: false, saver: true, dnd: true, bluetooth: 'connected', use24h: true });
    s.bluetooth.enabled = false;
    expect(readShellSettings(s).bluetooth).toBe('off');
    expect(formatShellClock(14, 5, false)).toBe('下午2:05');
    expect(formatShellClock(0, 30, false)).toBe('上午12:30');
    expect(formatShellClock(9, 5, true)).toBe('09:05');
  });
});
