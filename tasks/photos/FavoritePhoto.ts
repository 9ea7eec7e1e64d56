import { defineTask } from '../../bridge/tasks/api.ts';
import { openPhoto, photoOf, photoParam, type PhotoParams } from './_helpers.ts';

/** One photo named by its time and place, favourited in the viewer. */
export default defineTask<PhotoParams>({
  goal: (p) => `在相册中收藏${p.photoText}。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['favorite'],
  params: { ...photoParam((p) => p.source === 'camera' && p.placeId !== null) },
  postSample({ state, p }) {
    photoOf(state, p.photoId).favorite = false;
  },
  criteria: (p) => ({ [`apps.photos.photos[${p.photoId}].favorite`]: true }),
  async oracle(ui, p) {
    await openPhoto(ui, p.photoId);
    await ui.tap('photos.viewer.favorite');
  },
});
