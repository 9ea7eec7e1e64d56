import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { artistName, musicOf, searchFor, SEARCH_CHANGES } from './_helpers.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  albumId: string;
  album: string;
  artist: string;
}

/** Grounded: an album's year (搜索 → 专辑 → 发行时间). */
export default defineTask<P>({
  goal: (p) => `${p.artist}的专辑《${p.album}》是哪一年发行的？`,
  difficulty: 'L1',
  objective: 'query',
  apps: ['music'],
  startApp: 'music',
  tags: ['search', 'album'],
  params: spreadParam('_album', ['albumId', 'album', 'artist'], (state, rng) => {
    const m = musicOf(state);
    const a = rng.pick(m.albums);
    return { albumId: a.id, album: a.title, artist: artistName(m, a.artistId) };
  }),
  answer: {
    fields: [{ id: 'year', label: '发行年份', hint: '如：2020', type: 'number' }],
    expected: (p, input) => ({ year: String(musicOf(input.init).albums.find((a) => a.id === p.albumId)!.year) }),
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await searchFor(ui, p.album);
    await scrollAndTap(ui, `music.search.album.${p.albumId}`, 'music.search.results');
    const year = /(\d{4})年/.exec(ui.find({ textIncludes: '发行时间' })?.text ?? '')?.[1];
    if (!year) throw new Error('no 发行时间 on the album page');
    return { year };
  },
});
