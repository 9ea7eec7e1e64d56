import { defineTask } from '../../bridge/tasks/api.ts';
import { threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { albumPhotos, clearChatDraft, photosOf, placeParam, selectInAlbum, shareSelected, sharedExactly, type PlaceParams } from './_helpers.ts';

interface P extends PlaceParams {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Cross-app: a place's photos, all of them and only them, shared to a friend (select mode → 分享). */
export default defineTask<P>({
  goal: (p) => `把在${p.placeName}拍的所有照片都分享给轻聊里的${p.friendName}（只发这些照片）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos', 'chat'],
  startApp: 'photos',
  tags: ['cross-app', 'share'],
  params: { ...placeParam(2, 8), ...counterpartParam('_friend', 'friend') },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  checkGoals: (input, p) => sharedExactly(input, p.chatId, albumPhotos(photosOf(input.init), { kind: 'place', id: p.placeId }).map((x) => x.id), p.friendName),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await selectInAlbum(ui, p.placeId);
    await shareSelected(ui, p.chatId);
  },
});
