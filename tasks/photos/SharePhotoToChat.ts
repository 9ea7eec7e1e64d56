import { defineTask } from '../../bridge/tasks/api.ts';
import { threadChanges } from '../chat/_helpers.ts';
import { counterpartParam } from '../interactive/_helpers.ts';
import { clearChatDraft, openPhoto, photoParam, sharedExactly, type PhotoParams } from './_helpers.ts';

interface P extends PhotoParams {
  chatId: string;
  friendId: string;
  friendName: string;
}

/** Cross-app: the viewer's 分享 → 轻聊 → the friend: one photo card. */
export default defineTask<P>({
  goal: (p) => `把${p.photoText}分享给轻聊里的${p.friendName}。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos', 'chat'],
  startApp: 'photos',
  tags: ['cross-app', 'share'],
  params: { ...photoParam((x) => x.placeId !== null), ...counterpartParam('_friend', 'friend') },
  postSample({ state, p }) {
    clearChatDraft(state, p.chatId);
  },
  checkGoals: (input, p) => sharedExactly(input, p.chatId, [p.photoId], p.friendName),
  expectedChanges: (_input, p) => threadChanges(p.chatId),
  async oracle(ui, p) {
    await openPhoto(ui, p.photoId);
    await ui.tap('photos.viewer.share');
    await ui.scrollTo(`photos.share.target.${p.chatId}`, { within: 'photos.share.list' });
    await ui.tap(`photos.share.target.${p.chatId}`);
  },
});
