import { defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, namedChatParam, openConversation } from '../chat/_helpers.ts';
import { currentSong, musicOf, PLAY_CHANGES, playedCriteria, playFromSearch, SEARCH_CHANGES, songParam } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
  songId: string;
  title: string;
  artist: string;
  messageId: string;
}

/** Memory, two apps: a friend's message in 轻聊 names a song (the goal does not); play it in 律动. */
export default defineTask<P>({
  goal: (p) => `“${p.contactName}”刚在轻聊里给我推荐了一首歌，去律动里把它放来听听。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'music'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'play'],
  params: {
    ...namedChatParam(),
    ...songParam((s, m) => currentSong(m)?.id !== s.id),
    messageId: {
      sampler: (state) => {
        let max = 0;
        for (const ch of chatOf(state).chats) for (const m of ch.messages) max = Math.max(max, Number(m.id.slice(2)));
        return `m_${String(max + 1).padStart(5, '0')}`;
      },
    },
  },
  postSample({ state, p }) {
    const c = chatOf(state).chats.find((x) => x.id === p.chatId)!;
    c.messages.push({ id: p.messageId, from: c.contactId, text: `最近一直在单曲循环${p.artist}的《${p.title}》，超好听，你也听听！`, time: state.os.time.timestamp - 12 * 60_000 });
    c.unread += 1;
  },
  checkGoals: (input, p) => playedCriteria(input, p.songId, p.title),
  expectedChanges: (_input, p) => [...PLAY_CHANGES, ...SEARCH_CHANGES, `apps.chat.chats[${p.chatId}].unread`],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await openConversation(ui, p.chatId);
    const said = ui.findAll({ textIncludes: '单曲循环' }).at(-1)?.text ?? '';
    const title = /《(.+?)》/.exec(said)?.[1];
    if (!title) throw new Error(`no song named in ${p.contactName}'s message`);
    const song = musicOf(ui.state).songs.find((s) => s.title === title)!;
    await playFromSearch(ui, song.id, title);
  },
});
