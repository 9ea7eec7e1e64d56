import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { editPhoto, photoParam, type PhotoParams } from './_helpers.ts';

interface P extends PhotoParams {
  turns: number;
}

const WORDS: Record<number, string> = { 1: '顺时针旋转90度', 2: '旋转180度', 3: '逆时针旋转90度' };

/** 编辑 → 旋转 (90° clockwise a tap) → 保存. */
export default defineTask<P>({
  goal: (p) => `把${p.photoText}${WORDS[p.turns]}，然后保存。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['edit'],
  params: {
    ...photoParam((x) => x.edit.rotate === 0 && x.placeId !== null),
    ...spreadParam('_turns', ['turns'], (_s, rng) => ({ turns: rng.pick([1, 2, 3]) })),
  },
  criteria: (p) => ({ [`apps.photos.photos[${p.photoId}].edit.rotate`]: p.turns * 90 }),
  async oracle(ui, p) {
    await editPhoto(ui, p.photoId, { rotations: p.turns });
  },
});
