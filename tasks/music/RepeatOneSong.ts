import { defineTask } from '../../bridge/tasks/api.ts';
import { musicOf, openQueue } from './_helpers.ts';

/** The mode button cycles 列表循环 → 单曲循环 → 随机播放 → 顺序播放; the goal is 单曲循环. */
export default defineTask({
  goal: '把律动的播放模式改成单曲循环。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['player'],
  postSample({ state, rng }) {
    musicOf(state).player.mode = rng.pick(['loop', 'shuffle', 'order'] as const);
  },
  criteria: () => ({ 'apps.music.player.mode': 'one' }),
  async oracle(ui) {
    await openQueue(ui);
    for (let i = 0; i < 4 && musicOf(ui.state).player.mode !== 'one'; i++) await ui.tap('music.queue.mode');
  },
});
