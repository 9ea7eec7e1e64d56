import { defineTask } from '../../bridge/tasks/api.ts';
import { LOOK_ALIKE_SSID, connectWithPassword, networkBySsid, wifiOf } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  networkId: string;
  password: string;
}

/**
 * Trap: the phone is on `Home_5G` (underscore, saved); the goal is `Home-5G` (hyphen), a
 * different network that needs its password. Staying on, or re-tapping, Home_5G fails.
 */
export default defineTask<P>({
  goal: (p) => `把手机的WLAN换成“${LOOK_ALIKE_SSID}”这个网络，密码是 ${p.password}`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['wifi', 'trap'],
  params: {
    ...spreadParam('_net', ['networkId', 'password'], (state) => {
      const n = networkBySsid(state, LOOK_ALIKE_SSID);
      return n ? { networkId: n.id, password: n.password } : null;
    }),
  },
  postSample({ state }) {
    const wifi = wifiOf(state);
    wifi.enabled = true;
    wifi.ssid = 'Home_5G';
  },
  criteria: (p) => ({
    'os.wifi.ssid': LOOK_ALIKE_SSID,
    [`apps.settings.wifi.networks[${p.networkId}].saved`]: true,
  }),
  async oracle(ui, p) {
    await connectWithPassword(ui, p.networkId, p.password);
  },
});
