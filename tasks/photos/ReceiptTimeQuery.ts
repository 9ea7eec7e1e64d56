import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { livePhotos, openPhoto, photoOf, photosOf, tz } from './_helpers.ts';
import { wallClock } from '../../simulator-apps/shared/time.ts';
import { makeDateKey, pad2 } from '../../simulator-apps/shared/dates.ts';

interface P extends Record<string, unknown> {
  photoId: string;
  code: string;
}

/** Query: find the receipt by the number printed on it (its picture), then read when it was taken. */
export default defineTask<P>({
  goal: (p) => `相册里有一张编号为 ${p.code} 的购物小票照片，它是哪天几点拍的？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['photos'],
  startApp: 'photos',
  tags: ['receipts'],
  params: {
    ...spreadParam('_receipt', ['photoId', 'code'], (state, rng) => {
      const all = livePhotos(photosOf(state)).filter((x) => x.kind === 'receipt');
      if (!all.length) return null;
      const x = rng.pick(all);
      return { photoId: x.id, code: x.code };
    }),
  },
  answer: {
    fields: [
      { id: 'date', label: '日期', type: 'date' },
      { id: 'time', label: '时间', type: 'time' },
    ],
    expected: (p, input) => {
      const w = wallClock(photoOf(input.init, p.photoId).takenAt, tz(input.init));
      return { date: makeDateKey(w.year, w.month, w.day), time: `${pad2(w.hour)}:${pad2(w.minute)}` };
    },
  },
  async oracle(ui, p) {
    await openPhoto(ui, p.photoId);
    const shown = ui.find('photos.viewer.date')?.text ?? '';
    const m = shown.match(/(\d+)月(\d+)日 (\d\d:\d\d)/);
    if (!m) throw new Error(`the viewer shows "${shown}"`);
    return { date: `${m[1]}月${m[2]}日`, time: m[3] };
  },
});
