import { defineTask } from '../../bridge/tasks/api.ts';
import { deliverIncoming } from '../../simulator-apps/chat/share.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { openConversation, threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { albumPhotos, clearChatDraft, photosOf, placeParam, selectInAlbum, shareSelected, sharedExactly, type PlaceParams } from './_helpers.ts';

interface P extends PlaceParams {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Memory, cross-app: the friend's message in 轻聊 names the place; its photos go back to that friend. */
export default defineTask<P>({
  goal: (p) => `${p.friendName}在轻聊里问你要照片。看看他想要哪里的照片，把那个地方拍的照片都分享给他。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'photos'],
  startApp: 'home',
  tags: ['cross-app', 'memory', 'share'],
  params: { ...placeParam(2, 8), ...counterpartParam('_friend', 'friend') },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
    deliverIncoming(state.apps.chat as unknown as ChatState, { chatId: p.chatId, from: p.friendId, text: `上次你在${p.placeName}拍的照片能发我看看吗？`, now: state.os.time.timestamp - 600_000 });
  },
  checkGoals: (input, p) => sharedExactly(input, p.chatId, albumPhotos(photosOf(input.init), { kind: 'place', id: p.placeId }).map((x) => x.id), p.friendName),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await ui.openApp('chat');
    await openConversation(ui, p.chatId);
    if (!ui.find({ textIncludes: p.placeName })) throw new Error(`the message naming ${p.placeName} is not on screen`);
    await selectInAlbum(ui, p.placeId);
    await shareSelected(ui, p.chatId);
  },
});
