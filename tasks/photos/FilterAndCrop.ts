import { defineTask } from '../../bridge/tasks/api.ts';
import { CROP_LABELS, FILTER_LABELS } from '../../simulator-apps/photos/data.ts';
import type { Crop, Filter } from '../../simulator-apps/photos/types.ts';
import { spreadParam } from '../_shared/params.ts';
import { editPhoto, photoParam, type PhotoParams } from './_helpers.ts';

interface P extends PhotoParams {
  filter: Filter;
  crop: Crop;
}

/** 编辑: a crop preset and a filter in one save; the rotation stays. */
export default defineTask<P>({
  goal: (p) => `编辑${p.photoText}：裁剪成${CROP_LABELS[p.crop]}，加上“${FILTER_LABELS[p.filter]}”滤镜，然后保存。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['edit'],
  params: {
    ...photoParam((x) => x.placeId !== null && x.edit.filter === 'none' && x.edit.crop === 'original'),
    ...spreadParam('_look', ['filter', 'crop'], (_s, rng) => ({ filter: rng.pick(['vivid', 'mono', 'warm', 'cool', 'film'] as const), crop: rng.pick(['1:1', '4:3', '16:9'] as const) })),
  },
  criteria: (p) => ({ [`apps.photos.photos[${p.photoId}].edit`]: { rotate: 0, crop: p.crop, filter: p.filter } }),
  async oracle(ui, p) {
    await editPhoto(ui, p.photoId, { crop: p.crop, filter: p.filter });
  },
});
