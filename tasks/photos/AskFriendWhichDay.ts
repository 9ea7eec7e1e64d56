import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { clearChatDraft, dayParam, dayText, photosByDay, selectOnPhotosTab, shareSelected, sharedExactly, type DayParams } from './_helpers.ts';

interface P extends DayParams {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Interactive, cross-app: ask the friend which day's photos they want (they answer with the day), then share exactly that day's photos. */
export default defineTask<P>({
  goal: (p) => `${p.friendName}想要你拍的一些照片。先在轻聊里问问他想要哪一天拍的，然后把那一天的照片全部分享给他。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'photos'],
  startApp: 'home',
  tags: ['cross-app', 'interactive', 'share'],
  params: { ...counterpartParam('_friend', 'friend'), ...dayParam(2, 6) },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p }) => ({ text: `就要${p.dayName}那天拍的吧，谢谢！`, done: true }),
  ),
  checkGoals: (input, p) => {
    const ids = (photosByDay(input.init).get(p.day) ?? []).map((x) => x.id);
    const sent = sentSince(input.init, input.final, p.friendId);
    const cards = sharedExactly(input, p.chatId, ids, p.friendName);
    return [criteria.that(`asked ${p.friendName} first`, sent.length > 0 && !sent[0].card, { expected: 'a question before the photos', actual: sent[0]?.text }), cards[0]];
  },
  expectedChanges: (input, p) => conversationPaths(input.init, input.final, p.friendId),
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '你想要哪一天拍的照片？');
    const reply = ui.findAll({ textIncludes: '那天拍的吧' }).at(-1);
    if (!reply) throw new Error(`${p.friendName} did not answer`);
    const day = [...photosByDay(ui.state).keys()].find((d) => reply.text.includes(`就要${dayText(d)}那天`));
    if (!day) throw new Error(`no day with photos in "${reply.text}"`);
    await selectOnPhotosTab(ui, []);
    await ui.scrollTo(`photos.day.${day}.select`, { within: 'photos.grid', maxSwipes: 40 });
    await ui.tap(`photos.day.${day}.select`);
    await shareSelected(ui, p.chatId);
  },
});
