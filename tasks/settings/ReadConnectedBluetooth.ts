import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry, pairedDevices, settingsOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  deviceId: string;
  deviceName: string;
}

/** Exactly one paired device is connected (moved by postSample); the others are only paired. */
export default defineTask<P>({
  goal: '手机现在通过蓝牙连接着哪个设备？请告诉我设备名称。',
  difficulty: 'L2',
  objective: 'query',
  apps: ['settings'],
  tags: ['bluetooth'],
  params: {
    ...spreadParam('_device', ['deviceId', 'deviceName'], (state, rng) => {
      const d = rng.pick(pairedDevices(state));
      return { deviceId: d.id, deviceName: d.name };
    }),
  },
  postSample({ state, p }) {
    const bt = settingsOf(state).bluetooth;
    bt.enabled = true;
    for (const d of bt.devices) d.connected = d.id === p.deviceId;
  },
  answer: {
    fields: [{ id: 'device', label: '设备名称', type: 'text' }],
    expected: (p) => ({ device: p.deviceName }),
  },
  async oracle(ui, p) {
    await openEntry(ui, 'bluetooth');
    const row = ui.find(`settings.bt.device.${p.deviceId}`);
    if (!row || !row.text.includes('已连接')) throw new Error(`${p.deviceName} is not shown as connected`);
    return p.deviceName;
  },
});
