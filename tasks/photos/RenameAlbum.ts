import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { albumParam, NEW_ALBUM_NAMES, openAlbum, type AlbumParams } from './_helpers.ts';

interface P extends AlbumParams {
  name: string;
}

export default defineTask<P>({
  goal: (p) => `把相册“${p.albumName}”重命名为“${p.name}”。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums'],
  params: {
    ...albumParam(),
    ...spreadParam('_name', ['name'], (_s, rng) => ({ name: rng.pick(NEW_ALBUM_NAMES) })),
  },
  criteria: (p) => ({ [`apps.photos.albums[${p.albumId}].name`]: p.name }),
  async oracle(ui, p) {
    await openAlbum(ui, p.albumId);
    await ui.tap('photos.album.more');
    await ui.tap('photos.album.menu.rename');
    await ui.type('photos.name.input', p.name, { clear: true });
    await ui.tap('photos.name.ok');
  },
});
