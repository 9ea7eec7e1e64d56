/**
 * 小橙书's note pictures and 相册's 分享 → 小橙书 on a mounted phone: each note draws a photo-like
 * scene of its own (two notes differ, one note draws the same markup on every phone of the seed),
 * and a photo shared from 相册's viewer opens 小橙书's editor with that photo as the picture, drawn
 * with 相册's own art, kept by the note published or the draft saved.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { click, mountPhone, type } from './mountedPhone.ts';
import { pictureSource, sceneKindOf } from '../../simulator-apps/notes/art.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';
import { livePhotos } from '../../simulator-apps/photos/logic.ts';
import type { PhotosState } from '../../simulator-apps/photos/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

function start(seed = 1) {
  const m = mountPhone(createInitialState(seed));
  return { ...m, notes: () => m.slice<NotesState>('notes'), photos: () => m.slice<PhotosState>('photos') };
}

/** The shapes of the picture inside an element (the `pg-art` svg's content). */
const pictureOf = (el: HTMLElement): string => {
  const svg = el.querySelector('svg.pg-art');
  if (!svg) throw new Error(`no pg-art picture in ${el.dataset.ui}`);
  return svg.innerHTML;
};

describe('小橙书 note pictures', () => {
  it('picks the scene from the note’s words, then its category, and seeds it from its id', () => {
    expect(sceneKindOf({ title: '猫咪挑食怎么办', tags: [], category: '萌宠' }, '挑食')).toBe('pet');
    expect(sceneKindOf({ title: '三亚五天四晚', tags: ['海岛'], category: '旅行' }, '攻略')).toBe('sea');
    expect(sceneKindOf({ title: '周末去哪儿', tags: [], category: '旅行' }, '路线')).toBe('landscape');
    const cover = { palette: 2, text: '封面', ratio: 0.75 };
    const subject = { id: 'n_001', title: '周末去哪儿', tags: [], category: '旅行' as const };
    expect(pictureSource(subject, cover, 0)).toEqual(pictureSource(subject, cover, 0));
    expect(pictureSource(subject, cover, 0).art).not.toBe(pictureSource({ ...subject, id: 'n_002' }, cover, 0).art);
    expect(pictureSource(subject, cover, 0).art).not.toBe(pictureSource(subject, cover, 1).art);
    // The caption is not in the seed: the editor's preview keeps its picture while the title is typed.
    expect(pictureSource(subject, { ...cover, text: '另一个标题' }, 0).art).toBe(pictureSource(subject, cover, 0).art);
  });

  it('draws two feed cards apart, and the same card the same on another phone of the seed', () => {
    const first = start();
    click(first.ui('app.notes'));
    const cards = first.all('notes.card.');
    expect(cards.length).toBeGreaterThanOrEqual(4);
    const pictures = cards.map(pictureOf);
    expect(new Set(pictures).size).toBe(pictures.length);
    const [a, b] = cards as [HTMLElement, HTMLElement];
    expect(a.querySelector('svg')!.classList.contains('pg-art')).toBe(true);
    // The title stays readable under the picture; the caption chip is text over it.
    const note = first.notes().notes.find((n) => n.id === a.dataset.ui!.slice('notes.card.'.length))!;
    expect(a.textContent).toContain(note.title);
    expect(a.textContent).toContain(note.images[0].text);

    const again = start();
    click(again.ui('app.notes'));
    expect(pictureOf(again.ui(a.dataset.ui!))).toBe(pictureOf(a));
    expect(pictureOf(again.ui(b.dataset.ui!))).toBe(pictureOf(b));
  });
});

describe('相册 → 小橙书', () => {
  function shareFromViewer(m: ReturnType<typeof start>) {
    const photo = livePhotos(m.photos()).find((p) => p.placeId !== null)!;
    click(m.ui('app.photos'));
    m.phone.setStack(['/', `/photo/${photo.id}`]);
    flushSync();
    const viewerPicture = m.ui('photos.viewer.photo').querySelector('svg.pg-art g')!.innerHTML;
    click(m.ui('photos.viewer.share'));
    click(m.ui('photos.share.app.notes'));
    return { photo, viewerPicture };
  }

  it('opens 小橙书’s editor with the photo as the picture, and the note published keeps it', () => {
    const m = start();
    const before = m.notes().notes.length;
    const { photo, viewerPicture } = shareFromViewer(m);
    expect(m.has('photos.share.sheet')).toBe(false);
    expect(m.phone.route).toMatchObject({ app: 'notes', path: `/publish?photo=${photo.id}` });
    // 相册's own picture of the photo, not a scene of the note.
    expect(m.ui('notes.publish.picture').querySelector('svg.pg-art g')!.innerHTML).toBe(viewerPicture);

    type(m.ui('notes.publish.title'), '湖边的傍晚');
    click(m.ui('notes.publish.submit'));
    const notes = m.notes().notes;
    expect(notes).toHaveLength(before + 1);
    const note = notes.at(-1)!;
    expect(note).toMatchObject({ authorId: 'me', title: '湖边的傍晚', images: [{ photo: `photos:${photo.id}` }] });
    expect(m.phone.route.path).toBe(`/note/${note.id}`);
    expect(m.ui('notes.note.carousel').querySelector('svg.pg-art g')!.innerHTML).toBe(viewerPicture);
  });

  it('存草稿 keeps the photo in the draft and publishes nothing; the draft reopens with it', () => {
    const m = start(2);
    const before = m.notes();
    const { photo, viewerPicture } = shareFromViewer(m);
    type(m.ui('notes.publish.title'), '先存一下');
    click(m.ui('notes.publish.saveDraft'));
    const after = m.notes();
    expect(after.notes).toHaveLength(before.notes.length);
    const draft = after.drafts.find((d) => !before.drafts.some((x) => x.id === d.id))!;
    expect(draft).toMatchObject({ title: '先存一下', photo: `photos:${photo.id}` });

    m.phone.setStack(['/me', '/drafts', `/publish/${draft.id}`]);
    flushSync();
    expect(m.ui('notes.publish.picture').querySelector('svg.pg-art g')!.innerHTML).toBe(viewerPicture);
  });
});
