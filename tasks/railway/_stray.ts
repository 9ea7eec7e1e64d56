/**
 * 铁路出行's stray changes for `phonegym verify` (docs/verify.md): small settings no railway task
 * reads or declares. Each runs from any screen: it opens the railway app, walks back to a tab, and
 * flips one switch.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { RailwayState } from '../../simulator-apps/railway/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';
import { setSwitch } from '../_shared/ui.ts';

const TABS = ['/', '/orders', '/me'];

const RAILWAY: StrayApp<RailwayState> = { app: 'railway', has: (s) => s.settings && typeof s.settings.remind === 'boolean' };

/** Dismisses dialogs, then walks back (reopening the app if back leaves it) to the 我的 tab. */
async function toMeTab(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'railway', 'the railway tabs', () => {
    if (overlaid(ui, ['dialog'], (k) => k.startsWith('dialog.'))) return 'back';
    if (ui.route.app !== 'railway') return 'open';
    return TABS.includes(ui.route.path.split('?')[0]) ? null : 'back';
  });
  await ui.tap('railway.tab.me');
}

/** 我的 → 设置 → one switch toggled. Writes `apps.railway.settings.<key>`. */
function settingStray(key: 'remind' | 'fastOnly', label: string): StrayChange {
  return sliceStray(RAILWAY, `railway.settings.${key}`, (s) => {
    const next = !s.settings[key];
    return {
      path: `apps.railway.settings.${key}`,
      description: `铁路出行 → 我的 → 设置 → ${label} ${next ? 'on' : 'off'}`,
      apply(draft) {
        draft.settings[key] = next;
      },
      async run(ui) {
        await toMeTab(ui);
        await ui.tap('railway.me.settings');
        await setSwitch(ui, `railway.settings.${key}`, next, `stray change: no ${label} switch in 设置`);
      },
    };
  });
}

/** 出行提醒 first (no task touches it), then 默认只看高铁/动车. */
export const strays: StrayChange[] = [settingStray('remind', '出行提醒'), settingStray('fastOnly', '默认只看高铁/动车')];
