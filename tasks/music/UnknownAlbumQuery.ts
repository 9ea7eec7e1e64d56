import { defineTask } from '../../bridge/tasks/api.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { musicOf, searchFor, SEARCH_CHANGES } from './_helpers.ts';

interface P extends Record<string, unknown> {
  artist: string;
  album: string;
}

const MADE_UP_ALBUMS = ['海底的灯', '二十四节气', '银河边境', '逆风少年', '纸上城市'] as const;

/** Infeasible: a real artist, an album they never made; another album of theirs is not the answer. */
export default defineTask<P>({
  goal: (p) => `${p.artist}的专辑《${p.album}》一共有几首歌？如果没有这张专辑，请说明原因。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['music'],
  startApp: 'music',
  tags: ['infeasible', 'album', 'trap'],
  params: {
    ...spreadParam('_artist', ['artist'], (state, rng) => ({ artist: rng.pick(musicOf(state).artists).name })),
    album: { type: 'enum', values: [...MADE_UP_ALBUMS] },
  },
  answer: infeasibleAnswer({ id: 'count', label: '歌曲数', type: 'number' }),
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await searchFor(ui, p.album);
    if (!ui.find('music.search.empty')) throw new Error(`the search for ${p.album} found something`);
    return { infeasible: `律动里搜不到${p.artist}的专辑《${p.album}》，这张专辑不存在` };
  },
});
