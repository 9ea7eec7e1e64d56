import { defineTask } from '../../bridge/tasks/api.ts';
import { albumById, musicOf, searchFor, SEARCH_CHANGES, songParam, type SongParams } from './_helpers.ts';

/** Grounded: a song's album, shown under it in the search results (artist · album). */
export default defineTask<SongParams>({
  goal: (p) => `《${p.title}》这首歌收录在哪张专辑里？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['music'],
  startApp: 'music',
  tags: ['search'],
  params: songParam(),
  answer: {
    fields: [{ id: 'album', label: '专辑名', hint: '如：夏日信号', type: 'text' }],
    expected: (p, input) => {
      const m = musicOf(input.init);
      const title = albumById(m, m.songs.find((s) => s.id === p.songId)!.albumId)!.title;
      return { album: [title, `《${title}》`] };
    },
  },
  expectedChanges: () => [...SEARCH_CHANGES],
  async oracle(ui, p) {
    await searchFor(ui, p.title);
    const row = ui.find(`music.song.${p.songId}`);
    if (!row) throw new Error(`no result row for ${p.title}`);
    const m = musicOf(ui.state);
    return albumById(m, m.songs.find((s) => s.id === p.songId)!.albumId)!.title;
  },
});
