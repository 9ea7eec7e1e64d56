import { defineTask, match } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { openPhotosTab, photosOf, photoWords, trashPhotos } from './_helpers.ts';

interface P extends Record<string, unknown> {
  photoId: string;
  photoText: string;
}

/** 最近删除 → 选择 → the photo → 彻底删除 (asks); the others stay there. */
export default defineTask<P>({
  goal: (p) => `最近删除里的${p.photoText}不要了，把它彻底删除（最近删除里的其他照片保留）。`,
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
  criteria: (p) => ({ [`apps.photos.photos[${p.photoId}]`]: match.absent() }),
  expectedChanges: (input, p) => photosOf(input.init).albums.filter((a) => a.photoIds.includes(p.photoId)).map((a) => `apps.photos.albums[${a.id}].photoIds`),
  async oracle(ui, p) {
    await openPhotosTab(ui, 'albums');
    await ui.scrollTo('photos.trash', { within: 'photos.albums.list' });
    await ui.tap('photos.trash');
    await ui.tap('photos.trash.select');
    await ui.scrollTo(`photos.tile.${p.photoId}`, { within: 'photos.trash.grid' });
    await ui.tap(`photos.tile.${p.photoId}`);
    await ui.tap('photos.trash.purge');
    await ui.tap('dialog.confirm');
  },
});
