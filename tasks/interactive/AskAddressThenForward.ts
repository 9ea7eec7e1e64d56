import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { displayName } from '../../simulator-apps/chat/logic.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, chatOf, conversationPaths, sentSince } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends Record<string, unknown> {
  hostChatId: string;
  hostId: string;
  hostName: string;
  guestChatId: string;
  guestId: string;
  guestName: string;
  place: string;
  address: string;
}

const PLACES: readonly (readonly [string, string])[] = [
  ['山椒小馆', '长宁路218号2楼'],
  ['渔火烧烤', '滨江大道66号江景里B座'],
  ['青禾素食', '文化街9号院内东侧'],
  ['老街牛肉面', '桂花巷口往里50米'],
  ['暖锅记', '和平路新天地3楼312'],
];

/**
 * Interactive, one app, two conversations: the host knows where tonight's dinner is; ask them,
 * then pass the exact address on to the guest. The host answers only a question about the place.
 */
export default defineTask<P>({
  goal: (p) => `在轻聊里问问“${p.hostName}”今晚聚餐的餐厅地址，然后把地址发给“${p.guestName}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['interactive'],
  params: {
    ...spreadParam('_pair', ['hostChatId', 'hostId', 'hostName', 'guestChatId', 'guestId', 'guestName'], (state, rng) => {
      const chat = chatOf(state);
      const usable = chat.chats.filter((c) => chat.contacts.some((k) => k.id === c.contactId));
      const [a, b] = rng.shuffle(usable).slice(0, 2);
      const host = chat.contacts.find((k) => k.id === a!.contactId)!;
      const guest = chat.contacts.find((k) => k.id === b!.contactId)!;
      return { hostChatId: a!.id, hostId: host.id, hostName: displayName(host), guestChatId: b!.id, guestId: guest.id, guestName: displayName(guest) };
    }),
    ...spreadParam('_place', ['place', 'address'], (_state, rng) => {
      const [place, address] = rng.pick(PLACES);
      return { place, address };
    }),
  },
  interaction: chatCounterpart<P>(
    (p) => p.hostId,
    ({ p, unanswered, turn }) => {
      if (!unanswered.some((t) => /地址|在哪|哪里|哪儿|餐厅|位置/.test(t))) return turn === 0 ? { text: '在呢，啥事？' } : null;
      return { text: `定在${p.place}，地址是${p.address}，七点见`, done: true };
    },
  ),
  checkGoals(input, p) {
    const toGuest = sentSince(input.init, input.final, p.guestId);
    return [
      criteria.that(`asked ${p.hostName}`, sentSince(input.init, input.final, p.hostId).length > 0, { expected: 'at least one message sent' }),
      criteria.that(`sent ${p.guestName} the address`, toGuest.some((m) => m.text.replace(/\s/g, '').includes(p.address)), { expected: `a message containing ${p.address}`, actual: toGuest.map((m) => m.text) }),
    ];
  },
  expectedChanges: (input, p) => [...conversationPaths(input.init, input.final, p.hostId), ...conversationPaths(input.init, input.final, p.guestId)],
  async oracle(ui, p) {
    await sendMessage(ui, p.hostChatId, '今晚聚餐的餐厅地址在哪呀？');
    const reply = ui.findAll({ textIncludes: '地址是' }).at(-1);
    if (!reply) throw new Error(`${p.hostName} did not answer with the address`);
    const address = reply.text.slice(reply.text.indexOf('地址是') + 3).split('，')[0]!;
    await sendMessage(ui, p.guestChatId, `今晚聚餐地址：${address}`);
  },
});
