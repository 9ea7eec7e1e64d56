import { defineTask } from '../../bridge/tasks/api.ts';
import { personAlbums } from '../../simulator-apps/photos/logic.ts';
import { spreadParam } from '../_shared/params.ts';
import { albumPhotos, openAlbum, photosOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  personId: string;
  personName: string;
}

/** Query: how many photos a person is in (their album under 人物; 最近删除 not counted). */
export default defineTask<P>({
  goal: (p) => `相册里有${p.personName}的照片一共多少张？（不算最近删除里的）`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['people'],
  params: {
    ...spreadParam('_person', ['personId', 'personName'], (state, rng) => {
      const all = personAlbums(photosOf(state));
      if (!all.length) return null;
      const x = rng.pick(all);
      return { personId: x.person.id, personName: x.person.name };
    }),
  },
  answer: {
    fields: [{ id: 'count', label: '张数', type: 'number' }],
    expected: (p, input) => ({ count: { number: albumPhotos(photosOf(input.init), { kind: 'person', id: p.personId }).length, tolerance: 0 } }),
  },
  async oracle(ui, p) {
    await openAlbum(ui, p.personId);
    const n = (ui.find('photos.album.count')?.text ?? '').match(/(\d+)张/)?.[1];
    if (!n) throw new Error('no count on the person album');
    return { count: n };
  },
});
