/**
 * What the OS shell (status bar, launcher, navigation bar, app switcher, dialogs) takes from
 * the settings app: a pure read of `state.apps.settings` with defaults, so the shell works on a
 * state without the slice (an old snapshot, a test fixture). No Svelte, no catalog import.
 */
import { FONT_SCALES, type FontSize } from './types.ts';
import type { Look } from '../os/look.ts';

export interface ShellSettings {
  dark: boolean;
  /** Text scale for `--pg-font-scale` (1 = 标准). */
  fontScale: number;
  showPercent: boolean;
  /** 省电模式 or 超级省电. */
  saver: boolean;
  /** 勿扰模式 is on (the moon in the status bar). */
  dnd: boolean;
  bluetooth: 'off' | 'on' | 'connected';
  use24h: boolean;
}

export const DEFAULT_SHELL: ShellSettings = { dark: false, fontScale: 1, showPercent: true, saver: false, dnd: false, bluetooth: 'off', use24h: true };

type Loose = Record<string, unknown> | undefined;
const obj = (v: unknown): Loose => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);

/** The shell's settings; a variant's look (../os/look.ts) adds its dark theme and text size. */
export function readShellSettings(slice: unknown, look: Look | null = null): ShellSettings {
  const settings = readSettingsSlice(slice);
  if (!look) return settings;
  return { ...settings, dark: settings.dark || look.dark, fontScale: settings.fontScale * look.fontScale };
}

function readSettingsSlice(slice: unknown): ShellSettings {
  const s = obj(slice);
  if (!s) return DEFAULT_SHELL;
  const display = obj(s.display);
  const battery = obj(s.battery);
  const bt = obj(s.bluetooth);
  const devices = Array.isArray(bt?.devices) ? (bt.devices as unknown[]).map(obj) : [];
  const btOn = bt?.enabled === true;
  const scale = FONT_SCALES[display?.fontSize as FontSize];
  return {
    dark: display?.darkMode === true,
    fontScale: typeof scale === 'number' ? scale : 1,
    showPercent: battery?.showPercent !== false,
    saver: battery?.saver === true || battery?.superSaver === true,
    dnd: obj(s.dnd)?.enabled === true,
    bluetooth: !btOn ? 'off' : devices.some((d) => d?.paired === true && d.connected === true) ? 'connected' : 'on',
    use24h: obj(s.dateTime)?.use24h !== false,
  };
}

/** `14:05` in 24-hour time, `下午2:05` in 12-hour time. */
export function formatShellClock(hour: number, minute: number, use24h: boolean): string {
  const mm = String(minute).padStart(2, '0');
  if (use24h) return `${String(hour).padStart(2, '0')}:${mm}`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour < 12 ? '上午' : '下午'}${h12}:${mm}`;
}

/**
 * Whether a heads-up notification from `appId` should show: not when its switch in 通知 / 应用
 * is off, nor while 勿扰模式 is on. (For the OS's `notify`; the settings app only stores the switches.)
 */
export function notificationsAllowed(slice: unknown, appId: string): boolean {
  const s = obj(slice);
  if (!s) return true;
  if (obj(s.dnd)?.enabled === true) return false;
  return obj(obj(s.notifications)?.apps)?.[appId] !== false;
}
