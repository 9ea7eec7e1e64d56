import { defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, namedChatParam, openConversation } from '../chat/_helpers.ts';
import { musicOf, SEARCH_CHANGES, songMenuFromSearch } from './_helpers.ts';
import { addedPlaylistPaths, fileIntoPlaylist, newPlaylistCriteria } from './_newPlaylist.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
  songIds: string[];
  messageId: string;
}

/** Memory, two apps, a chain: a friend lists three songs in 轻聊; make a playlist named for them with exactly those. */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”在轻聊里给我列了几首歌。在律动里新建一个叫“${p.contactName}推荐”的歌单，把这几首都收藏进去。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'music'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'playlist'],
  params: {
    ...namedChatParam(),
    songIds: { sampler: (state, rng) => rng.shuffle(musicOf(state).songs).slice(0, 3).map((s) => s.id) },
    messageId: {
      sampler: (state) => {
        let max = 0;
        for (const ch of chatOf(state).chats) for (const m of ch.messages) max = Math.max(max, Number(m.id.slice(2)));
        return `m_${String(max + 1).padStart(5, '0')}`;
      },
    },
  },
  postSample({ state, p }) {
    const m = musicOf(state);
    const titles = p.songIds.map((id) => `《${m.songs.find((s) => s.id === id)!.title}》`).join('、');
    const c = chatOf(state).chats.find((x) => x.id === p.chatId)!;
    c.messages.push({ id: p.messageId, from: c.contactId, text: `给你推荐几首我最近爱听的：${titles}，去律动搜一下就有～`, time: state.os.time.timestamp - 25 * 60_000 });
    c.unread += 1;
  },
  checkGoals: (input, p) => newPlaylistCriteria(input, `${p.contactName}推荐`, p.songIds),
  expectedChanges: (input, p) => [...SEARCH_CHANGES, ...addedPlaylistPaths(input), `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await openConversation(ui, p.chatId);
    const said = ui.findAll({ textIncludes: '给你推荐几首' }).at(-1)?.text ?? '';
    const titles = [...said.matchAll(/《(.+?)》/g)].map((x) => x[1]!);
    if (titles.length !== 3) throw new Error(`the message lists ${titles.length} songs`);
    for (const title of titles) {
      const song = musicOf(ui.state).songs.find((s) => s.title === title)!;
      await songMenuFromSearch(ui, song.id, title);
      await fileIntoPlaylist(ui, `${p.contactName}推荐`);
    }
  },
});
