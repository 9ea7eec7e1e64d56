import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { dayParam, NEW_ALBUM_NAMES, photosByDay, photosOf, selectOnPhotosTab, type DayParams } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends DayParams {
  name: string;
}

/** A new album holding exactly one day's photos: 照片 → 选择 → that day's 全选 → 添加到 → 新建相册. */
export default defineTask<P>({
  goal: (p) => `新建一个名为“${p.name}”的相册，把${p.dayName}拍的照片全部放进去（不要放其他照片）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['albums'],
  params: {
    ...dayParam(2, 8),
    ...spreadParam('_name', ['name'], (_s, rng) => ({ name: rng.pick(NEW_ALBUM_NAMES) })),
  },
  checkGoals: (input, p) => {
    const want = (photosByDay(input.init).get(p.day) ?? []).map((x) => x.id).sort();
    const added = addedRecords(photosOf(input.init).albums, photosOf(input.final).albums);
    return oneAdded('exactly one new album', added, (a) => [
      criteria.equals('its name', a?.name ?? null, p.name, a ? `apps.photos.albums[${a.id}]` : undefined),
      criteria.equals(`its photos: those of ${p.dayName}`, a ? [...a.photoIds].sort().join(',') : null, want.join(',')),
    ]);
  },
  async oracle(ui, p) {
    await selectOnPhotosTab(ui, []);
    await ui.scrollTo(`photos.day.${p.day}.select`, { within: 'photos.grid', maxSwipes: 40 });
    await ui.tap(`photos.day.${p.day}.select`);
    await ui.tap('photos.sel.addto');
    await ui.tap('photos.addto.new');
    await ui.type('photos.name.input', p.name, { clear: true });
    await ui.tap('photos.name.ok');
  },
});
