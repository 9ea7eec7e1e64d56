import { defineTask, match } from '../../bridge/tasks/api.ts';
import { albumParam, nothingElseDeleted, openAlbum, type AlbumParams } from './_helpers.ts';

/** Restraint: the album goes, its photos stay (deleting them too fails). */
export default defineTask<AlbumParams>({
  goal: (p) => `删除相册“${p.albumName}”，但相册里的照片要保留，一张都不要删。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums', 'restraint'],
  params: { ...albumParam() },
  criteria: (p) => ({ [`apps.photos.albums[${p.albumId}]`]: match.absent() }),
  checkGoals: (input) => [nothingElseDeleted(input)],
  async oracle(ui, p) {
    await openAlbum(ui, p.albumId);
    await ui.tap('photos.album.more');
    await ui.tap('photos.album.menu.delete');
    await ui.tap('dialog.confirm');
  },
});
