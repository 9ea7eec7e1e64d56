/**
 * The clock's screens and their paths. Pure. Four tabs (闹钟, 世界时钟, 秒表, 计时器), the alarm
 * edit form, 添加城市 and the ring history. A ringing alarm is not a route: the app shows it full
 * screen over whatever screen it is on while `apps.clock.ringing` is set.
 */
import { ID, matchRoute, type RoutePattern } from '../shared/routing.ts';

export type ClockTab = '/' | '/world' | '/stopwatch' | '/timer';
export const CLOCK_TABS: readonly ClockTab[] = ['/', '/world', '/stopwatch', '/timer'];

export type ClockScreen =
  | { screen: 'alarms' }
  | { screen: 'world' }
  | { screen: 'stopwatch' }
  | { screen: 'timer' }
  | { screen: 'alarmEdit'; alarmId: string | null }
  | { screen: 'addCity' }
  | { screen: 'history' }
  | { screen: 'notFound'; path: string };

export const CLOCK_ROOT = '/';

const patterns: RoutePattern<ClockScreen>[] = [
  [/^\/$/, () => ({ screen: 'alarms' })],
  [/^\/world$/, () => ({ screen: 'world' })],
  [/^\/stopwatch$/, () => ({ screen: 'stopwatch' })],
  [/^\/timer$/, () => ({ screen: 'timer' })],
  [/^\/alarm\/new$/, () => ({ screen: 'alarmEdit', alarmId: null })],
  [new RegExp(`^/alarm/${ID}$`), (m) => ({ screen: 'alarmEdit', alarmId: m[1] })],
  [/^\/world\/add$/, () => ({ screen: 'addCity' })],
  [/^\/history$/, () => ({ screen: 'history' })],
];

export function parseClockPath(path: string): ClockScreen {
  const base = path.split('?')[0];
  return matchRoute(patterns, base, path);
}

export function alarmPath(id: string | null): string {
  return id === null ? '/alarm/new' : `/alarm/${id}`;
}

/** The back stack a deep link implies. */
export function clockRouteStack(path: string): string[] {
  const s = parseClockPath(path);
  switch (s.screen) {
    case 'alarms':
      return [CLOCK_ROOT];
    case 'world':
    case 'stopwatch':
    case 'timer':
      return [path];
    case 'alarmEdit':
    case 'history':
    case 'notFound':
      return [CLOCK_ROOT, path];
    case 'addCity':
      return ['/world', path];
  }
}
