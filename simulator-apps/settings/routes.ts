/**
 * The settings app's screens and their paths. Pure. The search query lives in the path
 * (`/search?q=字体`) so back from a result returns to the same results.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type SettingsScreen =
  | { screen: 'main' }
  | { screen: 'search'; query: string }
  | { screen: 'account' }
  | { screen: 'wlan' }
  | { screen: 'wlanDetail'; networkId: string }
  | { screen: 'wlanConnect'; networkId: string }
  | { screen: 'wlanShare'; networkId: string }
  | { screen: 'bluetooth' }
  | { screen: 'btDevice'; deviceId: string }
  | { screen: 'mobile' }
  | { screen: 'display' }
  | { screen: 'font' }
  | { screen: 'autolock' }
  | { screen: 'sound' }
  | { screen: 'ringtone' }
  | { screen: 'notifications' }
  | { screen: 'dnd' }
  | { screen: 'dndCalls' }
  | { screen: 'dndTime'; which: 'start' | 'end' }
  | { screen: 'battery' }
  | { screen: 'apps' }
  | { screen: 'appInfo'; appId: string }
  | { screen: 'datetime' }
  | { screen: 'language' }
  | { screen: 'about' }
  | { screen: 'deviceName' }
  | { screen: 'notFound'; path: string };

export const SETTINGS_ROOT = '/';

const patterns: RoutePattern<SettingsScreen>[] = [
  [/^\/$/, () => ({ screen: 'main' })],
  [/^\/account$/, () => ({ screen: 'account' })],
  [/^\/wlan$/, () => ({ screen: 'wlan' })],
  [new RegExp(`^/wlan/${ID}/connect$`), (m) => ({ screen: 'wlanConnect', networkId: m[1] })],
  [new RegExp(`^/wlan/${ID}/share$`), (m) => ({ screen: 'wlanShare', networkId: m[1] })],
  [new RegExp(`^/wlan/${ID}$`), (m) => ({ screen: 'wlanDetail', networkId: m[1] })],
  [/^\/bluetooth$/, () => ({ screen: 'bluetooth' })],
  [new RegExp(`^/bluetooth/${ID}$`), (m) => ({ screen: 'btDevice', deviceId: m[1] })],
  [/^\/mobile$/, () => ({ screen: 'mobile' })],
  [/^\/display$/, () => ({ screen: 'display' })],
  [/^\/display\/font$/, () => ({ screen: 'font' })],
  [/^\/display\/autolock$/, () => ({ screen: 'autolock' })],
  [/^\/sound$/, () => ({ screen: 'sound' })],
  [/^\/sound\/ringtone$/, () => ({ screen: 'ringtone' })],
  [/^\/notifications$/, () => ({ screen: 'notifications' })],
  [/^\/dnd$/, () => ({ screen: 'dnd' })],
  [/^\/dnd\/calls$/, () => ({ screen: 'dndCalls' })],
  [/^\/dnd\/time\/(start|end)$/, (m) => ({ screen: 'dndTime', which: m[1] as 'start' | 'end' })],
  [/^\/battery$/, () => ({ screen: 'battery' })],
  [/^\/apps$/, () => ({ screen: 'apps' })],
  [new RegExp(`^/apps/${ID}$`), (m) => ({ screen: 'appInfo', appId: m[1] })],
  [/^\/datetime$/, () => ({ screen: 'datetime' })],
  [/^\/language$/, () => ({ screen: 'language' })],
  [/^\/about$/, () => ({ screen: 'about' })],
  [/^\/about\/name$/, () => ({ screen: 'deviceName' })],
];

export function parseSettingsPath(path: string): SettingsScreen {
  const [base, query = ''] = path.split('?');
  if (base === '/search') return { screen: 'search', query: new URLSearchParams(query).get('q') ?? '' };
  return matchRoute(patterns, base, path);
}

export function searchPath(query: string): string {
  return query === '' ? '/search' : `/search?${new URLSearchParams({ q: query }).toString()}`;
}

/** The back stack a deep link implies. */
export function settingsRouteStack(path: string): string[] {
  const s = parseSettingsPath(path);
  const R = SETTINGS_ROOT;
  switch (s.screen) {
    case 'main':
      return [R];
    case 'wlanDetail':
    case 'wlanConnect':
      return [R, '/wlan', path];
    case 'wlanShare':
      return [R, '/wlan', `/wlan/${s.networkId}`, path];
    case 'btDevice':
      return [R, '/bluetooth', path];
    case 'font':
    case 'autolock':
      return [R, '/display', path];
    case 'ringtone':
      return [R, '/sound', path];
    case 'dndCalls':
    case 'dndTime':
      return [R, '/dnd', path];
    case 'appInfo':
      return [R, '/apps', path];
    case 'deviceName':
      return [R, '/about', path];
    default:
      return [R, path];
  }
}
