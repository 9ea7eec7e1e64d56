import { defineTask, match } from '../../bridge/tasks/api.ts';
import { albumPhotos, nothingElseDeleted, photosOf, selectInAlbum } from './_helpers.ts';

/** Restraint: every screenshot to 最近删除, and nothing else. */
export default defineTask({
  goal: () => '手机里的截屏太多了：把所有截屏都删除，其他照片一张都不要删。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['restraint', 'delete'],
  criteria: (_p, input) => Object.fromEntries(albumPhotos(photosOf(input.init), { kind: 'screenshots' }).map((x) => [`apps.photos.photos[${x.id}].deletedAt`, match.that('moved to 最近删除', (v) => typeof v === 'number')])),
  checkGoals: (input) => [nothingElseDeleted(input, new Set(albumPhotos(photosOf(input.init), { kind: 'screenshots' }).map((x) => x.id)))],
  async oracle(ui) {
    await selectInAlbum(ui, 'screenshots');
    await ui.tap('photos.sel.delete');
    await ui.tap('dialog.confirm');
  },
});
