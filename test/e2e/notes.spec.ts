/**
 * 小橙书 in a real Chromium through the real bridge: taps and typing on the phone page change the
 * state the bridge reads — feed → note → like / collect into a board / comment; publishing with
 * tags and 仅自己可见; a draft saved on leaving the editor (by the system back, which asks first)
 * survives a tab switch and reopens.
 */
import { expect, test, type Browser } from '@playwright/test';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { onPhone, openPhoneAt, useBridge, type Phone } from './phonePage.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';

const bridge = useBridge();
const { tree, find, tap, typeInto } = onPhone;
const openPhone = (browser: Browser, id: string, seed: number) => openPhoneAt(bridge(), browser, id, createInitialState(seed), { app: 'notes', path: '/' });

async function notes(p: Phone): Promise<NotesState> {
  const state = JSON.parse((await p.device.call('getState', {})).json) as PhoneState;
  return state.apps.notes as unknown as NotesState;
}

async function route(p: Phone): Promise<string> {
  return (await p.device.call('getState', {})).route.path;
}

test('feed → note: like, collect into a board, comment', async ({ browser }) => {
  const p = await openPhone(browser, 'e2e-notes-feed', 5);
  const first = (await tree(p)).find((n) => n.key?.startsWith('notes.card.'))!;
  const noteId = first.key!.slice('notes.card.'.length);
  const before = (await notes(p)).notes.find((n) => n.id === noteId)!;
  await tap(p, first.key!);
  expect(await route(p)).toBe(`/note/${noteId}`);
  expect((await find(p, 'notes.note.title'))?.text).toBe(before.title);

  // Swipe the carousel when there is more than one picture.
  if (before.images.length > 1) {
    const c = (await find(p, 'notes.note.carousel'))!;
    const y = c.bounds.y + c.bounds.h / 2;
    await p.page.mouse.move(300, y);
    await p.page.mouse.down();
    await p.page.mouse.move(200, y, { steps: 5 });
    await p.page.mouse.move(80, y, { steps: 5 });
    await p.page.mouse.up();
    expect((await find(p, 'notes.note.imageIndex'))?.text).toBe(`2/${before.images.length}`);
  }

  await tap(p, 'notes.note.like');
  let n = (await notes(p)).notes.find((x) => x.id === noteId)!;
  expect([n.liked, n.likes]).toEqual([!before.liked, before.likes + (before.liked ? -1 : 1)]);

  const s0 = await notes(p);
  const wasCollected = s0.boards.some((b) => b.noteIds.includes(noteId));
  if (wasCollected) await tap(p, 'notes.note.collect'); // take it out first
  await tap(p, 'notes.note.collect');
  expect(await route(p)).toBe(`/note/${noteId}?sheet=collect`);
  const board = s0.boards.at(-1)!;
  await tap(p, `notes.collect.board.${board.id}`);
  expect(await route(p)).toBe(`/note/${noteId}`);
  const s1 = await notes(p);
  expect(s1.boards.find((b) => b.id === board.id)!.noteIds[0]).toBe(noteId);
  expect(s1.notes.find((x) => x.id === noteId)!.collects).toBe(before.collects + (wasCollected ? 0 : 1));

  await typeInto(p, 'notes.comment.input', '看起来很不错 nice');
  await tap(p, 'notes.comment.send');
  n = (await notes(p)).notes.find((x) => x.id === noteId)!;
  expect(n.comments.at(-1)).toMatchObject({ authorId: 'me', text: '看起来很不错 nice' });
  const mine = n.comments.at(-1)!;
  expect((await find(p, `notes.comment.${mine.id}`))?.text).toContain('看起来很不错 nice');
  expect((await find(p, 'notes.note.commentCount'))?.text).toBe(`共 ${n.comments.length} 条评论`);

  // The system back closes the sheet before it leaves the note.
  await tap(p, 'notes.note.share');
  expect(await route(p)).toBe(`/note/${noteId}?sheet=share`);
  await p.device.call('navigate', { key: 'back' });
  expect(await route(p)).toBe(`/note/${noteId}`);
  await p.close();
});

