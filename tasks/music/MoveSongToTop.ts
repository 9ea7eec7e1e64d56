import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openPlaylistEdit, playlistById, songById, type PlaylistParams } from './_helpers.ts';

interface P extends PlaylistParams {
  songId: string;
  title: string;
}

/** Order: a song of a playlist of mine to the top; the rest keep their order under it. */
export default defineTask<P>({
  goal: (p) => `把我的歌单“${p.playlistName}”里的《${p.title}》挪到第一首，其他歌的先后顺序保持不变。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist', 'order'],
  params: {
    _pick: {
      sampler: (state, rng) => {
        const m = musicOf(state);
        const p = rng.pick(m.playlists.filter((x) => x.mine && x.songIds.length >= 3));
        const id = rng.pick(p.songIds.slice(1));
        return { playlistId: p.id, playlistName: p.name, songId: id, title: songById(m, id)!.title };
      },
      fields: { playlistId: 'playlistId', playlistName: 'playlistName', songId: 'songId', title: 'title' },
    },
  },
  checkGoals: (input, p) => {
    const before = playlistById(musicOf(input.init), p.playlistId)!.songIds;
    const after = playlistById(musicOf(input.final), p.playlistId)?.songIds ?? [];
    return [criteria.equals('the song first, the rest in their order', after.join(','), [p.songId, ...before.filter((x) => x !== p.songId)].join(','), `apps.music.playlists[${p.playlistId}].songIds`)];
  },
  async oracle(ui, p) {
    await openPlaylistEdit(ui, p.playlistId);
    await ui.scrollTo(`music.edit.${p.songId}.top`, { within: 'music.edit.list' });
    await ui.tap(`music.edit.${p.songId}.top`);
  },
});
