/**
 * 相册's stray change for `phonegym verify` (docs/verify.md): a small edit no photos task asks
 * for, made through the UI from whatever screen the oracle ended on: the ♥ of a photo the task's
 * parameters do not mention (not its id, place or day), flipped in the viewer.
 */
import type { StrayChange } from '../../bridge/tasks/types.ts';
import { dayOf, livePhotos } from '../../simulator-apps/photos/logic.ts';
import type { PhotosState } from '../../simulator-apps/photos/types.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { openPhoto } from './_helpers.ts';

const PHOTOS: StrayApp<PhotosState> = { app: 'photos', has: (s) => Array.isArray(s.photos) && Array.isArray(s.albums) };

const favorite = sliceStray(PHOTOS, 'photos.favorite', (photos, taken, state) => {
  const p = livePhotos(photos).find((x) => !taken.has(x.id) && (x.placeId === null || !taken.has(x.placeId)) && !taken.has(dayOf(x, state.os.time.timezone)) && x.kind !== 'screenshot' && x.kind !== 'receipt' && x.kind !== 'ticket');
  if (!p) return null;
  const id = p.id;
  const on = !p.favorite;
  return {
    path: `apps.photos.photos[${id}].favorite`,
    description: `照片 → ${id} → ${on ? '收藏' : '取消收藏'}`,
    apply(draft) {
      draft.photos.find((x) => x.id === id)!.favorite = on;
    },
    async run(ui) {
      await openPhoto(ui, id);
      await ui.tap('photos.viewer.favorite');
    },
  };
});

export const strays: StrayChange[] = [favorite];
