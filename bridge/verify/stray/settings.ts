/**
 * Stray changes for the settings app (`apps.settings`): small switches no settings task asks
 * for, flipped through the UI from whatever screen the oracle ended on. The lead wires them
 * into `STRAY_CHANGES` (../strayChanges.ts).
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import type { SettingsState } from '../../../simulator-apps/settings/types.ts';

function settingsOf(state: PhoneState): SettingsState | null {
  const s = state.apps?.settings as unknown as SettingsState | undefined;
  return s && typeof s === 'object' && s.sound && s.display ? s : null;
}

/** Back to the settings main list from anywhere (dialogs, pickers, other apps), then into one section. */
async function toSection(ui: OracleUi, entry: 'sound' | 'display'): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || n.role === 'alertdialog' || n.role === 'menu');
    if (overlay) await ui.back();
    else if (ui.route.app !== 'settings') await ui.openApp('settings');
    else if (ui.route.path !== '/') await ui.back();
    else {
      await ui.scrollTo(`settings.entry.${entry}`, { within: 'settings.main' });
      await ui.tap(`settings.entry.${entry}`);
      return;
    }
  }
  throw new Error(`stray change: could not get back to the settings main list (route ${ui.route.app}${ui.route.path})`);
}

/** 设置 → 声音和振动 → 触感反馈 toggled. Writes `apps.settings.sound.haptics`, which no task reads. */
export const settingsHaptics: StrayChange = {
  id: 'settings.haptics',
  app: 'settings',
  plan(state) {
    const s = settingsOf(state);
    if (!s) return null;
    const next = !s.sound.haptics;
    return {
      path: 'apps.settings.sound.haptics',
      description: `设置 → 声音和振动 → 触感反馈 ${next ? 'on' : 'off'}`,
      apply(draft) {
        settingsOf(draft)!.sound.haptics = next;
      },
      async run(ui) {
        await toSection(ui, 'sound');
        await ui.scrollTo('settings.sound.haptics', { within: 'settings.sound' });
        const sw = ui.find('settings.sound.haptics');
        if (!sw) throw new Error('stray change: no 触感反馈 switch on 声音和振动');
        if (Boolean(sw.checked) !== next) await ui.tap('settings.sound.haptics');
      },
    };
  },
};

/** 设置 → 显示和亮度 → 护眼模式 toggled. Writes `apps.settings.display.eyeComfort`. */
export const settingsEyeComfort: StrayChange = {
  id: 'settings.eyeComfort',
  app: 'settings',
  plan(state) {
    const s = settingsOf(state);
    if (!s) return null;
    const next = !s.display.eyeComfort;
    return {
      path: 'apps.settings.display.eyeComfort',
      description: `设置 → 显示和亮度 → 护眼模式 ${next ? 'on' : 'off'}`,
      apply(draft) {
        settingsOf(draft)!.display.eyeComfort = next;
      },
      async run(ui) {
        await toSection(ui, 'display');
        const sw = ui.find('settings.display.eye');
        if (!sw) throw new Error('stray change: no 护眼模式 switch on 显示和亮度');
        if (Boolean(sw.checked) !== next) await ui.tap('settings.display.eye');
      },
    };
  },
};

export const settingsStray: StrayChange[] = [settingsHaptics, settingsEyeComfort];
