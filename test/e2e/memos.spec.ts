/**
 * 备忘录 in a real Chromium through the real bridge: a checklist memo written from +, an item
 * ticked and the ticked ones moved down, an empty line dropped on leaving; a locked memo opened
 * only with the right password; a memo deleted to 最近删除 and restored. Real taps and typing;
 * the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, find as maybeFind, tap, typeInto, readState as state } from './phonePage.ts';
import { memosOf, memoTitle, checklistOf } from '../../tasks/memos/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('a checklist written from +: items ticked, ticked moved down, an empty line dropped on leaving', async ({ browser }) => {
  const initial = createInitialState(5);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-memos-write', initial, { app: 'memos', path: '/' });
  const before = memosOf(initial).memos.length;

  await tap(page, device, 'memos.new');
  const id = (await state(device)).route.path.split('/').at(-1)!;
  await typeInto(page, device, 'memos.block.bk_01', '搬家清单');
  await tap(page, device, 'memos.tool.check');
  await typeInto(page, device, 'memos.block.bk_02', '纸箱');
  await page.keyboard.press('Enter');
  await typeInto(page, device, 'memos.block.bk_03', '胶带');
  await tap(page, device, 'memos.tool.check');
  await tap(page, device, 'memos.check.bk_02');
  await tap(page, device, 'memos.tool.sortChecked');
  let memo = memosOf((await state(device)).state).memos.find((m) => m.id === id)!;
  expect(memo.blocks.map((b) => b.id)).toEqual(['bk_01', 'bk_03', 'bk_04', 'bk_02']);
  expect(checklistOf(memo)).toEqual(['胶带:open', ':open', '纸箱:done']);

  await tap(page, device, 'topbar.back');
  const after = await state(device);
  expect(after.route).toEqual({ app: 'memos', path: '/' });
  memo = memosOf(after.state).memos.find((m) => m.id === id)!;
  expect(memosOf(after.state).memos).toHaveLength(before + 1);
  expect(checklistOf(memo)).toEqual(['胶带:open', '纸箱:done']);
  expect((await find(device, `memos.item.${id}`)).text).toBe('搬家清单');
  await close();
});

test('a locked memo shows its body only after the right password', async ({ browser }) => {
  const initial = createInitialState(6);
  const locked = memosOf(initial).memos.find((m) => m.locked && m.deletedAt === null)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-memos-lock', initial, { app: 'memos', path: `/memo/${locked.id}` });

  expect(await maybeFind(device, 'memos.edit.body')).toBeUndefined();
  await typeInto(page, device, 'memos.lock.input', '0000');
  await tap(page, device, 'memos.lock.unlock');
  expect(await maybeFind(device, 'memos.edit.body')).toBeUndefined();
  await typeInto(page, device, 'memos.lock.input', memosOf(initial).password);
  await tap(page, device, 'memos.lock.unlock');
  expect((await find(device, 'memos.block.bk_01')).value).toBe(memoTitle(locked));
  await close();
});

test('a memo deleted to 最近删除 and restored to its folder', async ({ browser }) => {
  const initial = createInitialState(7);
  const target = memosOf(initial).memos.find((m) => m.deletedAt === null && !m.locked && m.folderId !== null)!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-memos-trash', initial, { app: 'memos', path: `/memo/${target.id}` });

  await tap(page, device, 'memos.edit.more');
  await tap(page, device, 'memos.action.delete');
  await tap(page, device, 'dialog.confirm');
  let s = await state(device);
  expect(s.route).toEqual({ app: 'memos', path: '/' });
  expect(await maybeFind(device, `memos.item.${target.id}`)).toBeUndefined();
  expect(memosOf(s.state).memos.find((m) => m.id === target.id)!.deletedAt).toBe(s.state.os.time.timestamp);

  await tap(page, device, 'memos.folders');
  await tap(page, device, 'memos.folder.trash');
  await tap(page, device, `memos.trash.${target.id}`);
  await tap(page, device, 'memos.trash.restore');
  s = await state(device);
  expect(memosOf(s.state).memos.find((m) => m.id === target.id)).toMatchObject({ deletedAt: null, folderId: target.folderId });
  expect(await maybeFind(device, `memos.trash.${target.id}`)).toBeUndefined();
  await close();
});
