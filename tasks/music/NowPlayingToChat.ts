import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { newMessages, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { clearChatDraft } from '../clock/_helpers.ts';
import { currentSong, musicOf, openPlayer } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Cross-app, memory: read the song 律动 has on (the player or the launcher card), tell a friend its title. */
export default defineTask<P>({
  goal: (p) => `${p.friendName}问我现在在听什么歌。看一下律动里当前的歌，用轻聊告诉${p.friendName}歌名。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['music', 'chat'],
  startApp: 'home',
  tags: ['cross-app', 'memory'],
  params: counterpartParam('_friend', 'friend'),
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  checkGoals: (input, p) => {
    const title = currentSong(musicOf(input.init))!.title;
    const sent = newMessages(input, p.chatId).filter((m) => m.from === 'me');
    return [exactlyOne(`one message to ${p.friendName}`, sent, `apps.chat.chats[${p.chatId}].messages`), criteria.that('it names the song', (sent[0]?.text ?? '').includes(title), { expected: title, actual: sent[0]?.text ?? '' })];
  },
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openPlayer(ui);
    const title = ui.find('music.player.title')?.text;
    if (!title) throw new Error('the player shows no title');
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, `我在听《${title}》`);
  },
});
