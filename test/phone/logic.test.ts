import { describe, expect, it } from 'vitest';
import { chatRouteStack, parseChatPath } from '../../simulator-apps/chat/routes.ts';
import * as rules from '../../simulator-apps/chat/logic.ts';
import type { Chat, ChatState, Contact } from '../../simulator-apps/chat/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { flingDistance, FLING_GAIN } from '../../simulator-apps/os/gestures.ts';
import { formatClock, formatListTime, formatMessageTime, wallClock } from '../../simulator-apps/shared/time.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const fresh = (): ChatState => structuredClone(createInitialState(7).apps.chat as unknown as ChatState);
const T = Date.UTC(2026, 2, 14, 1, 30); // 09:30 in Shanghai

describe('chat rules', () => {
  it('orders pinned chats first, then by last message, newest first', () => {
    const mk = (id: string, pinned: boolean, time: number): Chat => ({ id, contactId: id, pinned, muted: false, unread: 0, draft: '', messages: [{ id: `m_${id}`, from: 'me', text: '', time }] });
    const sorted = rules.sortChats([mk('a', false, 3), mk('b', true, 1), mk('c', false, 5), mk('d', true, 2)]);
    expect(sorted.map((c) => c.id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('previews drafts, and unread counts of muted chats', () => {
    const chat: Chat = { id: 'c', contactId: 'u', pinned: false, muted: true, unread: 3, draft: '', messages: [{ id: 'm', from: 'u', text: '好的', time: 1 }] };
    expect(rules.chatPreview(chat)).toEqual({ draft: false, text: '[3条] 好的' });
    expect(rules.chatPreview({ ...chat, draft: '明天见' })).toEqual({ draft: true, text: '明天见' });
  });

  it('sends with the next message id, clears the draft, ignores blank text', () => {
    const s = fresh();
    const chat = s.chats[0];
    chat.draft = 'x';
    const before = rules.allThreads(s).flatMap((c) => c.messages).length;
    const m = rules.sendMessage(s, chat.id, '  你好  ', T);
    expect(m).toMatchObject({ id: `m_${String(before + 1).padStart(5, '0')}`, from: 'me', text: '你好', time: T });
    expect(chat.draft).toBe('');
    expect(rules.sendMessage(s, chat.id, '   ', T)).toBeNull();
    expect(() => rules.sendMessage(s, 'c_nope', 'x', T)).toThrow(/no chat with id "c_nope"/);
  });

  it('creates a chat for a contact only once', () => {
    const s = fresh();
    const withChat = new Set(s.chats.map((c) => c.contactId));
    const loner = s.contacts.find((c) => !withChat.has(c.id))!;
    const a = rules.ensureChat(s, loner.id);
    const b = rules.ensureChat(s, loner.id);
    expect(a).toBe(b);
    expect(a.id).toBe(`c_${String(s.chats.length).padStart(2, '0')}`);
  });

  it('groups contacts by pinyin initial, remarks included', () => {
    const c = (id: string, name: string, initial: string, remark = ''): Contact => ({ id, name, remark, initial, region: '', accountId: id, avatar: { color: '#000', glyph: 'x' }, gender: 'unknown', signature: '', starred: false });
    const sections = rules.contactSections([c('1', '王小雨', 'W'), c('2', 'Amy', 'A'), c('3', '张伟', 'Z', '老板'), c('4', '123', '#'), c('5', '王晓雨', 'W')]);
    expect(sections.map((s) => s.letter)).toEqual(['A', 'L', 'W', '#']);
    expect(sections.find((s) => s.letter === 'W')!.contacts.map((x) => x.id)).toEqual(['1', '5']); // 小 before 晓: same pinyin
    expect(rules.nameInitial('曹雪')).toBe('C');
    expect(rules.nameInitial('kevin')).toBe('K');
  });

  it('rejects a chat slice it cannot show, naming the field', () => {
    expect(rules.validateChatState(fresh())).toBeNull();
    expect(rules.validateChatState({ me: { name: 'x' }, contacts: [], chats: {} })).toMatch(/chats must be an array/);
  });
});

describe('chat routes', () => {
  it('parses every screen and implies a back stack for deep links', () => {
    expect(parseChatPath('/chat/c_03')).toEqual({ screen: 'conversation', chatId: 'c_03' });
    expect(parseChatPath('/chat/c_03/settings')).toEqual({ screen: 'chatSettings', chatId: 'c_03' });
    expect(parseChatPath('/chat/with/u_001')).toEqual({ screen: 'newConversation', contactId: 'u_001' });
    expect(parseChatPath('/contact/u_001/remark')).toEqual({ screen: 'remark', contactId: 'u_001' });
    expect(parseChatPath('/nope')).toEqual({ screen: 'notFound', path: '/nope' });
    expect(chatRouteStack('/chat/c_03/settings')).toEqual(['/chats', '/chat/c_03', '/chat/c_03/settings']);
    expect(chatRouteStack('/contact/u_002/remark')).toEqual(['/contacts', '/contact/u_002', '/contact/u_002/remark']);
    expect(chatRouteStack('/me')).toEqual(['/me']);
  });
});

describe('fling', () => {
  it('comes from the last per-event deltas, and a rested finger stops dead', () => {
    expect(flingDistance([-30, -30, -30])).toBe(30 * FLING_GAIN);
    expect(flingDistance([-40, -20, 0])).toBe(0);
    expect(flingDistance([10, 20, 30, 40])).toBe(-30 * FLING_GAIN);
    expect(flingDistance([1])).toBe(0);
    expect(flingDistance([])).toBe(0);
  });
});

describe('time labels', () => {
  it('formats the virtual clock in the phone timezone', () => {
    expect(formatClock(T, 'Asia/Shanghai')).toBe('09:30');
    expect(formatClock(T, 'UTC')).toBe('01:30');
    const day = 86_400_000;
    expect(formatListTime(T - 3600_000, T)).toBe('08:30');
    expect(formatListTime(T - day, T)).toBe('昨天');
    expect(formatListTime(T - 3 * day, T)).toBe('星期三');
    expect(formatListTime(T - 20 * day, T)).toBe('2/22');
    expect(formatListTime(T - 100 * day, T)).toBe('2025/12/4');
    expect(formatMessageTime(T - day, T)).toBe('昨天 09:30');
    expect(formatMessageTime(T - 20 * day, T)).toBe('2月22日 09:30');
  });

  it('gives the wall clock Intl gives, across daylight-saving switches, odd offsets and local mean time', () => {
    // wallClock caches a day's offset; Intl itself is the reference, asked minute by minute here.
    const formats = new Map<string, Intl.DateTimeFormat>();
    const intl = (t: number, timeZone: string) => {
      const f = formats.get(timeZone) ?? formats.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })).get(timeZone)!;
      const p = f.formatToParts(new Date(t));
      return ['year', 'month', 'day', 'hour', 'minute'].map((k) => Number(p.find((x) => x.type === k)!.value) % (k === 'hour' ? 24 : Infinity));
    };
    const zones = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Apia', 'UTC'];
    const mismatches: string[] = [];
    const check = (t: number, tz: string) => {
      const w = wallClock(t, tz);
      const got = [w.year, w.month, w.day, w.hour, w.minute];
      if (got.join() !== intl(t, tz).join()) mismatches.push(`${tz} ${new Date(t).toISOString()}: ${got.join()} vs ${intl(t, tz).join()}`);
    };
    const year = 365.25 * 86_400_000;
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const tz of zones) {
      for (let i = 0; i < 600; i++) check(Math.floor((next() * 300 - 170) * year), tz); // 1800 to 2100
      for (let t = Date.UTC(2026, 2, 7); t < Date.UTC(2026, 3, 6); t += 7 * 60_000) check(t, tz); // March's switches, every 7 minutes
      for (let t = Date.UTC(2011, 11, 29); t < Date.UTC(2012, 0, 1); t += 13 * 60_000) check(t, tz); // Apia skipped 30 December 2011
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

describe('Rng', () => {
  it('is deterministic and in range', () => {
    const a = new Rng(5);
    const b = new Rng(5);
    const xs = Array.from({ length: 100 }, () => a.int(1, 6));
    expect(Array.from({ length: 100 }, () => b.int(1, 6))).toEqual(xs);
    expect(Math.min(...xs)).toBe(1);
    expect(Math.max(...xs)).toBe(6);
    expect(new Rng(5).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
