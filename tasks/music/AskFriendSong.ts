import { defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { criteria } from '../../bridge/tasks/api.ts';
import { currentSong, musicOf, PLAY_CHANGES, playedCriteria, playFromSearch, SEARCH_CHANGES, songParam } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  songId: string;
  title: string;
  artist: string;
}

/** Interactive, two apps: ask a friend in 轻聊 which song to put on; they name one (the script); play it in 律动. */
export default defineTask<P>({
  goal: (p) => `${p.friendName}一会儿来我家，在轻聊问问${p.friendName}想听什么歌，然后在律动里把那首歌放起来。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat', 'music'],
  startApp: 'home',
  tags: ['cross-app', 'interactive', 'play'],
  params: { ...counterpartParam('_friend', 'friend'), ...songParam((s, m) => currentSong(m)?.id !== s.id) },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered }) => {
      if (!unanswered.some((t) => /歌|听|音乐/.test(t))) return { text: '嗯？怎么啦' };
      return { text: `想听${p.artist}的《${p.title}》，放这首吧！`, done: true };
    },
  ),
  checkGoals: (input, p) => [
    criteria.that(`asked ${p.friendName} in the chat app`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
    ...playedCriteria(input, p.songId, p.title),
  ],
  expectedChanges: (input, p) => [...PLAY_CHANGES, ...SEARCH_CHANGES, ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '你想听什么歌？我先放上');
    const reply = ui.findAll({ textIncludes: '放这首吧' }).at(-1);
    const title = /《(.+?)》/.exec(reply?.text ?? '')?.[1];
    if (!title) throw new Error(`${p.friendName} did not name a song`);
    const song = musicOf(ui.state).songs.find((s) => s.title === title)!;
    await playFromSearch(ui, song.id, title);
  },
});