test('publish a note with tags, a place and 仅自己可见', async ({ browser }) => {
  const p = await openPhone(browser, 'e2e-notes-publish', 6);
  const count = (await notes(p)).notes.length;
  await tap(p, 'notes.tab.publish');
  expect(await route(p)).toBe('/publish');
  await typeInto(p, 'notes.publish.title', '雨天的咖啡馆');
  expect((await find(p, 'notes.publish.titleCount'))?.text).toBe('6/20');
  await typeInto(p, 'notes.publish.body', '窗边的位置听着雨声看书，一下午就过去了。');
  await tap(p, 'notes.publish.palette.4');
  for (const t of ['咖啡', '#雨天']) {
    await typeInto(p, 'notes.publish.tagInput', t);
    await tap(p, 'notes.publish.tagAdd');
  }
  await tap(p, 'notes.publish.location');
  await tap(p, 'notes.city.杭州');
  await tap(p, 'notes.publish.visibility');
  await tap(p, 'notes.vis.private');
  expect((await find(p, 'notes.publish.visibility'))?.text).toContain('仅自己可见');
  await tap(p, 'notes.publish.submit');

  const s = await notes(p);
  expect(s.notes).toHaveLength(count + 1);
  const note = s.notes.at(-1)!;
  expect(note).toMatchObject({ authorId: 'me', title: '雨天的咖啡馆', tags: ['咖啡', '雨天'], city: '杭州', visibility: 'private', likes: 0 });
  expect(note.images[0].palette).toBe(4);
  expect(await route(p)).toBe(`/note/${note.id}`);
  expect((await find(p, 'notes.note.visibility'))?.text).toBe('仅自己可见');
  await p.close();
});

test('a draft saved on leaving the editor survives a tab switch and reopens with its content', async ({ browser }) => {
  const p = await openPhone(browser, 'e2e-notes-draft', 7);
  const drafts = (await notes(p)).drafts.length;
  await tap(p, 'notes.tab.publish');
  await typeInto(p, 'notes.publish.title', '还没写完的游记');
  await typeInto(p, 'notes.publish.body', '第一天去了西湖，');
  await typeInto(p, 'notes.publish.tagInput', '杭州');
  await tap(p, 'notes.publish.tagAdd');
  // The system back asks before losing the text, as the close button does.
  await p.device.call('navigate', { key: 'back' });
  expect(await route(p)).toBe('/publish');
  expect((await find(p, 'dialog.confirm'))?.text).toBe('保存草稿');
  expect((await find(p, 'dialog.cancel'))?.text).toBe('不保存');
  await tap(p, 'dialog.confirm');
  expect(await route(p)).not.toBe('/publish');
  const s = await notes(p);
  expect(s.drafts).toHaveLength(drafts + 1);
  const d = s.drafts.at(-1)!;
  expect(d).toMatchObject({ title: '还没写完的游记', body: '第一天去了西湖，', tags: ['杭州'] });

  await tap(p, 'notes.tab.hot');
  expect(await route(p)).toBe('/hot');
  await tap(p, 'notes.tab.me');
  await tap(p, 'notes.me.drafts');
  await tap(p, `notes.draft.${d.id}`);
  expect(await route(p)).toBe(`/publish/${d.id}`);
  expect((await find(p, 'notes.publish.title'))?.value ?? (await find(p, 'notes.publish.title'))?.text).toBe('还没写完的游记');
  expect((await find(p, 'notes.publish.tag.杭州'))).toBeTruthy();

  // Unsaved edits survive leaving the app and coming back.
  await typeInto(p, 'notes.publish.body', '第二天去了灵隐寺。');
  await p.device.call('navigate', { key: 'home' });
  await tap(p, 'app.notes');
  expect(await route(p)).toBe(`/publish/${d.id}`);
  const body = await find(p, 'notes.publish.body');
  expect(body?.value ?? body?.text).toBe('第一天去了西湖，第二天去了灵隐寺。');
  await tap(p, 'notes.publish.submit');
  const after = await notes(p);
  expect(after.drafts.some((x) => x.id === d.id)).toBe(false);
  expect(after.notes.at(-1)).toMatchObject({ title: '还没写完的游记', body: '第一天去了西湖，第二天去了灵隐寺。', tags: ['杭州'] });
  await p.close();
});
