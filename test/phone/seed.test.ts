import { describe, expect, it } from 'vitest';
import { createInitialState, BASE_TIMESTAMP } from '../../simulator-apps/seed.ts';
import { APPS } from '../../simulator-apps/catalog.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';
import { TRAP_PAIRS } from '../../simulator-apps/chat/data.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';

const chatOf = (seed: number): ChatState => createInitialState(seed).apps.chat as unknown as ChatState;

/** Paths of values JSON cannot carry (undefined, functions, non-finite numbers, class instances). */
function nonJson(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonJson(v, `${path}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => nonJson(v, `${path}.${k}`));
  }
  return [path];
}

describe('every app\'s seed', () => {
  const ctx = { now: Date.UTC(2026, 2, 14, 3, 0), timezone: 'Asia/Shanghai' };
  const slice = (app: (typeof APPS)[number], seed: number) => JSON.stringify(app.seed(new Rng(seed), ctx));

  it.each(APPS.map((a) => [a.id, a] as const))('%s: deterministic, different between seeds, valid, and the same in the whole phone', (id, app) => {
    expect(slice(app, 7)).toBe(slice(app, 7));
    // The answer sheet starts empty on every seed; every other app's content is drawn from it.
    if (id !== 'answers') expect(slice(app, 7)).not.toBe(slice(app, 8));
    expect(app.validate(JSON.parse(slice(app, 7)))).toBeNull();
    expect(JSON.stringify(createInitialState(3).apps[id])).toBe(JSON.stringify(createInitialState(3).apps[id]));
  });
});

describe('createInitialState', () => {
  it('gives byte-identical JSON for the same seed', () => {
    for (const seed of [0, 1, 2, 42, 0xffffffff]) {
      expect(JSON.stringify(createInitialState(seed))).toBe(JSON.stringify(createInitialState(seed)));
    }
  });

  it('gives different data for different seeds, with the same structure', () => {
    const a = createInitialState(1);
    const b = createInitialState(2);
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(Object.keys(a.apps.chat)).toEqual(Object.keys(b.apps.chat));
  });

  it('is plain JSON, under 1 MB with every app, no app slice over 200 KB', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = createInitialState(seed);
      expect(nonJson(s)).toEqual([]);
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      expect(new TextEncoder().encode(JSON.stringify(s)).length).toBeLessThan(1024 * 1024);
      for (const [app, slice] of Object.entries(s.apps)) expect([app, new TextEncoder().encode(JSON.stringify(slice)).length < 200 * 1024]).toEqual([app, true]);
    }
  });

  it('starts the virtual clock on 2026-03-14 between 09:30 and 12:00 Shanghai time', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { time } = createInitialState(seed).os;
      expect(time.timezone).toBe('Asia/Shanghai');
      expect(time.timestamp).toBeGreaterThanOrEqual(BASE_TIMESTAMP);
      expect(time.timestamp).toBeLessThanOrEqual(BASE_TIMESTAMP + 150 * 60_000);
      expect(time.timestamp % 60_000).toBe(0);
    }
  });

  it('has unique string ids everywhere', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const chat = chatOf(seed);
      const contactIds = chat.contacts.map((c) => c.id);
      const chatIds = chat.chats.map((c) => c.id);
      const messageIds = chat.chats.flatMap((c) => c.messages.map((m) => m.id));
      for (const [ids, re] of [[contactIds, /^u_\d{3}$/], [chatIds, /^c_\d{2}$/], [messageIds, /^m_\d{5}$/]] as const) {
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(re);
      }
      const accounts = [chat.me.accountId, ...chat.contacts.map((c) => c.accountId)];
      expect(new Set(accounts).size).toBe(accounts.length);
    }
  });

  it('has the shape the tasks rely on: ~40 contacts, 20-24 chats, hundreds of messages, traps', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const now = createInitialState(seed).os.time.timestamp;
      const chat = chatOf(seed);
      expect(chat.contacts).toHaveLength(40);
      expect(chat.chats.length).toBeGreaterThanOrEqual(20);
      expect(chat.chats.length).toBeLessThanOrEqual(24);
      expect(chat.chats.reduce((n, c) => n + c.messages.length, 0)).toBeGreaterThan(150);
      const names = new Set(chat.contacts.map((c) => c.name));
      for (const [a, b] of TRAP_PAIRS) expect(names.has(a.name) && names.has(b.name)).toBe(true);
      expect(chat.chats.filter((c) => c.pinned).length).toBeGreaterThanOrEqual(2);
      expect(chat.chats.filter((c) => c.muted).length).toBeGreaterThanOrEqual(2);
      expect(chat.chats.filter((c) => c.unread > 0).length).toBeGreaterThanOrEqual(2);
      expect(chat.chats.filter((c) => c.draft !== '').length).toBe(1);
      expect(chat.contacts.some((c) => c.remark === '妈妈')).toBe(true);

      const contactIds = new Set(chat.contacts.map((c) => c.id));
      for (const c of chat.chats) {
        expect(contactIds.has(c.contactId)).toBe(true);
        expect(new Set(chat.chats.map((x) => x.contactId)).size).toBe(chat.chats.length);
        for (const m of c.messages) expect(['me', c.contactId]).toContain(m.from);
        const times = c.messages.map((m) => m.time);
        expect(times).toEqual([...times].sort((x, y) => x - y));
        expect(times[times.length - 1]).toBeLessThanOrEqual(now);
        // `unread` counts the contact's last messages: they are all theirs.
        const tail = c.messages.slice(c.messages.length - c.unread);
        for (const m of tail) expect(m.from).toBe(c.contactId);
      }
      for (const c of chat.contacts) expect(c.initial).toMatch(/^[A-Z#]$/);
    }
  });
});
