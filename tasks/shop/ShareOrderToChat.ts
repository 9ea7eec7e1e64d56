import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { chatOf } from '../chat/_helpers.ts';
import { shareTargets } from '../../simulator-apps/chat/share.ts';
import { openOrder, orderOf, orderParam, type OrderParams } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends OrderParams {
  chatId: string;
  chatName: string;
}

/** Every conversation of the state: the one-to-one chats, then the groups. */
function threads(state: PhoneState) {
  const chat = chatOf(state);
  return [...chat.chats, ...(chat.groups ?? [])];
}

/** 订单详情 → 分享 → a chat or group in 轻聊: a card message from me carrying the order. */
export default defineTask<P>({
  goal: (p) => `把优选里「${p.title}」那笔订单分享到轻聊的“${p.chatName}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['shop', 'chat'],
  startApp: 'shop',
  tags: ['cross-app', 'share', 'orders'],
  params: {
    ...orderParam((o) => o.status !== 'closed'),
    ...spreadParam('_chat', ['chatId', 'chatName'], (state, rng) => {
      const targets = shareTargets(chatOf(state));
      const names = targets.map((t) => t.name);
      const t = rng.pick(targets.slice(0, 8).filter((x) => names.filter((n) => n === x.name).length === 1));
      return { chatId: t.chatId, chatName: t.name };
    }),
  },
  checkGoals(input, p) {
    const before = threads(input.init).find((t) => t.id === p.chatId)!;
    const after = threads(input.final).find((t) => t.id === p.chatId);
    const added = (after?.messages ?? []).filter((m) => !before.messages.some((x) => x.id === m.id));
    const card = added[0]?.card;
    const other = threads(input.final).filter((t) => t.id !== p.chatId && t.messages.length !== (threads(input.init).find((x) => x.id === t.id)?.messages.length ?? 0));
    const kind = p.chatId.startsWith('g_') ? 'groups' : 'chats';
    return [
      criteria.that('one new message in that chat', added.length === 1 && added[0].from === 'me', { expected: 1, actual: added.length, path: `apps.chat.${kind}[${p.chatId}].messages` }),
      criteria.equals('it carries the order card', card ? `${card.app}${card.ref}` : null, `shop/order/${p.orderId}`),
      criteria.equals('no other chat got it', other.length, 0),
      criteria.that('the order is unchanged', JSON.stringify(orderOf(input.final, p.orderId)) === JSON.stringify(orderOf(input.init, p.orderId))),
    ];
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('shop.order.share');
    await scrollAndTap(ui, `shop.share.target.${p.chatId}`, 'shop.share.list');
  },
});
