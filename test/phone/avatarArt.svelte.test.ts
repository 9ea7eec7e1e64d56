import { flushSync, mount, unmount, type Component } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { PEOPLE, SPECIAL_CONTACTS } from '../../simulator-apps/chat/data.ts';
import ChatAvatar from '../../simulator-apps/chat/ui/Avatar.svelte';
import ContactsAvatar from '../../simulator-apps/contacts/ui/Avatar.svelte';
import { BANKS } from '../../simulator-apps/mail/data.ts';
import MailAvatar from '../../simulator-apps/mail/ui/Avatar.svelte';
import { avatarMarkup, avatarPicture, avatarShapes } from '../../simulator-apps/shared/avatarArt.ts';

const mounted: ReturnType<typeof mount>[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) unmount(m);
  document.body.innerHTML = '';
});

/** Mounts an avatar on its own and returns its root element. */
function render<P extends Record<string, unknown>>(component: Component<P>, props: P): HTMLElement {
  const target = document.createElement('div');
  document.body.append(target);
  mounted.push(mount(component, { target, props }));
  flushSync();
  const root = target.firstElementChild as HTMLElement;
  expect(root.classList.contains('pg-art')).toBe(true);
  return root;
}

describe('people avatars (shared/avatarArt.ts, shared/PersonAvatar.svelte)', () => {
  it('one person gives the same picture every time', () => {
    const markup = avatarMarkup('赵子涵');
    expect(markup).toContain('<');
    expect(avatarMarkup('赵子涵')).toBe(markup);
    const first = render(ChatAvatar, { avatar: { color: '#5B8FF9', glyph: '涵' }, person: '赵子涵', size: 48 }).innerHTML;
    expect(first).toContain('data-picture');
    expect(render(ChatAvatar, { avatar: { color: '#5B8FF9', glyph: '涵' }, person: '赵子涵', size: 48 }).innerHTML).toBe(first);
  });

  it('ten different people get at least eight different pictures, busts among them', () => {
    const names = PEOPLE.slice(0, 10).map((p) => p.name);
    expect(new Set(names).size).toBe(10);
    expect(new Set(names.map(avatarMarkup)).size).toBeGreaterThanOrEqual(8);
    const kinds = new Set(PEOPLE.map((p) => avatarPicture(p.name).kind));
    expect([...kinds].sort()).toEqual(['bust', 'pet', 'scenery']);
  });

  it('a service or an organisation keeps its letter; an unknown number its silhouette', () => {
    const service = render(ContactsAvatar, { name: '小区物业', color: '#269A99', size: 40 });
    expect(service.textContent?.trim()).toBe('物业');
    expect(service.querySelector('svg, img')).toBeNull();
    const bank = render(MailAvatar, { who: { name: BANKS[0].name, address: BANKS[0].address }, size: 40 });
    expect(bank.textContent?.trim()).toBe(BANKS[0].name.charAt(0));
    expect(bank.querySelector('svg, img')).toBeNull();
    const group = render(ChatAvatar, { avatar: { color: '#5a7db8', glyph: '家' }, person: null, size: 48 });
    expect(group.textContent?.trim()).toBe('家');
    const unknown = render(ContactsAvatar, { name: '', color: '#7D8894', size: 40 });
    expect(unknown.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 24 24');
    const person = render(ContactsAvatar, { name: '赵子涵', color: '#269A99', size: 40 });
    expect(person.textContent?.trim()).toBe('');
    expect(person.querySelector('img')?.dataset.picture).toBe(avatarShapes('赵子涵').id);
  });

  it('the same person looks the same in 轻聊, 电话 and 邮箱 (妈妈 in the phone book is 李秀兰 in 轻聊)', () => {
    const picture = (root: HTMLElement): string => root.querySelector('img')?.dataset.picture ?? '';
    const mom = SPECIAL_CONTACTS.mom;
    const inChat = picture(render(ChatAvatar, { avatar: { color: '#F08BB4', glyph: '兰' }, person: mom.name, size: 48 }));
    expect(inChat).not.toBe('');
    expect(picture(render(ContactsAvatar, { name: mom.remark, color: '#5B8FF9', size: 40 }))).toBe(inChat);
    const friend = PEOPLE[6].name;
    const friendInChat = picture(render(ChatAvatar, { avatar: { color: '#F08BB4', glyph: 'x' }, person: friend, size: 48 }));
    expect(picture(render(ContactsAvatar, { name: friend, color: '#5B8FF9', size: 40 }))).toBe(friendInChat);
    expect(picture(render(MailAvatar, { who: { name: friend, address: 'siyuan.he@qmail.com' }, size: 40 }))).toBe(friendInChat);
    expect(friendInChat).not.toBe(inChat);
  });
});
