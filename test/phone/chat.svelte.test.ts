import { flushSync, tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import { click, mountPhone, type } from './mountedPhone.ts';
import { isGroup, sortChats } from '../../simulator-apps/chat/logic.ts';
import type { ChatState, Thread } from '../../simulator-apps/chat/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

function start(seed = 1) {
  const m = mountPhone(createInitialState(seed));
  return { phone: m.phone, ui: m.ui, all: m.all, chat: () => m.slice<ChatState>('chat') };
}

describe('chat app', () => {
  it('opens from the launcher and lists chats, pinned first, with unread badges', () => {
    const { phone, ui, all, chat } = start();
    click(ui('app.chat'));
    expect(phone.route).toEqual({ app: 'chat', path: '/chats' });
    const rows = all('chat.item.');
    // Rows of chats and groups (群聊), each once: the first screenful, as the list renders the rest
    // when it scrolls into view (shared/renderWindow; test/env/renderWindow.test.ts scrolls it).
    const threads = [...chat().chats, ...chat().groups].map((c) => `chat.item.${c.id}`);
    const keys = rows.map((r) => r.dataset.ui!);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => threads.includes(k))).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(9); // a screen of 72 px rows
    const pinned = [...chat().chats, ...chat().groups].filter((c) => c.pinned).map((c) => `chat.item.${c.id}`);
    expect(keys.slice(0, pinned.length).sort()).toEqual(pinned.sort());
    const unread = chat().chats.find((c) => c.unread > 0 && !c.muted && keys.includes(`chat.item.${c.id}`))!;
    expect(ui(`chat.item.${unread.id}`).textContent).toContain(String(unread.unread));
  });

  it('opening a chat clears its unread; typing keeps a draft; sending appends and clears it', async () => {
    const { phone, ui, chat } = start();
    click(ui('app.chat'));
    const target = chat().chats.find((c) => c.unread > 0)!;
    click(ui(`chat.item.${target.id}`));
    expect(phone.route.path).toBe(`/chat/${target.id}`);
    expect(chat().chats.find((c) => c.id === target.id)!.unread).toBe(0);
    expect(() => ui('chat.send')).toThrow(); // no send button while the composer is empty

    type(ui('chat.input'), '晚上见');
    expect(chat().chats.find((c) => c.id === target.id)!.draft).toBe('晚上见');
    const before = chat().chats.find((c) => c.id === target.id)!.messages.length;
    click(ui('chat.send'));
    await tick();
    const after = chat().chats.find((c) => c.id === target.id)!;
    expect(after.messages).toHaveLength(before + 1);
    expect(after.messages.at(-1)).toMatchObject({ from: 'me', text: '晚上见', time: phone.now });
    expect(after.draft).toBe('');
    expect((ui('chat.input') as HTMLInputElement).value).toBe('');

    type(ui('chat.input'), '没发出去的话');
    click(ui('topbar.back'));
    expect(ui(`chat.item.${target.id}`).textContent).toContain('[草稿]');
  });

  it('chat settings: the pin switch, and clearing history through a confirm dialog and a toast', async () => {
    const { phone, ui, chat } = start();
    const target = chat().chats.find((c) => !c.pinned && c.messages.length > 0)!;
    phone.reset(phone.getStateJson(), { app: 'chat', path: `/chat/${target.id}/settings` });
    flushSync();
    const pin = ui('chat.settings.pin');
    expect(pin.getAttribute('role')).toBe('switch');
    expect(pin.getAttribute('aria-checked')).toBe('false');
    click(pin);
    expect(pin.getAttribute('aria-checked')).toBe('true');
    expect(chat().chats.find((c) => c.id === target.id)!.pinned).toBe(true);

    click(ui('chat.settings.clear'));
    expect(ui('dialog.confirm').textContent).toContain('清空');
    click(ui('dialog.cancel'));
    expect(chat().chats.find((c) => c.id === target.id)!.messages.length).toBe(target.messages.length);

    click(ui('chat.settings.clear'));
    click(ui('dialog.confirm'));
    await tick();
    flushSync();
    expect(chat().chats.find((c) => c.id === target.id)!.messages).toEqual([]);
    expect(ui('toast').textContent).toContain('已清空');
  });

  it('sets a remark from the contact page and shows it everywhere', () => {
    const { phone, ui, chat } = start();
    const contact = chat().contacts.find((c) => c.remark === '')!;
    phone.reset(phone.getStateJson(), { app: 'chat', path: `/contact/${contact.id}` });
    flushSync();
    click(ui('contact.remark'));
    expect(phone.route.path).toBe(`/contact/${contact.id}/remark`);
    type(ui('contact.remark.input'), '球友');
    click(ui('contact.remark.save'));
    expect(phone.route.path).toBe(`/contact/${contact.id}`);
    expect(chat().contacts.find((c) => c.id === contact.id)!.remark).toBe('球友');
    expect(ui('contact.name').textContent).toBe('球友');
    expect(ui('contact.nickname').textContent).toBe(contact.name);
  });

  it('发消息 to a contact without a chat creates the chat on the first message', () => {
    const { phone, ui, chat } = start();
    const withChat = new Set(chat().chats.map((c) => c.contactId));
    const loner = chat().contacts.find((c) => !withChat.has(c.id))!;
    phone.reset(phone.getStateJson(), { app: 'chat', path: `/contact/${loner.id}` });
    flushSync();
    click(ui('contact.message'));
    expect(phone.route.path).toBe(`/chat/with/${loner.id}`);
    const count = chat().chats.length;
    type(ui('chat.input'), '你好');
    expect(chat().chats).toHaveLength(count + 1);
    const created = chat().chats.at(-1)!;
    expect(created).toMatchObject({ contactId: loner.id, draft: '你好', messages: [] });
    expect(phone.route.path).toBe(`/chat/${created.id}`);
    click(ui('chat.send'));
    expect(chat().chats.at(-1)!.messages.map((m) => m.text)).toEqual(['你好']);
  });

  it('me tab shows my account id; the nav bar goes home and back', () => {
    const { phone, ui, chat } = start();
    click(ui('app.chat'));
    click(ui('tab.me'));
    expect(ui('me.accountId').textContent).toBe(chat().me.accountId);
    click(ui('nav.home'));
    expect(phone.route).toEqual({ app: 'home', path: '/' });
    click(ui('app.chat'));
    expect(phone.route.path).toBe('/me');
    click(ui('nav.back'));
    expect(phone.route).toEqual({ app: 'home', path: '/' });
  });

  it('groups: an unread group opens (read), shows sender names, and its settings rename it', async () => {
    const { phone, ui, all, chat } = start(3);
    click(ui('app.chat'));
    // The first unread group the list shows (rows further down are built as the list scrolls; seed
    // 3's is its 8th row).
    const shown = new Set(all('chat.item.').map((r) => r.dataset.ui));
    const g = sortChats([...chat().chats, ...chat().groups] as Thread[]).filter(isGroup).find((x) => x.unread > 0 && shown.has(`chat.item.${x.id}`))!;
    expect(g).toBeDefined();
    click(ui(`chat.item.${g.id}`));
    expect(phone.route.path).toBe(`/chat/${g.id}`);
    expect(chat().groups.find((x) => x.id === g.id)!.unread).toBe(0);
    const theirs = g.messages.find((m) => m.from !== 'me')!;
    expect(ui(`chat.sender.${theirs.id}`).textContent).not.toBe('');
    click(ui('chat.more'));
    expect(ui('group.count').textContent).toContain(`${g.members.length + 1}人`);
    click(ui('group.name'));
    type(ui('group.edit.input'), '新群名');
    click(ui('group.edit.save'));
    expect(chat().groups.find((x) => x.id === g.id)!.name).toBe('新群名');
    // The − (remove members) tile is only there for the owner.
    if (g.ownerId === 'me') expect(ui('group.remove')).toBeTruthy();
    else expect(() => ui('group.remove')).toThrow(/no element/);
  });

  it('moments: the 两点 menu likes and unlikes a moment', () => {
    const { phone, ui, chat } = start(3);
    click(ui('app.chat'));
    click(ui('tab.discover'));
    click(ui('discover.moments'));
    expect(phone.route.path).toBe('/moments');
    const m = chat().moments.slice().sort((a, b) => b.time - a.time)[0];
    const liked = m.likes.includes('me');
    click(ui(`moment.more.${m.id}`));
    click(ui('moment.like'));
    expect(chat().moments.find((x) => x.id === m.id)!.likes.includes('me')).toBe(!liked);
  });
});
