import { defineTask } from '../../bridge/tasks/api.ts';
import { openQueue } from './_helpers.ts';

/** 播放列表 → 清空 → confirm: the queue is empty and the player has nothing (index -1). */
export default defineTask({
  goal: '把律动的播放列表清空。',
  difficulty: 'L1',
  objective: 'action',
  apps: ['music'],
  startApp: 'music',
  tags: ['queue'],
  criteria: () => ({ 'apps.music.queue': [], 'apps.music.player.index': -1 }),
  expectedChanges: () => ['apps.music.player.positionMs', 'apps.music.player.anchorAt', 'apps.music.player.status'],
  async oracle(ui) {
    await openQueue(ui);
    await ui.tap('music.queue.clear');
    await ui.tap('dialog.confirm');
  },
});
