/**
 * 相册 in a real Chromium through the real bridge: a day's photos made into a new album through
 * select mode; a photo deleted from the viewer and restored from 最近删除; an edit saved into the
 * state. Real taps and typing; the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, tap, typeInto, readState as state } from './phonePage.ts';
import { photosByDay, photosOf } from '../../tasks/photos/_helpers.ts';
import { livePhotos } from '../../simulator-apps/photos/logic.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('select mode: the latest day 全选 → 添加到 → 新建相册 holds exactly that day', async ({ browser }) => {
  const initial = createInitialState(2);
  const [day, photos] = [...photosByDay(initial)][0];
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-photos-album', initial, { app: 'photos', path: '/' });

  await tap(page, device, 'photos.select');
  await tap(page, device, `photos.day.${day}.select`);
  expect((await find(device, 'photos.select.count')).text).toBe(`已选择${photos.length}项`);
  await tap(page, device, 'photos.sel.addto');
  await tap(page, device, 'photos.addto.new');
  await typeInto(page, device, 'photos.name.input', '春日出游');
  await tap(page, device, 'photos.name.ok');
  const s = photosOf((await state(device)).state);
  expect(s.albums.at(-1)).toMatchObject({ name: '春日出游', photoIds: photos.map((p) => p.id) });
  expect(await find(device, 'photos.select')).toBeTruthy();
  await close();
});

test('delete from the viewer, then 恢复 from 最近删除; 收藏 toggles', async ({ browser }) => {
  const initial = createInitialState(5);
  const photo = livePhotos(photosOf(initial))[0];
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-photos-trash', initial, { app: 'photos', path: '/' });

  await tap(page, device, `photos.tile.${photo.id}`);
  await tap(page, device, 'photos.viewer.favorite');
  expect(photosOf((await state(device)).state).photos.find((p) => p.id === photo.id)!.favorite).toBe(!photo.favorite);
  await tap(page, device, 'photos.viewer.delete');
  await tap(page, device, 'dialog.confirm');
  expect(typeof photosOf((await state(device)).state).photos.find((p) => p.id === photo.id)!.deletedAt).toBe('number');

  await tap(page, device, 'topbar.back');
  await tap(page, device, 'photos.tab.albums');
  await page.locator('[data-ui="photos.trash"]').scrollIntoViewIfNeeded();
  await tap(page, device, 'photos.trash');
  await tap(page, device, `photos.tile.${photo.id}`);
  await tap(page, device, 'photos.viewer.restore');
  expect(photosOf((await state(device)).state).photos.find((p) => p.id === photo.id)!.deletedAt).toBeNull();
  await close();
});

test('编辑: rotate twice, 1:1, 黑白, 保存 — kept in the state and shown', async ({ browser }) => {
  const initial = createInitialState(1);
  const photo = livePhotos(photosOf(initial)).find((p) => p.edit.rotate === 0)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-photos-edit', initial, { app: 'photos', path: `/photo/${photo.id}/edit` });

  await tap(page, device, 'photos.edit.rotate');
  await tap(page, device, 'photos.edit.rotate');
  await tap(page, device, 'photos.edit.crop.1x1');
  await tap(page, device, 'photos.edit.tab.filter');
  await tap(page, device, 'photos.edit.filter.mono');
  expect((await find(device, 'photos.edit.preview')).text).toContain('旋转180度');
  await tap(page, device, 'photos.edit.save');
  const after = await state(device);
  expect(after.route.path).toBe(`/photo/${photo.id}`);
  expect(photosOf(after.state).photos.find((p) => p.id === photo.id)!.edit).toEqual({ rotate: 180, crop: '1:1', filter: 'mono' });
  await close();
});
