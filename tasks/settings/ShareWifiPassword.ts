import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatParam, newMessages, openConversation, threadChanges } from '../chat/_helpers.ts';
import { networkParam, openNetworkInfo, wifiOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  networkId: string;
  ssid: string;
  password: string;
  chatId: string;
  contactId: string;
  contactName: string;
}

/**
 * Cross-app: the password of a saved network is only shown on 设置 → WLAN → ⓘ → 分享密码; the
 * agent carries it into 轻聊 by typing. The goal names neither the password nor where to find it.
 */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”问我家里WLAN“${p.ssid}”的密码。请在设置里查到这个已保存网络的密码，然后在轻聊里把密码发给“${p.contactName}”。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['settings', 'chat'],
  startApp: 'home',
  tags: ['wifi', 'cross-app'],
  params: {
    ...networkParam((n, s) => n.saved && n.security !== 'open' && n.ssid !== wifiOf(s).ssid, true),
    ...chatParam(),
  },
  checkGoals(input, p) {
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [
      criteria.that('a new message from me in the chat', sent.length >= 1, { expected: '≥ 1', actual: sent.length }),
      criteria.that('a message carries the password', sent.some((m) => m.text.includes(p.password)), { expected: p.password, actual: sent.map((m) => m.text) }),
    ];
  },
  expectedChanges: (_input, p) => [...threadChanges(p.chatId), `apps.chat.chats[${p.chatId}].draft`],
  async oracle(ui, p) {
    await openNetworkInfo(ui, p.networkId);
    await ui.tap('settings.wlan.detail.share');
    const row = ui.find('settings.wlan.share.password');
    if (!row || !row.text.includes(p.password)) throw new Error('the share screen does not show the password');
    await openConversation(ui, p.chatId);
    await ui.type('chat.input', `WLAN“${p.ssid}”的密码是 ${p.password}`);
    await ui.tap('chat.send');
  },
});
