import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { shareTargets } from '../../simulator-apps/chat/share.ts';
import { chatOf } from '../chat/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';
import { albumById, musicOf, SEARCH_CHANGES, songMenuFromSearch, songParam, type SongParams } from './_helpers.ts';

interface P extends SongParams {
  chatId: string;
  chatName: string;
}

function threads(state: Parameters<typeof chatOf>[0]) {
  const chat = chatOf(state);
  return [...chat.chats, ...(chat.groups ?? [])];
}

/** Cross-app, restraint: ⋮ → 分享 → one chat of 轻聊 gets the song's card, and no other chat anything. */
export default defineTask<P>({
  goal: (p) => `把${p.artist}的《${p.title}》从律动分享给轻聊里的“${p.chatName}”，别发给其他人。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['music', 'chat'],
  startApp: 'music',
  tags: ['cross-app', 'share', 'restraint'],
  params: {
    ...songParam(),
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
    const album = albumById(musicOf(input.init), musicOf(input.init).songs.find((s) => s.id === p.songId)!.albumId)!;
    return [
      criteria.that('one new message from me in that chat', added.length === 1 && added[0]!.from === 'me', { expected: 1, actual: added.length, path: `apps.chat.${kind}[${p.chatId}].messages` }),
      criteria.equals('it carries the song card', card ? `${card.app}:${card.title}:${card.ref}` : null, `music:${p.title}:/album/${album.id}`),
      criteria.equals('no other chat got anything', other.length, 0),
    ];
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await songMenuFromSearch(ui, p.songId, p.title);
    await ui.tap('music.sheet.share');
    await scrollAndTap(ui, `music.share.target.${p.chatId}`, 'music.share.list');
  },
});
