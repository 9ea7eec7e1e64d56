/**
 * The phone's initial state for a seed: deterministic (same seed ⇒ byte-identical JSON) and
 * pure (importable from Node). The OS slice is small; each app in the catalog seeds its own.
 */
import type { OsState, PhoneState } from '../bridge/protocol/state.ts';
import { APPS } from './catalog.ts';
import { Rng } from './shared/rng.ts';
import { DEFAULT_TIMEZONE } from './shared/time.ts';

/** 2026-03-14 09:30 in Asia/Shanghai (UTC+8), a Saturday. */
export const BASE_TIMESTAMP = Date.UTC(2026, 2, 14, 1, 30);

export function createInitialState(seed: number): PhoneState {
  const { os, apps: makers } = phoneSeeds(seed);
  const apps: PhoneState['apps'] = {};
  for (const [id, make] of makers) apps[id] = make();
  return { os, apps };
}

/**
 * The OS slice of `seed`'s phone and, per app, the call that seeds its slice: each app draws from
 * a fork of its own, made here in catalog order, so a slice made alone (or later, or never) is the
 * very one `createInitialState` makes.
 */
export function phoneSeeds(seed: number): { os: OsState; apps: [string, () => PhoneState['apps'][string]][] } {
  if (!Number.isSafeInteger(seed)) throw new TypeError(`createInitialState: seed must be an integer, got ${String(seed)}`);
  const rng = new Rng(seed >>> 0);
  const osRng = rng.fork('os');
  const timestamp = BASE_TIMESTAMP + osRng.int(0, 150) * 60_000;
  const os: OsState = {
    time: { timestamp, timezone: DEFAULT_TIMEZONE },
    battery: { level: osRng.int(38, 96), charging: false },
    wifi: { enabled: true, ssid: osRng.pick(['Home_5G', 'TP-LINK_3F2A', 'ChinaNet-8H2K', 'CMCC-room402']) },
    cellular: { carrier: osRng.pick(['中国移动', '中国联通', '中国电信']), signal: osRng.int(3, 4) },
    device: { name: 'phonegym', model: 'PG-1' },
    locale: 'zh-CN',
  };
  const apps = APPS.map((app): [string, () => PhoneState['apps'][string]] => {
    const fork = rng.fork(`app:${app.id}`);
    return [app.id, () => app.seed(fork, { now: timestamp, timezone: DEFAULT_TIMEZONE })];
  });
  return { os, apps };
}
