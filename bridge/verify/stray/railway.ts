/**
 * Stray changes in 铁路出行 for `phonegym verify`: small settings no railway task reads or
 * declares. Each runs from any screen: it opens the railway app, walks back to a tab, and
 * flips one switch.
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import type { RailwayState } from '../../../simulator-apps/railway/types.ts';

const TABS = ['/', '/orders', '/me'];

function railwayOf(state: PhoneState): RailwayState | null {
  const s = state.apps?.railway as unknown as RailwayState | undefined;
  return s && typeof s === 'object' && s.settings && typeof s.settings.remind === 'boolean' ? s : null;
}

/** Dismisses dialogs, then walks back (reopening the app if back leaves it) to the 我的 tab. */
async function toMeTab(ui: OracleUi): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || (n.key !== undefined && n.key.startsWith('dialog.')));
    if (overlay) await ui.back();
    else if (ui.route.app !== 'railway') await ui.openApp('railway');
    else if (!TABS.includes(ui.route.path.split('?')[0])) await ui.back();
    else {
      await ui.tap('railway.tab.me');
      return;
    }
  }
  throw new Error(`stray change: could not get back to the railway tabs (route ${ui.route.app}${ui.route.path})`);
}

function settingStray(key: 'remind' | 'fastOnly', label: string): StrayChange {
  return {
    id: `railway.settings.${key}`,
    app: 'railway',
    plan(state) {
      const s = railwayOf(state);
      if (!s) return null;
      const next = !s.settings[key];
      return {
        path: `apps.railway.settings.${key}`,
        description: `铁路出行 → 我的 → 设置 → ${label} ${next ? 'on' : 'off'}`,
        apply(draft) {
          railwayOf(draft)!.settings[key] = next;
        },
        async run(ui) {
          await toMeTab(ui);
          await ui.tap('railway.me.settings');
          const sw = ui.find(`railway.settings.${key}`);
          if (!sw) throw new Error(`stray change: no ${label} switch in 设置`);
          if (Boolean(sw.checked) !== next) await ui.tap(`railway.settings.${key}`);
        },
      };
    },
  };
}

/** 出行提醒 first (no task touches it), then 默认只看高铁/动车. */
export const railwayStray: StrayChange[] = [settingStray('remind', '出行提醒'), settingStray('fastOnly', '默认只看高铁/动车')];
