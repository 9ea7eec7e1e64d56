import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { albumPhotos, nothingElseDeleted, photosOf, selectInAlbum } from './_helpers.ts';

interface P extends Record<string, unknown> {
  albumId: string;
  albumName: string;
  placeId: string;
  placeName: string;
}

/** Restraint and trap: take a place's photos out of an album — 移出相册, not the 删除 beside it (which deletes the photos). */
export default defineTask<P>({
  goal: (p) => `相册“${p.albumName}”里在${p.placeName}拍的照片不要了：把它们移出这个相册，但不要删除任何照片。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums', 'restraint', 'trap'],
  params: {
    ...spreadParam('_pick', ['albumId', 'albumName', 'placeId', 'placeName'], (state, rng) => {
      const s = photosOf(state);
      const options = s.albums.flatMap((a) => {
        const inAlbum = albumPhotos(s, { kind: 'user', id: a.id });
        return s.places.filter((pl) => inAlbum.some((x) => x.placeId === pl.id) && inAlbum.some((x) => x.placeId !== pl.id)).map((pl) => ({ albumId: a.id, albumName: a.name, placeId: pl.id, placeName: pl.name }));
      });
      return options.length ? rng.pick(options) : null;
    }),
  },
  checkGoals: (input, p) => {
    const s = photosOf(input.init);
    const album = s.albums.find((a) => a.id === p.albumId)!;
    const gone = new Set(albumPhotos(s, { kind: 'user', id: p.albumId }).filter((x) => x.placeId === p.placeId).map((x) => x.id));
    const after = photosOf(input.final).albums.find((a) => a.id === p.albumId)?.photoIds ?? [];
    return [
      criteria.equals(`${p.albumName} without the photos of ${p.placeName}`, [...after].sort().join(','), album.photoIds.filter((id) => !gone.has(id)).sort().join(','), `apps.photos.albums[${p.albumId}].photoIds`),
      nothingElseDeleted(input),
    ];
  },
  async oracle(ui, p) {
    const s = photosOf(ui.state);
    await selectInAlbum(ui, p.albumId, albumPhotos(s, { kind: 'user', id: p.albumId }).filter((x) => x.placeId === p.placeId).map((x) => x.id));
    await ui.tap('photos.sel.remove');
  },
});
