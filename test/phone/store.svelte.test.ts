import 'fake-indexeddb/auto';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { HOME_ROUTE, type PhoneState } from '../../bridge/protocol/state.ts';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import { ChatModel } from '../../simulator-apps/chat/model.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { PhonePersistence } from '../../simulator-apps/os/persistence.ts';
import { Phone, RECENTS_ROUTE } from '../../simulator-apps/os/phone.svelte.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const chatOf = (p: Phone): ChatState => JSON.parse(p.getStateJson()).apps.chat;
let dbCounter = 0;
const uniqueDb = (): string => `phonegym-test-${++dbCounter}`;

describe('revision', () => {
  it('bumps on every change, deep ones included, and getStateJson follows', () => {
    const phone = new Phone(createInitialState(1));
    const model = new ChatModel(phone);
    const r0 = phone.revision;
    const json0 = phone.getStateJson();
    const chatId = chatOf(phone).chats[0].id;

    model.send(chatId, '深层修改');
    expect(phone.revision).toBe(r0 + 1);
    const json1 = phone.getStateJson();
    expect(json1).not.toBe(json0);
    expect(chatOf(phone).chats[0].messages.at(-1)).toMatchObject({ from: 'me', text: '深层修改' });

    phone.update((s) => {
      (s.apps.chat as unknown as ChatState).contacts[3].avatar.glyph = '新';
    });
    expect(phone.revision).toBe(r0 + 2);
    expect(chatOf(phone).contacts[3].avatar.glyph).toBe('新');

    phone.advanceTime(60_000);
    expect(phone.revision).toBe(r0 + 3);
    expect(JSON.parse(phone.getStateJson()).os.time.timestamp).toBe(createInitialState(1).os.time.timestamp + 60_000);
  });

  it('serialises only the slices an update reaches, and the JSON is always the whole tree\'s', () => {
    const phone = new Phone(createInitialState(1));
    const full = () => JSON.stringify($state.snapshot(phone.state));
    expect(phone.getStateJson()).toBe(full());
    const model = new ChatModel(phone);
    model.send(chatOf(phone).chats[1].id, '切片');
    expect(phone.getStateJson()).toBe(full());
    // A mutator holding on to a slice, another replacing a slice, one adding and one removing an app.
    phone.update((s) => {
      const wallet = s.apps.wallet as unknown as { balance: number };
      wallet.balance += 1;
    });
    expect(phone.getStateJson()).toBe(full());
    phone.update((s) => {
      s.apps.answers = { ...(s.apps.answers as object), extra: 1 } as never;
    });
    expect(phone.getStateJson()).toBe(full());
    phone.update((s) => {
      for (const id of Object.keys(s.apps)) if (id === 'calendar') delete s.apps[id];
    });
    expect(JSON.parse(phone.getStateJson()).apps.calendar).toBeUndefined();
    expect(phone.getStateJson()).toBe(full());
    phone.update((s) => {
      s.os = { ...s.os, locale: 'zh-CN' } as never;
    });
    phone.advanceTime(1000);
    expect(phone.getStateJson()).toBe(full());
    phone.reset(createInitialState(2));
    expect(phone.getStateJson()).toBe(JSON.stringify(createInitialState(2)));
    expect(JSON.parse(phone.snapshot()).state).toEqual(createInitialState(2));
  });

  it('notifies listeners synchronously, and navigation alone does not bump it', () => {
    const phone = new Phone(createInitialState(1));
    const seen: string[] = [];
    phone.onChange((k) => seen.push(k));
    const r = phone.revision;
    phone.openApp('chat');
    expect(seen).toEqual(['route']);
    expect(phone.revision).toBe(r);
    new ChatModel(phone).setPinned(chatOf(phone).chats[2].id, true);
    expect(seen).toEqual(['route', 'state']);
  });

  it('makes reads reactive: a $derived over the state sees deep changes', () => {
    const phone = new Phone(createInitialState(1));
    const model = new ChatModel(phone);
    const cleanup = $effect.root(() => {
      const unread = $derived(model.data!.chats.reduce((n, c) => n + c.unread, 0));
      const seen: number[] = [];
      $effect(() => {
        seen.push(unread);
      });
      flushSync();
      const withUnread = chatOf(phone).chats.find((c) => c.unread > 0)!;
      phone.openApp('chat');
      model.openChat(withUnread.id);
      flushSync();
      expect(seen).toEqual([seen[0], seen[0] - withUnread.unread]);
    });
    cleanup();
  });
});

