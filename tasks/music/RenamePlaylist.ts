import { defineTask } from '../../bridge/tasks/api.ts';
import { myPlaylistParam, openPlaylistEdit, type PlaylistParams } from './_helpers.ts';

interface P extends PlaylistParams {
  newName: string;
}

const NAMES = ['周末放松', '跑步专用', '午后阳光', '回忆杀', '安静时光', '车载精选'] as const;

/** 管理歌单 → the name field → 保存名称. */
export default defineTask<P>({
  goal: (p) => `把我的歌单“${p.playlistName}”改名为“${p.newName}”。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['playlist'],
  params: { ...myPlaylistParam(), newName: { type: 'enum', values: [...NAMES] } },
  criteria: (p) => ({ [`apps.music.playlists[${p.playlistId}].name`]: p.newName }),
  async oracle(ui, p) {
    await openPlaylistEdit(ui, p.playlistId);
    await ui.type('music.edit.name', p.newName, { clear: true });
    await ui.tap('music.edit.rename');
  },
});
