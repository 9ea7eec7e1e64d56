import { defineTask } from '../../bridge/tasks/api.ts';
import { networkParam, openEntry, wifiOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  networkId: string;
  ssid: string;
}

/** The phone is moved to a saved network first, so the answer differs between instances. */
export default defineTask<P>({
  goal: '手机现在连接的是哪个WLAN？请告诉我网络名称。',
  difficulty: 'L1',
  objective: 'query',
  apps: ['settings'],
  tags: ['wifi'],
  params: {
    ...networkParam((n) => n.saved, false),
  },
  postSample({ state, p }) {
    const wifi = wifiOf(state);
    wifi.enabled = true;
    wifi.ssid = p.ssid;
  },
  answer: {
    fields: [{ id: 'ssid', label: 'WLAN名称', hint: '区分大小写、下划线和中划线', type: 'text' }],
    expected: (_p, input) => ({ ssid: wifiOf(input.init).ssid }),
  },
  async oracle(ui, p) {
    await openEntry(ui, 'wlan');
    const row = ui.find(`settings.wlan.net.${p.networkId}`);
    if (!row || !row.text.includes('已连接') || !row.text.includes(p.ssid)) throw new Error(`the WLAN screen does not show ${p.ssid} as connected`);
    return p.ssid;
  },
});
