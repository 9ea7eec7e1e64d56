import { defineTask } from '../../bridge/tasks/api.ts';
import { sortedNetworks } from '../../simulator-apps/settings/logic.ts';
import { openEntry, settingsOf, wifiOf } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  ssid: string;
}

/** Infeasible: the network is not around (not in the WLAN list) and there is no way to add one by hand. */
export default defineTask<P>({
  goal: (p) => `连接名为“${p.ssid}”的WLAN。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['wifi', 'infeasible'],
  params: {
    ssid: { type: 'enum', values: ['Airport_Free_5G', 'Office-3F', 'HuaTing_Guest', 'Moonlight_Cafe'] },
  },
  answer: infeasibleAnswer({ id: 'result', label: '连接结果', hint: '连接成功后显示的网络名称', type: 'text' }),
  async oracle(ui, p) {
    if (settingsOf(ui.state).wifi.networks.some((n) => n.ssid === p.ssid)) throw new Error(`${p.ssid} is in the list: the task is feasible`);
    await openEntry(ui, 'wlan');
    // Down to the last network of the list, looking for the name on the way.
    const list = sortedNetworks(settingsOf(ui.state).wifi.networks, wifiOf(ui.state).ssid);
    await ui.scrollTo(`settings.wlan.net.${list[list.length - 1].id}`, { within: 'settings.wlan.list' });
    if (ui.find({ textIncludes: p.ssid })) throw new Error(`${p.ssid} is shown on screen`);
    return { infeasible: `WLAN列表中没有名为“${p.ssid}”的网络，不在范围内，无法连接` };
  },
});
