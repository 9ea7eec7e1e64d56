import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { albumParam, albumPhotos, photosOf, placeParam, selectInAlbum, type AlbumParams, type PlaceParams } from './_helpers.ts';

type P = AlbumParams & PlaceParams;

/** The album's picker (＋) or the place album's 选择 → 添加到: the album ends with its photos plus the place's. */
export default defineTask<P>({
  goal: (p) => `把在${p.placeName}拍的照片都添加到相册“${p.albumName}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums'],
  params: { ...albumParam(), ...placeParam(1, 8) },
  postSample({ state, p }) {
    const place = new Set(photosOf(state).photos.filter((x) => x.placeId === p.placeId).map((x) => x.id));
    const album = photosOf(state).albums.find((a) => a.id === p.albumId)!;
    album.photoIds = album.photoIds.filter((id) => !place.has(id));
  },
  checkGoals: (input, p) => {
    const before = photosOf(input.init).albums.find((a) => a.id === p.albumId)!.photoIds;
    const place = albumPhotos(photosOf(input.init), { kind: 'place', id: p.placeId }).map((x) => x.id);
    const after = photosOf(input.final).albums.find((a) => a.id === p.albumId)?.photoIds ?? [];
    return [criteria.equals(`${p.albumName} holds its photos and those of ${p.placeName}`, [...after].sort().join(','), [...new Set([...before, ...place])].sort().join(','), `apps.photos.albums[${p.albumId}].photoIds`)];
  },
  async oracle(ui, p) {
    await selectInAlbum(ui, p.placeId);
    await ui.tap('photos.sel.addto');
    await ui.tap(`photos.addto.${p.albumId}`);
  },
});
