import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { openPhotosTab, photosOf, photoWords, trashPhotos } from './_helpers.ts';

interface P extends Record<string, unknown> {
  photoId: string;
  photoText: string;
}

/** 相册 → 最近删除 → the photo → 恢复. */
export default defineTask<P>({
  goal: (p) => `不小心删掉了${p.photoText}，把它从最近删除里恢复回来。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['trash'],
  params: {
    ...spreadParam('_photo', ['photoId', 'photoText'], (state, rng) => {
      const p = rng.pick(trashPhotos(photosOf(state)));
      return { photoId: p.id, photoText: photoWords(state, p) };
    }),
  },
  criteria: (p) => ({ [`apps.photos.photos[${p.photoId}].deletedAt`]: null }),
  async oracle(ui, p) {
    await openPhotosTab(ui, 'albums');
    await ui.scrollTo('photos.trash', { within: 'photos.albums.list' });
    await ui.tap('photos.trash');
    await ui.scrollTo(`photos.tile.${p.photoId}`, { within: 'photos.trash.grid' });
    await ui.tap(`photos.tile.${p.photoId}`);
    await ui.tap('photos.viewer.restore');
  },
});
