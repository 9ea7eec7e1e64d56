import { defineTask } from '../../bridge/tasks/api.ts';
import { albumPhotos, photosOf, placeParam, selectInAlbum, type PlaceParams } from './_helpers.ts';

/** Every photo of a place favourited at once: the place's album, 选择, 收藏. */
export default defineTask<PlaceParams>({
  goal: (p) => `把在${p.placeName}拍的照片全部收藏。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['favorite', 'albums'],
  params: { ...placeParam(2, 12) },
  postSample({ state, p }) {
    for (const x of photosOf(state).photos) if (x.placeId === p.placeId) x.favorite = false;
  },
  criteria: (p, input) => Object.fromEntries(albumPhotos(photosOf(input.init), { kind: 'place', id: p.placeId }).map((x) => [`apps.photos.photos[${x.id}].favorite`, true])),
  async oracle(ui, p) {
    await selectInAlbum(ui, p.placeId);
    await ui.tap('photos.sel.favorite');
  },
});
