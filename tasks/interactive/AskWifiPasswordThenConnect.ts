import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { LOOK_ALIKE_SSID, connectWithPassword, networkById, networkParam, wifiOf } from '../settings/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  networkId: string;
  ssid: string;
  password: string;
}

/**
 * Interactive, two apps: at a friend's place; their Wi-Fi is secured and the phone has never
 * joined it. Ask them for the password in 轻聊 (they answer a question about the Wi-Fi or the
 * password), then join it in 设置.
 */
export default defineTask<P>({
  goal: (p) => `你在“${p.friendName}”家做客，他家的WLAN叫“${p.ssid}”。在轻聊里问问他WLAN密码，然后在设置里连上这个WLAN。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'settings'],
  startApp: 'home',
  tags: ['interactive', 'cross-app', 'wifi'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...networkParam((n) => n.security !== 'open' && !n.saved && n.ssid !== LOOK_ALIKE_SSID, true),
  },
  postSample({ state }) {
    wifiOf(state).enabled = true;
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered, turn }) => {
      if (!unanswered.some((t) => /密码|wifi|WiFi|WIFI|WLAN|wlan|无线|网/.test(t))) return turn === 0 ? { text: '咋啦？' } : null;
      return { text: `密码是 ${p.password} ，注意大小写`, done: true };
    },
  ),
  checkGoals(input, p) {
    return [
      criteria.that(`asked ${p.friendName} in 轻聊`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
      criteria.equals('the phone is on that network', wifiOf(input.final).ssid, p.ssid, 'os.wifi.ssid'),
      criteria.equals('the network is saved', networkById(input.final, p.networkId)?.saved ?? null, true, `apps.settings.wifi.networks[${p.networkId}].saved`),
    ];
  },
  expectedChanges: (input, p) => ['os.wifi.ssid', `apps.settings.wifi.networks[${p.networkId}].*`, ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '你家WiFi密码多少呀？');
    const reply = ui.findAll({ textIncludes: '密码是' }).at(-1);
    if (!reply) throw new Error(`${p.friendName} did not answer with the password`);
    const password = reply.text.slice(reply.text.indexOf('密码是') + 3).trim().split(/\s+/)[0]!;
    await connectWithPassword(ui, p.networkId, password);
    if (wifiOf(ui.state).ssid !== p.ssid) throw new Error('the phone did not join the network');
  },
});
