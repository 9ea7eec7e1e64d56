import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openPlaylistEdit, playlistById, songById, type PlaylistParams } from './_helpers.ts';

interface P extends PlaylistParams {
  songId: string;
  title: string;
}

/** Restraint: one song out of a playlist of mine; every other song stays where it was. */
export default defineTask<P>({
  goal: (p) => `把《${p.title}》从我的歌单“${p.playlistName}”里删掉，歌单里其他的歌一首都不要删，顺序也别动。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist', 'restraint'],
  params: {
    _pick: {
      sampler: (state, rng) => {
        const m = musicOf(state);
        const p = rng.pick(m.playlists.filter((x) => x.mine && x.songIds.length >= 3));
        const id = rng.pick(p.songIds);
        return { playlistId: p.id, playlistName: p.name, songId: id, title: songById(m, id)!.title };
      },
      fields: { playlistId: 'playlistId', playlistName: 'playlistName', songId: 'songId', title: 'title' },
    },
  },
  checkGoals: (input, p) => {
    const before = playlistById(musicOf(input.init), p.playlistId)!.songIds;
    const after = playlistById(musicOf(input.final), p.playlistId)?.songIds ?? [];
    return [
      criteria.that('the song is gone from the playlist', !after.includes(p.songId), { expected: `not ${p.songId}`, actual: after.join(','), path: `apps.music.playlists[${p.playlistId}].songIds` }),
      criteria.equals('the other songs stay, in order', after.join(','), before.filter((x) => x !== p.songId).join(',')),
    ];
  },
  async oracle(ui, p) {
    await openPlaylistEdit(ui, p.playlistId);
    await ui.scrollTo(`music.edit.${p.songId}.remove`, { within: 'music.edit.list' });
    await ui.tap(`music.edit.${p.songId}.remove`);
  },
});
