import { defineTask } from '../../bridge/tasks/api.ts';
import { albumParam, albumPhotos, openAlbum, photosOf, type AlbumParams } from './_helpers.ts';

/** Query: how many photos a user album shows. */
export default defineTask<AlbumParams>({
  goal: (p) => `相册“${p.albumName}”里现在有几张照片？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums'],
  params: { ...albumParam() },
  answer: {
    fields: [{ id: 'count', label: '张数', type: 'number' }],
    expected: (p, input) => ({ count: { number: albumPhotos(photosOf(input.init), { kind: 'user', id: p.albumId }).length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openAlbum(ui, p.albumId);
    const n = (ui.find('photos.album.count')?.text ?? '').match(/(\d+)张/)?.[1];
    if (!n) throw new Error('no count on the album');
    return { count: n };
  },
});
