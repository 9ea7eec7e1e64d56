import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf } from './_helpers.ts';

/** The OS media controls: music plays; pause it from the home screen's card (opening 律动 works too). */
export default defineTask({
  goal: '手机正在放歌，把音乐暂停。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'home',
  tags: ['player', 'launcher'],
  postSample({ state }) {
    Object.assign(musicOf(state).player, { status: 'playing', positionMs: 20_000, anchorAt: state.os.time.timestamp });
  },
  criteria: () => ({ 'apps.music.player.status': 'paused' }),
  expectedChanges: () => ['apps.music.player.positionMs', 'apps.music.player.anchorAt'],
  async oracle(ui) {
    await ui.tap('home.music.toggle');
  },
});
