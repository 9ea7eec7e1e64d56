import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
}

/** 关于手机 → 设备名称: the name is the OS's (`os.device.name`), which Bluetooth shows too. */
export default defineTask<P>({
  goal: (p) => `把手机的设备名称改成“${p.name}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  realPhone: { app: 'com.android.settings' },
  tags: ['about'],
  params: { name: { type: 'enum', values: ['小林的手机', '工作机', 'Kevin的手机', '客厅备用机'] } },
  criteria: (p) => ({ 'os.device.name': p.name }),
  async oracle(ui, p) {
    await openEntry(ui, 'about');
    await ui.tap('settings.about.name');
    await ui.type('settings.name.input', p.name, { clear: true });
    await ui.tap('settings.name.save');
  },
});
