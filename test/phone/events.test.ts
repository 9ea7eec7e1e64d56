/**
 * Environment events (interactive tasks): a scripted contact's message arriving goes through the
 * chat app's own rules, all or nothing, and raises a notification that opens the conversation.
 */
import { describe, expect, it } from 'vitest';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import type { SettingsState } from '../../simulator-apps/settings/types.ts';
import { applyEnvironmentEvent, deliverEvents, parseEnvironmentEvent } from '../../simulator-apps/events.ts';
import { NOTICE_MS, Phone } from '../../simulator-apps/os/phone.svelte.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const chatOf = (s: PhoneState): ChatState => s.apps.chat as unknown as ChatState;

function firstChat(s: PhoneState) {
  const chat = chatOf(s).chats[0];
  return { chatId: chat.id, contactId: chat.contactId };
}

describe('parseEnvironmentEvent', () => {
  it('names the bad field', () => {
    expect(() => parseEnvironmentEvent(null, 'events[0]')).toThrow('events[0] must be an object');
    expect(() => parseEnvironmentEvent({ kind: 'sms.incoming' }, 'events[0]')).toThrow('events[0].kind must be "chat.incoming", got "sms.incoming"');
    expect(() => parseEnvironmentEvent({ kind: 'chat.incoming', chatId: 'c_01', from: 'x', text: '' }, 'e')).toThrow('e.text must be a non-empty string');
  });
});

describe('chat.incoming', () => {
  it('appends the contact’s message and raises unread, with a notice for the conversation', () => {
    const s = createInitialState(3);
    const { chatId, contactId } = firstChat(s);
    const thread = chatOf(s).chats[0];
    const unread = thread.unread;
    const n = applyEnvironmentEvent(s, { kind: 'chat.incoming', chatId, from: contactId, text: '周四下午三点可以' }, 12345);
    expect(thread.messages.at(-1)).toMatchObject({ from: contactId, text: '周四下午三点可以', time: 12345 });
    expect(thread.unread).toBe(unread + 1);
    expect(n).toMatchObject({ app: 'chat', text: '周四下午三点可以', path: `/chat/${chatId}` });
  });

  it('refuses a sender who is not in the chat, as invalid_params', () => {
    const s = createInitialState(3);
    const { chatId } = firstChat(s);
    const other = chatOf(s).chats[1].contactId;
    try {
      applyEnvironmentEvent(s, { kind: 'chat.incoming', chatId, from: other, text: 'hi' }, 1);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PhonegymError);
      expect((e as PhonegymError).code).toBe('invalid_params');
      expect((e as Error).message).toMatch(/^chat\.incoming: /);
    }
  });
});

describe('deliverEvents on the phone', () => {
  it('applies all events in one revision and shows the last as a notification that opens the chat', () => {
    const phone = new Phone(createInitialState(5));
    const { chatId, contactId } = firstChat(JSON.parse(phone.getStateJson()));
    const r0 = phone.revision;
    deliverEvents(phone, [
      { kind: 'chat.incoming', chatId, from: contactId, text: '第一条' },
      { kind: 'chat.incoming', chatId, from: contactId, text: '第二条' },
    ]);
    expect(phone.revision).toBe(r0 + 1);
    expect(chatOf(JSON.parse(phone.getStateJson())).chats.find((c) => c.id === chatId)!.messages.slice(-2).map((m) => m.text)).toEqual(['第一条', '第二条']);
    expect(phone.notice).toMatchObject({ app: 'chat', text: '第二条' });
    phone.openNotice();
    expect(phone.route).toEqual({ app: 'chat', path: `/chat/${chatId}` });
    expect(phone.notice).toBeNull();
  });

  it('changes nothing when one event of several is bad', () => {
    const phone = new Phone(createInitialState(5));
    const { chatId, contactId } = firstChat(JSON.parse(phone.getStateJson()));
    const json = phone.getStateJson();
    expect(() =>
      deliverEvents(phone, [
        { kind: 'chat.incoming', chatId, from: contactId, text: '好的' },
        { kind: 'chat.incoming', chatId: 'c_nope', from: contactId, text: '坏的' },
      ]),
    ).toThrow(/chat\.incoming: /);
    expect(phone.getStateJson()).toBe(json);
    expect(phone.notice).toBeNull();
    expect(() => deliverEvents(phone, [])).toThrow('deliver: events must be a non-empty array');
  });

  it('the message arrives without a banner when 设置 turns the chat app\'s notifications off, or 勿扰模式 is on', () => {
    for (const mute of [(x: SettingsState) => (x.notifications.apps.chat = false), (x: SettingsState) => (x.dnd.enabled = true)]) {
      const s = createInitialState(5);
      mute(s.apps.settings as unknown as SettingsState);
      const phone = new Phone(s);
      const { chatId, contactId } = firstChat(s);
      deliverEvents(phone, [{ kind: 'chat.incoming', chatId, from: contactId, text: '静音了' }]);
      expect(chatOf(JSON.parse(phone.getStateJson())).chats.find((c) => c.id === chatId)!.messages.at(-1)!.text).toBe('静音了');
      expect(phone.notice).toBeNull();
    }
  });

  it('the notification leaves after NOTICE_MS of virtual time', () => {
    const phone = new Phone(createInitialState(5));
    const { chatId, contactId } = firstChat(JSON.parse(phone.getStateJson()));
    deliverEvents(phone, [{ kind: 'chat.incoming', chatId, from: contactId, text: '在吗' }]);
    phone.advanceTime(NOTICE_MS - 1);
    expect(phone.notice).not.toBeNull();
    phone.advanceTime(1);
    expect(phone.notice).toBeNull();
  });
});
