import { defineTask } from '../../bridge/tasks/api.ts';
import { networkParam, openNetworkInfo, wifiOf } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  networkId: string;
  ssid: string;
}

/** 删除网络 on a saved network the phone is not connected to, through its detail page and a confirm. */
export default defineTask<P>({
  goal: (p) => `在WLAN设置里删除（忘记）已保存的网络“${p.ssid}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['wifi'],
  params: {
    ...networkParam((n, s) => n.saved && n.ssid !== wifiOf(s).ssid, false),
  },
  criteria: (p) => ({ [`apps.settings.wifi.networks[${p.networkId}].saved`]: false }),
  // A forgotten network goes back to the default 自动连接 on.
  expectedChanges: (_input, p) => [`apps.settings.wifi.networks[${p.networkId}].autoConnect`],
  async oracle(ui, p) {
    await openNetworkInfo(ui, p.networkId);
    await scrollAndTap(ui, 'settings.wlan.detail.forget', 'settings.wlan.detail');
    await ui.tap('dialog.confirm');
  },
});
