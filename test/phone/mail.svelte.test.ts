import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { click, mountPhone, type } from './mountedPhone.ts';
import { mailRouteStack } from '../../simulator-apps/mail/routes.ts';
import type { MailState } from '../../simulator-apps/mail/types.ts';
import type { PhotosState } from '../../simulator-apps/photos/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

function start(seed = 1) {
  const m = mountPhone(createInitialState(seed));
  return { ...m, mail: () => m.slice<MailState>('mail'), photos: () => m.slice<PhotosState>('photos') };
}

/** The photo ids 相册's picker shows (the first screenful: the grid renders the rest on scroll). */
const pickerTiles = (all: (prefix: string) => HTMLElement[]) => all('photos.picker.tile.').map((el) => el.dataset.ui!.slice('photos.picker.tile.'.length));

describe('mail: photos of 相册 as attachments', () => {
  it('compose attaches photos from 相册 (each once, removable), sends them, and a mail shows one large', () => {
    const { phone, ui, has, all, mail, photos } = start();
    click(ui('app.mail'));
    click(ui('mail.compose'));
    type(ui('mail.compose.to'), 'lin@example.com');
    ui('mail.compose.to').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    flushSync();
    type(ui('mail.compose.subject'), '照片');

    click(ui('mail.compose.attach'));
    click(ui('mail.compose.attach.photos'));
    const offered = pickerTiles(all);
    expect(offered.length).toBeGreaterThan(2);
    const [first, second] = offered as [string, string];
    click(ui(`photos.picker.tile.${first}`));
    click(ui(`photos.picker.tile.${second}`));
    click(ui('photos.picker.done'));
    expect(has('photos.picker')).toBe(false);
    // Each tile shows 相册's own picture of the photo (its svg is a .pg-art picture) and its file name.
    const tile = ui('mail.compose.attachment.1');
    expect(tile.textContent).toMatch(/IMG_\d{8}_\d{6}\.jpg/);
    expect(tile.querySelector('svg.pg-art')).not.toBeNull();

    // A photo already attached is not offered again.
    click(ui('mail.compose.attach'));
    click(ui('mail.compose.attach.photos'));
    expect(pickerTiles(all)).not.toContain(first);
    click(ui('photos.picker.cancel'));

    click(ui('mail.compose.attachment.remove.1'));
    expect(all('mail.compose.attachment.remove.')).toHaveLength(1);
    click(ui('mail.compose.send'));

    const sent = mail().mails.filter((m) => m.folder === 'sent').sort((a, b) => b.time - a.time || b.id.localeCompare(a.id))[0]!;
    const photo = photos().photos.find((p) => p.id === second)!;
    expect(sent.subject).toBe('照片');
    expect(sent.attachments).toEqual([{ kind: 'photo', name: expect.stringMatching(/^IMG_\d{8}_\d{6}\.jpg$/), size: photo.bytes, ref: `photos:${second}` }]);

    phone.setStack(mailRouteStack(`/mail/${sent.id}`));
    flushSync();
    click(ui(`mail.attachment.${sent.id}.1`));
    expect(ui('mail.photo.name').textContent).toContain(sent.attachments[0]!.name);
    expect(ui('mail.photo').querySelector('svg.pg-art')).not.toBeNull();
    phone.back();
    flushSync();
    expect(has('mail.photo')).toBe(false);
    expect(phone.route.path).toBe(`/mail/${sent.id}`);
  });

  it('leaving compose with only a photo attached keeps it in 草稿箱', () => {
    const { phone, ui, all, mail } = start(2);
    click(ui('app.mail'));
    click(ui('mail.compose'));
    click(ui('mail.compose.attach'));
    click(ui('mail.compose.attach.photos'));
    const [id] = pickerTiles(all) as [string];
    click(ui(`photos.picker.tile.${id}`));
    click(ui('photos.picker.done'));
    const before = mail().mails.length;
    phone.back();
    flushSync();
    const draft = mail().mails.at(-1)!;
    expect(mail().mails).toHaveLength(before + 1);
    expect([draft.folder, draft.attachments.map((a) => a.ref)]).toEqual(['drafts', [`photos:${id}`]]);
  });
});
