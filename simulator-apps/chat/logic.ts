/**
 * The chat app's rules as pure functions over plain `ChatState` (no Svelte, no DOM).
 * Queries return views; mutators change the object they are given in place and are
 * called by `ChatModel` inside `phone.update`, which bumps the revision.
 */
import type { Chat, ChatState, Contact, Message } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Queries

export function displayName(c: Pick<Contact, 'name' | 'remark'>): string {
  return c.remark.trim() !== '' ? c.remark : c.name;
}

export function findContact(s: ChatState, id: string): Contact | undefined {
  return s.contacts.find((c) => c.id === id);
}

export function findChat(s: ChatState, id: string): Chat | undefined {
  return s.chats.find((c) => c.id === id);
}

export function chatWithContact(s: ChatState, contactId: string): Chat | undefined {
  return s.chats.find((c) => c.contactId === contactId);
}

export function lastMessage(chat: Chat): Message | undefined {
  return chat.messages[chat.messages.length - 1];
}

export function lastActivity(chat: Chat): number {
  return lastMessage(chat)?.time ?? 0;
}

/** Pinned chats first; each group newest first; ties by id so the order is total. */
export function sortChats<C extends Chat>(chats: readonly C[]): C[] {
  return chats.slice().sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    const d = lastActivity(b) - lastActivity(a);
    if (d !== 0) return d;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** The badge total on the 聊天 tab: unread messages of chats that are not muted. */
export function totalUnread(s: ChatState): number {
  return s.chats.reduce((n, c) => n + (c.muted ? 0 : c.unread), 0);
}

/** The second line of a chat list row. */
export function chatPreview(chat: Chat): { draft: boolean; text: string } {
  if (chat.draft !== '') return { draft: true, text: chat.draft };
  const last = lastMessage(chat);
  if (!last) return { draft: false, text: '' };
  const prefix = chat.muted && chat.unread > 1 ? `[${chat.unread}条] ` : '';
  return { draft: false, text: prefix + last.text };
}

const LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
// The first character of each pinyin initial in the pinyin collation (the letters I, U, V start no syllable).
const BOUNDARIES = ['阿', '八', '嚓', '哒', '妸', '发', '旮', '哈', '讥', '咔', '垃', '妈', '拏', '噢', '妑', '七', '呥', '仨', '他', '屲', '夕', '丫', '帀'];
let collator: Intl.Collator | null = null;
function pinyinCollator(): Intl.Collator {
  return (collator ??= new Intl.Collator('zh-Hans-CN-u-co-pinyin'));
}

/** Upper-case initial of a name: a Latin letter as is, a Han character by pinyin, otherwise `#`. */
export function nameInitial(name: string): string {
  const ch = name.trim().charAt(0);
  if (/^[A-Za-z]$/.test(ch)) return ch.toUpperCase();
  if (!/^[\u4e00-\u9fff]$/.test(ch)) return '#';
  const coll = pinyinCollator();
  let letter = '#';
  for (let i = 0; i < BOUNDARIES.length; i++) {
    if (coll.compare(ch, BOUNDARIES[i]) >= 0) letter = LETTERS[i];
    else break;
  }
  return letter;
}

/** The contacts-index letter: the seed's `initial` for the contact's own name, else derived from the remark. */
export function indexLetter(c: Contact): string {
  return c.remark.trim() === '' ? c.initial : nameInitial(c.remark);
}

export interface ContactSection<C extends Contact = Contact> {
  letter: string;
  contacts: C[];
}

/** Contacts grouped by index letter (A-Z, then #), each group in pinyin order of the displayed name. */
export function contactSections<C extends Contact>(contacts: readonly C[]): ContactSection<C>[] {
  const coll = pinyinCollator();
  const groups = new Map<string, C[]>();
  for (const c of contacts) {
    const letter = indexLetter(c);
    let g = groups.get(letter);
    if (!g) groups.set(letter, (g = []));
    g.push(c);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return letters.map((letter) => ({
    letter,
    contacts: groups.get(letter)!.sort((a, b) => coll.compare(displayName(a), displayName(b)) || (a.id < b.id ? -1 : 1)),
  }));
}

/** Case-insensitive match on remark, name and account id. */
export function searchContacts<C extends Contact>(contacts: readonly C[], query: string): C[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  return contacts.filter((c) => c.remark.toLowerCase().includes(q) || c.name.toLowerCase().includes(q) || c.accountId.toLowerCase().includes(q));
}

/** Chats whose messages contain the query, with the number of matching messages. */
export function searchMessages<C extends Chat>(chats: readonly C[], query: string): { chat: C; count: number; last: Message }[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const out: { chat: C; count: number; last: Message }[] = [];
  for (const chat of chats) {
    const hits = chat.messages.filter((m) => m.text.toLowerCase().includes(q));
    if (hits.length > 0) out.push({ chat, count: hits.length, last: hits[hits.length - 1] });
  }
  return out.sort((a, b) => b.last.time - a.last.time);
}

// ---------------------------------------------------------------------------------------------
// Ids

function maxSuffix(ids: Iterable<string>, prefix: string): number {
  let max = 0;
  for (const id of ids) {
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isSafeInteger(n) && n > max) max = n;
  }
  return max;
}

export function nextMessageId(s: ChatState): string {
  const n = maxSuffix(
    (function* () {
      for (const c of s.chats) for (const m of c.messages) yield m.id;
    })(),
    'm_',
  );
  return `m_${String(n + 1).padStart(5, '0')}`;
}

export function nextChatId(s: ChatState): string {
  const n = maxSuffix(s.chats.map((c) => c.id), 'c_');
  return `c_${String(n + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Mutators (in place)

export class ChatRuleError extends Error {
  override name = 'ChatRuleError';
}

function requireChat(s: ChatState, chatId: string): Chat {
  const chat = findChat(s, chatId);
  if (!chat) throw new ChatRuleError(`no chat with id "${chatId}"`);
  return chat;
}

function requireContact(s: ChatState, contactId: string): Contact {
  const c = findContact(s, contactId);
  if (!c) throw new ChatRuleError(`no contact with id "${contactId}"`);
  return c;
}

/** The chat with a contact, created empty (at the end of `chats`) when there is none. */
export function ensureChat(s: ChatState, contactId: string): Chat {
  requireContact(s, contactId);
  const existing = chatWithContact(s, contactId);
  if (existing) return existing;
  const chat: Chat = { id: nextChatId(s), contactId, pinned: false, muted: false, unread: 0, draft: '', messages: [] };
  s.chats.push(chat);
  return chat;
}

/** Appends my message (text trimmed of surrounding whitespace) and clears the draft. Returns null for blank text. */
export function sendMessage(s: ChatState, chatId: string, text: string, time: number): Message | null {
  const chat = requireChat(s, chatId);
  const body = text.trim();
  if (body === '') return null;
  const message: Message = { id: nextMessageId(s), from: 'me', text: body, time };
  chat.messages.push(message);
  chat.draft = '';
  chat.unread = 0;
  return message;
}

export function setDraft(s: ChatState, chatId: string, draft: string): void {
  const chat = requireChat(s, chatId);
  const value = draft.trim() === '' ? '' : draft;
  if (chat.draft !== value) chat.draft = value;
}

export function markRead(s: ChatState, chatId: string): void {
  const chat = requireChat(s, chatId);
  if (chat.unread !== 0) chat.unread = 0;
}

export function markUnread(s: ChatState, chatId: string): void {
  const chat = requireChat(s, chatId);
  if (chat.unread === 0) chat.unread = 1;
}

export function setPinned(s: ChatState, chatId: string, pinned: boolean): void {
  requireChat(s, chatId).pinned = pinned;
}

export function setMuted(s: ChatState, chatId: string, muted: boolean): void {
  requireChat(s, chatId).muted = muted;
}

export function clearHistory(s: ChatState, chatId: string): void {
  const chat = requireChat(s, chatId);
  chat.messages = [];
  chat.unread = 0;
}

export function deleteChat(s: ChatState, chatId: string): void {
  const i = s.chats.findIndex((c) => c.id === chatId);
  if (i < 0) throw new ChatRuleError(`no chat with id "${chatId}"`);
  s.chats.splice(i, 1);
}

export function setRemark(s: ChatState, contactId: string, remark: string): void {
  requireContact(s, contactId).remark = remark.trim();
}

export function setStarred(s: ChatState, contactId: string, starred: boolean): void {
  requireContact(s, contactId).starred = starred;
}

export function setMyName(s: ChatState, name: string): void {
  const v = name.trim();
  if (v === '') throw new ChatRuleError('name must not be empty');
  s.me.name = v;
}

export function setMySignature(s: ChatState, signature: string): void {
  s.me.signature = signature.trim();
}

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateChatState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.chat must be an object';
  const s = v as Partial<ChatState>;
  if (typeof s.me !== 'object' || s.me === null || typeof s.me.name !== 'string') return 'apps.chat.me must be an object with a name';
  if (!Array.isArray(s.contacts)) return 'apps.chat.contacts must be an array';
  if (!Array.isArray(s.chats)) return 'apps.chat.chats must be an array';
  for (const [i, c] of s.contacts.entries()) {
    if (typeof c?.id !== 'string' || typeof c.name !== 'string' || typeof c.remark !== 'string') return `apps.chat.contacts[${i}] needs string id, name and remark`;
    if (typeof c.avatar?.color !== 'string' || typeof c.avatar.glyph !== 'string') return `apps.chat.contacts[${i}].avatar needs string color and glyph`;
  }
  for (const [i, c] of s.chats.entries()) {
    if (typeof c?.id !== 'string' || typeof c.contactId !== 'string' || !Array.isArray(c.messages)) return `apps.chat.chats[${i}] needs string id, contactId and a messages array`;
  }
  return null;
}
