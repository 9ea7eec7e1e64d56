import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { disturbedFiles, fileById, filesOf, filesWithExt, FOLDER, openFolder, selectFiles, stockDownload } from './_helpers.ts';

/** Restraint: every 安装包 of Download to 回收站, and no other file deleted or changed. */
export default defineTask({
  goal: '清理 Download 文件夹：把里面的安装包（APK）全部删除，其他文件都要保留。',
  difficulty: 'L3',
  objective: 'action',
  apps: ['files'],
  startApp: 'files',
  tags: ['restraint', 'delete', 'multi-select'],
  prepare({ state, rng }) {
    stockDownload(state, rng, 'apk', 2, ['极速浏览器_v3.2.1', '扫描全能王_v6.0.2', '健康打卡_v1.8.0', '公交通_v2.5.4']);
  },
  checkGoals: (input) => {
    const apks = filesWithExt(input.init, FOLDER.download, ['apk']);
    const final = filesOf(input.final);
    return [
      criteria.equals('every APK of Download is deleted', apks.filter((f) => typeof fileById(final, f.id)?.trashedAt !== 'number' && fileById(final, f.id) !== undefined).map((f) => f.name).join(', '), '', 'apps.files.files'),
      criteria.equals('no other file deleted or changed', disturbedFiles(input, apks).join(', '), ''),
    ];
  },
  async oracle(ui) {
    const apks = filesWithExt(ui.state, FOLDER.download, ['apk']);
    await openFolder(ui, FOLDER.download);
    await selectFiles(ui, apks.map((f) => f.id));
    await ui.tap('files.sel.delete');
    await ui.tap('dialog.confirm');
  },
});
