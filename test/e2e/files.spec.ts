/**
 * 文件管理 in a real Chromium through the real bridge: a rename refused onto a taken name and then
 * done with the extension kept; two files selected and moved through the folder picker, one deleted
 * and restored from 回收站; two files compressed into a zip, the zip extracted and shared to 轻聊.
 * Real taps and typing; the assertions read the screen and the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, mustFind as find, tap, readState as state } from './phonePage.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { liveFiles, sortFiles } from '../../simulator-apps/files/logic.ts';
import type { FilesState } from '../../simulator-apps/files/types.ts';
import { shareTargets } from '../../simulator-apps/chat/share.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';

const bridge = useBridge();
const filesOf = (s: { apps: Record<string, unknown> }) => s.apps.files as unknown as FilesState;
const DOWNLOAD = 'd_01';
/** The first files Download lists (newest first), with a name of their own. */
const firstInDownload = (s: FilesState, n: number) => sortFiles(liveFiles(s).filter((f) => f.folderId === DOWNLOAD), 'date').slice(0, n);

async function retype(page: import('@playwright/test').Page, device: Parameters<typeof tap>[1], key: string, text: string): Promise<void> {
  await tap(page, device, key);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

test('rename: a name taken in the folder is refused; a free one is kept with its extension', async ({ browser }) => {
  const initial = createInitialState(5);
  const s = filesOf(initial);
  // Two photos of Camera share the extension: renaming one onto the other's name must fail.
  const [a, b] = sortFiles(liveFiles(s).filter((f) => f.folderId === 'd_04' && f.name.endsWith('.jpg')), 'date');
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-files-rename', initial, { app: 'files', path: `/file/${a.id}` });

  await tap(page, device, 'files.detail.rename');
  await retype(page, device, 'files.name.input', b.name.replace(/\.jpg$/, ''));
  await tap(page, device, 'files.name.ok');
  expect((await find(device, 'files.name.error')).text).toBe('此文件夹中已有同名文件');
  expect(filesOf((await state(device)).state).files.find((f) => f.id === a.id)!.name).toBe(a.name);

  await retype(page, device, 'files.name.input', '海边日落');
  await tap(page, device, 'files.name.ok');
  expect(filesOf((await state(device)).state).files.find((f) => f.id === a.id)!.name).toBe('海边日落.jpg');
  expect((await find(device, 'files.detail.name')).text).toBe('海边日落.jpg');
  await close();
});

test('select two files, move them through the picker; delete one and restore it from 回收站', async ({ browser }) => {
  const initial = createInitialState(6);
  const [x, y] = firstInDownload(filesOf(initial), 2);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-files-move', initial, { app: 'files', path: `/folder/${DOWNLOAD}` });

  await tap(page, device, 'files.select');
  await tap(page, device, `files.file.${x.id}`);
  await tap(page, device, `files.file.${y.id}`);
  expect((await find(device, 'files.sel.count')).text).toBe('已选择 2 项');
  await tap(page, device, 'files.sel.move');
  expect((await state(device)).route).toEqual({ app: 'files', path: `/pick/${DOWNLOAD}` });
  await tap(page, device, 'files.pick.crumb.d_root');
  await tap(page, device, 'files.pick.folder.d_02');
  await tap(page, device, 'files.pick.confirm');
  let now = await state(device);
  expect(now.route).toEqual({ app: 'files', path: `/folder/${DOWNLOAD}` });
  expect(filesOf(now.state).files.filter((f) => f.id === x.id || f.id === y.id).map((f) => f.folderId)).toEqual(['d_02', 'd_02']);

  await device.call('reset', { stateJson: JSON.stringify(now.state), route: { app: 'files', path: `/file/${x.id}` } });
  await tap(page, device, 'files.detail.delete');
  await tap(page, device, 'dialog.confirm');
  expect(typeof filesOf((await state(device)).state).files.find((f) => f.id === x.id)!.trashedAt).toBe('number');
  await device.call('reset', { stateJson: JSON.stringify((await state(device)).state), route: { app: 'files', path: '/trash' } });
  await tap(page, device, `files.trash.${x.id}.restore`);
  now = await state(device);
  expect(filesOf(now.state).files.find((f) => f.id === x.id)).toMatchObject({ trashedAt: null, folderId: 'd_02' });
  await close();
});

test('compress two files into a zip, extract it beside them, share it to 轻聊 as a file card', async ({ browser }) => {
  const initial = createInitialState(7);
  const [x, y] = firstInDownload(filesOf(initial), 2);
  const target = shareTargets(initial.apps.chat as unknown as ChatState)[0]!;
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-files-zip', initial, { app: 'files', path: `/folder/${DOWNLOAD}` });

  await tap(page, device, 'files.select');
  await tap(page, device, `files.file.${x.id}`);
  await tap(page, device, `files.file.${y.id}`);
  await tap(page, device, 'files.sel.compress');
  await retype(page, device, 'files.name.input', '两份资料');
  await tap(page, device, 'files.name.ok');
  let s = filesOf((await state(device)).state);
  const zip = s.files.find((f) => f.name === '两份资料.zip')!;
  expect(zip).toMatchObject({ folderId: DOWNLOAD, entries: [{ name: x.name, size: x.size }, { name: y.name, size: y.size }] });

  await device.call('reset', { stateJson: JSON.stringify((await state(device)).state), route: { app: 'files', path: `/file/${zip.id}` } });
  await tap(page, device, 'files.detail.extract');
  s = filesOf((await state(device)).state);
  const folder = s.folders.find((d) => d.name === '两份资料' && d.parentId === DOWNLOAD)!;
  expect(liveFiles(s).filter((f) => f.folderId === folder.id).map((f) => f.name)).toEqual([x.name, y.name]);

  await tap(page, device, 'files.detail.share');
  await tap(page, device, `files.share.target.${target.chatId}`);
  const chat = (await state(device)).state.apps.chat as unknown as ChatState;
  const thread = [...chat.chats, ...(chat.groups ?? [])].find((t) => t.id === target.chatId)!;
  expect(thread.messages.at(-1)).toMatchObject({ from: 'me', card: { app: 'files', title: '两份资料.zip', ref: `/file/${zip.id}` } });
  await close();
});
