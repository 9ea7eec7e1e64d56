/**
 * The settings app's stray changes for `phonegym verify` (docs/verify.md): small switches no
 * settings task asks for, flipped through the UI from whatever screen the oracle ended on.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { SettingsState } from '../../simulator-apps/settings/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';
import { scrollAndTap, setSwitch } from '../_shared/ui.ts';

const SETTINGS: StrayApp<SettingsState> = { app: 'settings', has: (s) => s.sound && s.display };

/** Back to the settings main list from anywhere (dialogs, pickers, other apps), then into one section. */
async function toSection(ui: OracleUi, entry: 'sound' | 'display'): Promise<void> {
  await walkBack(ui, 'settings', 'the settings main list', () => {
    if (overlaid(ui, ['dialog', 'alertdialog', 'menu'])) return 'back';
    if (ui.route.app !== 'settings') return 'open';
    return ui.route.path === '/' ? null : 'back';
  });
  await scrollAndTap(ui, `settings.entry.${entry}`, 'settings.main');
}

const SECTIONS = { sound: '声音和振动', display: '显示和亮度' } as const;

/**
 * 设置 → a section → one switch toggled (scrolled to within `list` first when given). Writes
 * `apps.settings.<section>.<field>`, which no settings task reads or declares.
 */
function switchStray(section: keyof typeof SECTIONS, field: 'haptics' | 'eyeComfort', key: string, label: string, list?: string): StrayChange {
  const values = (s: SettingsState) => s[section] as unknown as Record<string, boolean>;
  return sliceStray(SETTINGS, `settings.${field}`, (s) => {
    const next = !values(s)[field];
    return {
      path: `apps.settings.${section}.${field}`,
      description: `设置 → ${SECTIONS[section]} → ${label} ${next ? 'on' : 'off'}`,
      apply(draft) {
        values(draft)[field] = next;
      },
      async run(ui) {
        await toSection(ui, section);
        if (list) await ui.scrollTo(key, { within: list });
        await setSwitch(ui, key, next, `stray change: no ${label} switch on ${SECTIONS[section]}`);
      },
    };
  });
}

/** 触感反馈 first (no task reads it), then 护眼模式. */
export const strays: StrayChange[] = [switchStray('sound', 'haptics', 'settings.sound.haptics', '触感反馈', 'settings.sound'), switchStray('display', 'eyeComfort', 'settings.display.eye', '护眼模式')];
