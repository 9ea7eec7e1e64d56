import { defineTask } from '../../bridge/tasks/api.ts';
import { albumPhotos, openAlbum, photosOf, placeParam, type PlaceParams } from './_helpers.ts';

/** Query: a place album's count (最近删除 not counted). */
export default defineTask<PlaceParams>({
  goal: (p) => `相册里在${p.placeName}拍的照片有多少张？（不算最近删除里的）`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['places'],
  params: { ...placeParam(1) },
  answer: {
    fields: [{ id: 'count', label: '张数', type: 'number' }],
    expected: (p, input) => ({ count: { number: albumPhotos(photosOf(input.init), { kind: 'place', id: p.placeId }).length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openAlbum(ui, p.placeId);
    const text = ui.find('photos.album.count')?.text ?? '';
    const n = text.match(/(\d+)张/)?.[1];
    if (!n) throw new Error(`the album shows "${text}"`);
    return { count: n };
  },
});
