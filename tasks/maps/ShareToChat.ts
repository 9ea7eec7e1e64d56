import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { shareTargets } from '../../simulator-apps/chat/share.ts';
import { chatOf } from '../chat/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

interface P extends PlaceParams {
  chatId: string;
  chatName: string;
}

function threads(state: PhoneState) {
  const chat = chatOf(state);
  return [...chat.chats, ...(chat.groups ?? [])];
}

/** 地点详情 → 分享 → a chat in 轻聊: one card from me there, and in no other chat. */
export default defineTask<P>({
  goal: (p) => `把「${p.placeName}」这个地点从路路通分享给轻聊里的“${p.chatName}”，别发给其他人。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['maps', 'chat'],
  startApp: 'maps',
  tags: ['cross-app', 'share', 'restraint'],
  params: {
    ...placeParam((x) => ['美食', '咖啡', '景点', '公园', '购物', '酒店'].includes(x.category)),
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
      criteria.that('one new message from me in that chat', added.length === 1 && added[0].from === 'me', { expected: 1, actual: added.length, path: `apps.chat.${kind}[${p.chatId}].messages` }),
      criteria.equals('it carries the place card', card ? `${card.app}${card.ref}` : null, `maps/place/${p.placeId}`),
      criteria.equals('no other chat got anything', other.length, 0),
    ];
  },
  expectedChanges: () => BROWSE_CHANGES,
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    await ui.tap('maps.place.share');
    await scrollAndTap(ui, `maps.share.target.${p.chatId}`, 'maps.share.list');
  },
});
