import { defineTask } from '../../bridge/tasks/api.ts';
import { openEntry, rowShows, settingsOf } from './_helpers.ts';

/** 关于手机: three facts from one screen, the storage total further down. */
export default defineTask({
  goal: '查一下这台手机的型号、系统版本和存储空间总容量（GB）。',
  difficulty: 'L2',
  objective: 'query',
  apps: ['settings'],
  tags: ['about'],
  answer: {
    fields: [
      { id: 'model', label: '手机型号', type: 'text' },
      { id: 'version', label: '系统版本', hint: '如：PGOS 4.0.2', type: 'text' },
      { id: 'storage', label: '存储总容量（GB）', type: 'number' },
    ],
    expected: (_p, input) => {
      const a = settingsOf(input.init).about;
      return { model: a.model, version: a.version, storage: { number: a.storageTotalGb } };
    },
  },
  async oracle(ui) {
    const a = settingsOf(ui.state).about;
    await openEntry(ui, 'about');
    const model = rowShows(ui, 'settings.about.model', a.model);
    const version = rowShows(ui, 'settings.about.version', a.version);
    await ui.scrollTo('settings.about.storage', { within: 'settings.about' });
    rowShows(ui, 'settings.about.storage', `共 ${a.storageTotalGb} GB`);
    return { model, version, storage: String(a.storageTotalGb) };
  },
});