describe('snapshot / restore / reset / setState', () => {
  it('round-trips state and navigation', () => {
    const phone = new Phone(createInitialState(3));
    const model = new ChatModel(phone);
    phone.openApp('chat');
    const chatId = chatOf(phone).chats[1].id;
    model.openChat(chatId);
    model.setDraft(chatId, '还没发');
    const snap = phone.snapshot();
    const json = phone.getStateJson();

    model.send(chatId, '之后的消息');
    phone.home();
    phone.restore(snap);
    expect(phone.getStateJson()).toBe(json);
    expect(phone.route).toEqual({ app: 'chat', path: `/chat/${chatId}` });
    phone.back();
    expect(phone.route).toEqual({ app: 'chat', path: '/chats' });
    expect(JSON.parse(phone.snapshot())).toMatchObject({ v: 1, nav: { recents: ['chat'] } });
  });

  it('reset replaces everything, clears the stacks and opens a deep link with its parents', () => {
    const phone = new Phone(createInitialState(1));
    phone.openApp('chat');
    phone.push('/contacts');
    const injected = createInitialState(9);
    const epoch = phone.epoch;
    phone.reset(JSON.stringify(injected), { app: 'chat', path: '/chat/c_03/settings' });
    expect(phone.epoch).toBe(epoch + 1);
    expect(phone.getStateJson()).toBe(JSON.stringify(injected));
    expect(phone.route).toEqual({ app: 'chat', path: '/chat/c_03/settings' });
    phone.back();
    expect(phone.route.path).toBe('/chat/c_03');
    phone.back();
    expect(phone.route.path).toBe('/chats');
    phone.back();
    expect(phone.route).toEqual(HOME_ROUTE);

    phone.reset(JSON.stringify(injected));
    expect(phone.route).toEqual(HOME_ROUTE);
    expect(phone.nav.recents).toEqual([]);
  });

  it('setState keeps the route and back stack', () => {
    const phone = new Phone(createInitialState(1));
    phone.openApp('chat');
    phone.push('/contacts');
    phone.push('/contact/u_001');
    const next = createInitialState(2);
    phone.setState(JSON.stringify(next));
    expect(phone.getStateJson()).toBe(JSON.stringify(next));
    expect(phone.route).toEqual({ app: 'chat', path: '/contact/u_001' });
    phone.back();
    expect(phone.route.path).toBe('/contacts');
  });

  it('refuses bad input with a clear error and keeps the old state', () => {
    const phone = new Phone(createInitialState(1));
    const before = phone.getStateJson();
    const r = phone.revision;
    expect(() => phone.reset('{not json')).toThrow(PhonegymError);
    expect(() => phone.reset('{"os":{},"apps":{}}')).toThrow(/os.time.timestamp must be a number/);
    const broken = createInitialState(1) as PhoneState;
    (broken.apps.chat as Record<string, unknown>).chats = 'nope';
    expect(() => phone.setState(JSON.stringify(broken))).toThrow(/apps.chat.chats must be an array/);
    expect(() => phone.reset(before, { app: 'camera', path: '/' })).toThrow(/unknown app "camera"/);
    expect(() => phone.restore('{"v":2}')).toThrow(/not a phone snapshot/);
    expect(phone.getStateJson()).toBe(before);
    expect(phone.revision).toBe(r);
  });
});

describe('navigation', () => {
  it('back walks the app stack, then goes home; home keeps the stack for the next open', () => {
    const phone = new Phone(createInitialState(1));
    expect(phone.route).toEqual(HOME_ROUTE);
    phone.openApp('chat');
    expect(phone.route).toEqual({ app: 'chat', path: '/chats' });
    phone.push('/chat/c_02');
    phone.push('/chat/c_02/settings');
    phone.home();
    expect(phone.route).toEqual(HOME_ROUTE);
    phone.openApp('chat');
    expect(phone.route.path).toBe('/chat/c_02/settings');
    phone.back();
    phone.back();
    expect(phone.route.path).toBe('/chats');
    phone.back();
    expect(phone.route).toEqual(HOME_ROUTE);
    phone.openApp('chat');
    expect(phone.route.path).toBe('/chats');
    phone.back(); // at home nothing happens
    phone.back();
    expect(phone.route).toEqual(HOME_ROUTE);
  });

  it('tabs replace the stack; recent toggles the switcher; closing an app forgets it', () => {
    const phone = new Phone(createInitialState(1));
    phone.openApp('chat');
    phone.setStack(['/contacts']);
    phone.push('/contact/u_004');
    phone.recent();
    expect(phone.route).toEqual(RECENTS_ROUTE);
    expect(phone.nav.recents).toEqual(['chat']);
    phone.back();
    expect(phone.route).toEqual({ app: 'chat', path: '/contact/u_004' });
    phone.recent();
    phone.openApp('chat');
    expect(phone.route.path).toBe('/contact/u_004');
    phone.recent();
    phone.closeRecent('chat');
    expect(phone.nav.recents).toEqual([]);
    phone.recent();
    expect(phone.route).toEqual(HOME_ROUTE);
    phone.openApp('chat');
    expect(phone.route.path).toBe('/chats');
  });
});

