import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { MADE_UP_SONGS, searchFor, SEARCH_CHANGES } from './_helpers.ts';

interface P extends Record<string, unknown> {
  title: string;
}

/** Infeasible: the song is not in the catalogue (搜索 finds nothing); playing something else is wrong. */
export default defineTask<P>({
  goal: (p) => `在律动里播放《${p.title}》。如果找不到这首歌，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['music'],
  startApp: 'music',
  tags: ['infeasible', 'search', 'trap'],
  params: { title: { type: 'enum', values: [...MADE_UP_SONGS] } },
  answer: infeasibleAnswer({ id: 'title', label: '正在播放', type: 'text' }),
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await searchFor(ui, p.title);
    if (!ui.find('music.search.empty')) throw new Error(`the search for ${p.title} found something`);
    return { infeasible: `律动里搜不到《${p.title}》，曲库里没有这首歌，无法播放` };
  },
});
