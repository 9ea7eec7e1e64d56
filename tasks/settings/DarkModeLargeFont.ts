import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry, setSwitch, settingsOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  size: string;
}

/** Two settings on one screen, the font size one level deeper (显示和亮度 → 字体大小). */
export default defineTask<P>({
  goal: (p) => `打开深色模式，并把字体大小调成“${p.size}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  realPhone: { app: 'com.android.settings' },
  tags: ['display'],
  params: { size: { type: 'enum', values: ['大', '特大', '超大'] } },
  postSample({ state }) {
    const d = settingsOf(state).display;
    d.darkMode = false;
    d.fontSize = '标准';
  },
  criteria: (p) => ({ 'apps.settings.display.darkMode': true, 'apps.settings.display.fontSize': p.size }),
  async oracle(ui, p) {
    await openEntry(ui, 'display');
    await setSwitch(ui, 'settings.display.dark', true);
    await ui.tap('settings.display.font');
    await ui.tap(`settings.font.${p.size}`);
  },
});
