import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { NEW_ALBUM_NAMES, openPhotosTab, photosOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
}

/** Infeasible: the album named does not exist (相册 lists every album). */
export default defineTask<P>({
  goal: (p) => `把相册“${p.name}”里的照片全部收藏。如果做不到，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['infeasible', 'albums'],
  params: {
    ...spreadParam('_name', ['name'], (state, rng) => {
      const taken = new Set(photosOf(state).albums.map((a) => a.name));
      return { name: rng.pick(NEW_ALBUM_NAMES.filter((n) => !taken.has(n))) };
    }),
  },
  answer: infeasibleAnswer({ id: 'count', label: '收藏了几张', type: 'number' }),
  async oracle(ui, p) {
    await openPhotosTab(ui, 'albums');
    if (ui.find({ textIncludes: p.name })) throw new Error(`an album "${p.name}" is on screen`);
    return { infeasible: `相册里没有名为“${p.name}”的相册` };
  },
});
