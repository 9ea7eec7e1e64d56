import { defineTask } from '../../bridge/tasks/api.ts';
import { LOOK_ALIKE_SSID, connectWithPassword, pickNetwork, wifiOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  networkId: string;
  ssid: string;
  password: string;
}

/** A secured network the phone has never joined: the password comes from the goal. */
export default defineTask<P>({
  goal: (p) => `连接WLAN“${p.ssid}”，密码是 ${p.password}`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['settings'],
  startApp: 'settings',
  tags: ['wifi'],
  params: {
    _net: {
      sampler: (state, rng) =>
        pickNetwork(state, rng, (n) => n.security !== 'open' && !n.saved && n.ssid !== LOOK_ALIKE_SSID) ?? pickNetwork(state, rng, (n) => n.ssid === LOOK_ALIKE_SSID),
      fields: { networkId: 'networkId', ssid: 'ssid', password: 'password' },
    },
  },
  postSample({ state }) {
    wifiOf(state).enabled = true;
  },
  criteria: (p) => ({
    'os.wifi.ssid': p.ssid,
    'os.wifi.enabled': true,
    [`apps.settings.wifi.networks[${p.networkId}].saved`]: true,
  }),
  async oracle(ui, p) {
    await connectWithPassword(ui, p.networkId, p.password);
    if (wifiOf(ui.state).ssid !== p.ssid) throw new Error('the phone did not join the network');
  },
});