describe('OS services', () => {
  it('confirm resolves with the answer; back cancels it; reset dismisses it', async () => {
    const phone = new Phone(createInitialState(1));
    const yes = phone.confirm({ message: '确定？' });
    phone.answerDialog(true);
    await expect(yes).resolves.toBe(true);
    const viaBack = phone.confirm({ message: '确定？' });
    phone.openApp('chat');
    phone.push('/contacts');
    phone.back();
    await expect(viaBack).resolves.toBe(false);
    expect(phone.route.path).toBe('/contacts'); // the back only closed the dialog
    const viaReset = phone.confirm({ message: '确定？' });
    phone.reset(phone.getStateJson());
    await expect(viaReset).resolves.toBe(false);
    expect(phone.dialog).toBeNull();
  });

  it('a toast expires with the virtual clock', () => {
    const phone = new Phone(createInitialState(1));
    phone.toast('已发送', { durationMs: 1500 });
    phone.advanceTime(1000);
    expect(phone.toasts.map((t) => t.text)).toEqual(['已发送']);
    phone.advanceTime(600);
    expect(phone.toasts).toEqual([]);
  });
});

describe('IndexedDB persistence', () => {
  it('saves and hydrates a standalone phone', async () => {
    const dbName = uniqueDb();
    const a = new Phone(createInitialState(1));
    const pa = new PhonePersistence(a, { key: 'seed:1', dbName });
    expect(await pa.hydrate()).toBe('empty');
    new ChatModel(a).setMyName('持久化的我');
    a.openApp('chat');
    await pa.save();
    await pa.close();

    const b = new Phone(createInitialState(1));
    const pb = new PhonePersistence(b, { key: 'seed:1', dbName });
    expect(await pb.hydrate()).toBe('restored');
    expect(chatOf(b).me.name).toBe('持久化的我');
    expect(b.route).toEqual({ app: 'chat', path: '/chats' });
    await pb.close();
  });

  it('never lets a hydrate that resolves after a reset overwrite the injected state', async () => {
    const dbName = uniqueDb();
    const stale = new Phone(createInitialState(1));
    new ChatModel(stale).setMyName('旧的存档');
    const ps = new PhonePersistence(stale, { key: 'seed:1', dbName });
    await ps.save();
    await ps.close();

    for (const inject of ['reset', 'setState', 'restore'] as const) {
      const phone = new Phone(createInitialState(1));
      const p = new PhonePersistence(phone, { key: 'seed:1', dbName });
      const hydrating = p.hydrate(); // the read is in flight…
      const injected = createInitialState(5);
      if (inject === 'reset') phone.reset(JSON.stringify(injected), { app: 'chat', path: '/me' });
      else if (inject === 'setState') phone.setState(JSON.stringify(injected));
      else phone.restore(JSON.stringify({ v: 1, state: injected, nav: { foreground: 'home', stacks: {}, recents: [] } }));
      // …and lands after the bridge injected its state: it must be dropped.
      expect(await hydrating).toBe('discarded');
      expect(phone.getStateJson()).toBe(JSON.stringify(injected));
      expect(chatOf(phone).me.name).not.toBe('旧的存档');
      await p.close();
    }
  });

  it('saves changes after start (debounced) and stops on stop', async () => {
    const dbName = uniqueDb();
    const phone = new Phone(createInitialState(2));
    const p = new PhonePersistence(phone, { key: 'k', dbName, debounceMs: 60_000 });
    await p.hydrate();
    p.start();
    new ChatModel(phone).setMySignature('改了签名');
    await p.flush(); // the change scheduled a save; write it now instead of waiting out the debounce
    p.stop();
    new ChatModel(phone).setMySignature('停止之后的改动');
    await p.flush();
    await p.close();
    const again = new Phone(createInitialState(2));
    const p2 = new PhonePersistence(again, { key: 'k', dbName });
    expect(await p2.hydrate()).toBe('restored');
    expect(chatOf(again).me.signature).toBe('改了签名');
    await p2.close();
  });
});

describe('screens taking the system back', () => {
  it('asks the newest handler first, after menus and dialogs, and unregisters', async () => {
    const phone = new Phone(createInitialState(1));
    phone.openApp('chat');
    phone.push('/me');
    const calls: string[] = [];
    let sheetOpen = true;
    const offOld = phone.onBack(() => (calls.push('old'), false));
    const offSheet = phone.onBack(() => {
      calls.push('sheet');
      if (!sheetOpen) return false;
      sheetOpen = false;
      return true;
    });
    const answer = phone.confirm({ message: '确定？' });
    phone.back(); // the dialog closes first
    await expect(answer).resolves.toBe(false);
    expect(calls).toEqual([]);
    phone.back(); // the sheet takes it
    expect(calls).toEqual(['sheet']);
    expect(phone.route.path).toBe('/me');
    phone.back(); // the sheet is closed: both decline, the stack pops
    expect(calls).toEqual(['sheet', 'sheet', 'old']);
    expect(phone.route.path).not.toBe('/me');
    offSheet();
    offOld();
    phone.push('/me');
    phone.back();
    expect(calls).toHaveLength(3);
  });
});
