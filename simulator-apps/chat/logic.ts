/**
 * Long file: the chat app's rules that the model, the seed, the other apps' share flows, tasks and
 * verify all import; to be split by feature (threads, groups, contacts) when the next one grows.
 * The chat app's rules as pure functions over plain `ChatState` (no Svelte, no DOM).
 * Queries return views; mutators change the object they are given in place and are
 * called by `ChatModel` inside `phone.update`, which bumps the revision.
 */
import type { Avatar, Chat, ChatState, Contact, Group, Message, MessageCard, MessageTransfer, Moment, MomentComment, MomentImage, Thread, Visibility } from './types.ts';
import { nextId } from '../shared/ids.ts';

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

export function isGroup(t: Thread): t is Group {
  return (t as Partial<Group>).members !== undefined;
}

export function findGroup(s: ChatState, id: string): Group | undefined {
  return (s.groups ?? []).find((g) => g.id === id);
}

/** A one-to-one chat or a group, by id. */
export function findThread(s: ChatState, id: string): Thread | undefined {
  return findChat(s, id) ?? findGroup(s, id);
}

/** One-to-one chats and groups together. */
export function allThreads(s: ChatState): Thread[] {
  return [...s.chats, ...(s.groups ?? [])];
}

/** Who a message or a like is from: my name, or the contact's displayed name ('' for an unknown id). */
export function personName(s: ChatState, id: string): string {
  if (id === 'me') return s.me.name;
  const c = findContact(s, id);
  return c ? displayName(c) : '';
}

export function personAvatar(s: ChatState, id: string): Avatar {
  if (id === 'me') return s.me.avatar;
  return findContact(s, id)?.avatar ?? { color: '#b0b0b0', glyph: '?' };
}

/**
 * Whose picture a person's avatar draws (../shared/avatarArt.ts): their own name, not the remark I
 * gave them, so it stays put when I rename them and matches 电话 and 邮箱; null for an unknown id.
 */
export function personKey(s: ChatState, id: string): string | null {
  if (id === 'me') return s.me.name;
  return findContact(s, id)?.name ?? null;
}

/** An avatar with whose picture it draws, for a group's grid of members. */
export interface Face {
  avatar: Avatar;
  person: string | null;
}

export function personFace(s: ChatState, id: string): Face {
  return { avatar: personAvatar(s, id), person: personKey(s, id) };
}

/** The title of a thread: the contact's displayed name, or the group's name. */
export function threadName(s: ChatState, t: Thread): string {
  if (isGroup(t)) return t.name;
  const c = findContact(s, t.contactId);
  return c ? displayName(c) : '';
}

export function lastMessage(chat: Thread): Message | undefined {
  return chat.messages[chat.messages.length - 1];
}

export function lastActivity(chat: Thread): number {
  return lastMessage(chat)?.time ?? 0;
}

/** Pinned chats first; each group newest first; ties by id so the order is total. */
export function sortChats<C extends Thread>(chats: readonly C[]): C[] {
  // Each chat's keys read once, not once per comparison (the list sorts on every render).
  const keyed = chats.map((chat) => ({ chat, pinned: chat.pinned, last: lastActivity(chat), id: chat.id }));
  keyed.sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    const d = b.last - a.last;
    if (d !== 0) return d;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return keyed.map((k) => k.chat);
}

/** The badge total on the 聊天 tab: unread messages of chats that are not muted. */
export function totalUnread(s: ChatState): number {
  return allThreads(s).reduce((n, c) => n + (c.muted ? 0 : c.unread), 0);
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

export function nextMessageId(s: ChatState): string {
  const ids = (function* () {
    for (const c of allThreads(s)) for (const m of c.messages) yield m.id;
  })();
  return nextId(ids, 'm_', 5);
}

export function nextChatId(s: ChatState): string {
  return nextId(s.chats.map((c) => c.id), 'c_', 2);
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

/** Appends my message to a one-to-one chat (`sendToThread`, which any thread takes). */
export function sendMessage(s: ChatState, chatId: string, text: string, time: number): Message | null {
  requireChat(s, chatId);
  return sendToThread(s, chatId, text, time);
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
    const bad = validateMessages(c.messages, `apps.chat.chats[${i}]`);
    if (bad) return bad;
  }
  if (!Array.isArray(s.groups)) return 'apps.chat.groups must be an array';
  for (const [i, g] of s.groups.entries()) {
    const at = `apps.chat.groups[${i}]`;
    if (typeof g?.id !== 'string' || typeof g.name !== 'string' || typeof g.ownerId !== 'string') return `${at} needs string id, name and ownerId`;
    if (!Array.isArray(g.members) || g.members.some((m) => typeof m !== 'string' || m === 'me')) return `${at}.members must be an array of contact ids`;
    if (typeof g.myNickname !== 'string' || typeof g.announcement !== 'string') return `${at} needs string myNickname and announcement`;
    if (typeof g.pinned !== 'boolean' || typeof g.muted !== 'boolean' || !isCount(g.unread) || typeof g.draft !== 'string') return `${at} needs pinned, muted, unread and draft`;
    if (!Array.isArray(g.messages)) return `${at}.messages must be an array`;
    const bad = validateMessages(g.messages, at);
    if (bad) return bad;
  }
  if (!Array.isArray(s.moments)) return 'apps.chat.moments must be an array';
  for (const [i, p] of s.moments.entries()) {
    const at = `apps.chat.moments[${i}]`;
    if (typeof p?.id !== 'string' || typeof p.authorId !== 'string' || typeof p.text !== 'string' || typeof p.time !== 'number') return `${at} needs string id, authorId, text and a number time`;
    if (!Array.isArray(p.images) || p.images.length > 9) return `${at}.images must be an array of at most 9`;
    if (p.images.some((im) => typeof im?.from !== 'string' || typeof im.to !== 'string' || typeof im.glyph !== 'string')) return `${at}.images need from, to and glyph`;
    if (!Array.isArray(p.likes) || p.likes.some((x) => typeof x !== 'string')) return `${at}.likes must be an array of ids`;
    if (!Array.isArray(p.comments)) return `${at}.comments must be an array`;
    for (const [k, c] of p.comments.entries()) {
      if (typeof c?.id !== 'string' || typeof c.from !== 'string' || typeof c.replyTo !== 'string' || typeof c.text !== 'string') return `${at}.comments[${k}] needs string id, from, replyTo and text`;
    }
    if (p.visibility !== 'public' && p.visibility !== 'private' && p.visibility !== 'partial') return `${at}.visibility must be public, private or partial`;
  }
  return null;
}

const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

function validateMessages(messages: unknown[], at: string): string | null {
  for (const [k, raw] of messages.entries()) {
    const m = raw as Partial<Message> | null;
    const here = `${at}.messages[${k}]`;
    if (typeof m?.id !== 'string' || typeof m.from !== 'string' || typeof m.text !== 'string' || typeof m.time !== 'number') return `${here} needs string id, from, text and a number time`;
    if (m.card !== undefined) {
      const c = m.card as Partial<MessageCard> | null;
      if (typeof c?.app !== 'string' || typeof c.title !== 'string' || typeof c.subtitle !== 'string' || typeof c.ref !== 'string') return `${here}.card needs string app, title, subtitle and ref`;
    }
    if (m.transfer !== undefined) {
      const t = m.transfer as Partial<MessageTransfer> | null;
      if (!Number.isSafeInteger(t?.amount) || (t!.amount as number) <= 0) return `${here}.transfer.amount must be a positive integer (fen)`;
      if (typeof t!.note !== 'string' || typeof t!.billId !== 'string') return `${here}.transfer needs string note and billId`;
      if (t!.status !== 'pending' && t!.status !== 'accepted') return `${here}.transfer.status must be pending or accepted`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Groups (群聊)

function requireGroup(s: ChatState, groupId: string): Group {
  const g = findGroup(s, groupId);
  if (!g) throw new ChatRuleError(`no group with id "${groupId}"`);
  return g;
}

function requireThread(s: ChatState, id: string): Thread {
  const t = findThread(s, id);
  if (!t) throw new ChatRuleError(`no chat with id "${id}"`);
  return t;
}

export function nextGroupId(s: ChatState): string {
  return nextId(s.groups.map((g) => g.id), 'g_', 2);
}

/** The default name of a new group: the first three names joined with 、. */
export function defaultGroupName(s: ChatState, memberIds: readonly string[]): string {
  return ['me', ...memberIds].slice(0, 3).map((id) => personName(s, id)).join('、');
}

/** 发起群聊: a new group owned by me with at least two other contacts; returns it (appended to `groups`). */
export function createGroup(s: ChatState, memberIds: readonly string[]): Group {
  const members = [...new Set(memberIds)];
  if (members.length < 2) throw new ChatRuleError('a group needs at least two other members');
  for (const id of members) requireContact(s, id);
  const group: Group = {
    id: nextGroupId(s),
    name: defaultGroupName(s, members),
    ownerId: 'me',
    members,
    myNickname: '',
    announcement: '',
    pinned: false,
    muted: false,
    unread: 0,
    draft: '',
    messages: [],
  };
  s.groups.push(group);
  return group;
}

/** A member's name inside a group: my group nickname for me, else the displayed name. */
export function memberName(s: ChatState, g: Group, id: string): string {
  if (id === 'me') return g.myNickname !== '' ? g.myNickname : s.me.name;
  return personName(s, id);
}

export function renameGroup(s: ChatState, groupId: string, name: string): void {
  const v = name.trim();
  if (v === '') throw new ChatRuleError('group name must not be empty');
  requireGroup(s, groupId).name = v;
}

export function setGroupNickname(s: ChatState, groupId: string, nickname: string): void {
  requireGroup(s, groupId).myNickname = nickname.trim();
}

export function setAnnouncement(s: ChatState, groupId: string, text: string): void {
  requireGroup(s, groupId).announcement = text.trim();
}

export function addMembers(s: ChatState, groupId: string, contactIds: readonly string[]): void {
  const g = requireGroup(s, groupId);
  for (const id of contactIds) {
    requireContact(s, id);
    if (!g.members.includes(id)) g.members.push(id);
  }
}

/** Only the owner (me) may remove members. */
export function canRemoveMembers(g: Group): boolean {
  return g.ownerId === 'me';
}

export function removeMember(s: ChatState, groupId: string, contactId: string): void {
  const g = requireGroup(s, groupId);
  if (!canRemoveMembers(g)) throw new ChatRuleError('only the group owner can remove members');
  const i = g.members.indexOf(contactId);
  if (i < 0) throw new ChatRuleError(`"${contactId}" is not a member of "${groupId}"`);
  g.members.splice(i, 1);
}

/** 退出群聊: the group disappears from my list. */
export function leaveGroup(s: ChatState, groupId: string): void {
  const i = s.groups.findIndex((g) => g.id === groupId);
  if (i < 0) throw new ChatRuleError(`no group with id "${groupId}"`);
  s.groups.splice(i, 1);
}

// Threads of either kind (one-to-one chats and groups share these rules).

/** Appends my message (text trimmed of surrounding whitespace) and clears the draft. Returns null for blank text. */
export function sendToThread(s: ChatState, id: string, text: string, time: number): Message | null {
  const t = requireThread(s, id);
  const body = text.trim();
  if (body === '') return null;
  const message: Message = { id: nextMessageId(s), from: 'me', text: body, time };
  t.messages.push(message);
  t.draft = '';
  t.unread = 0;
  return message;
}

export function setThreadDraft(s: ChatState, id: string, draft: string): void {
  const t = requireThread(s, id);
  const value = draft.trim() === '' ? '' : draft;
  if (t.draft !== value) t.draft = value;
}

export function setThreadFlag(s: ChatState, id: string, flag: 'pinned' | 'muted', on: boolean): void {
  requireThread(s, id)[flag] = on;
}

export function markThreadRead(s: ChatState, id: string): void {
  const t = requireThread(s, id);
  if (t.unread !== 0) t.unread = 0;
}

export function markThreadUnread(s: ChatState, id: string): void {
  const t = requireThread(s, id);
  if (t.unread === 0) t.unread = 1;
}

export function clearThread(s: ChatState, id: string): void {
  const t = requireThread(s, id);
  t.messages = [];
  t.unread = 0;
}

/** The list row's second line for a group: “name: text”. */
export function threadPreview(s: ChatState, t: Thread): { draft: boolean; text: string } {
  if (!isGroup(t)) return chatPreview(t);
  if (t.draft !== '') return { draft: true, text: t.draft };
  const last = lastMessage(t);
  if (!last) return { draft: false, text: '' };
  const prefix = t.muted && t.unread > 1 ? `[${t.unread}条] ` : '';
  const who = last.from === 'me' ? '' : `${memberName(s, t, last.from)}: `;
  return { draft: false, text: prefix + who + last.text };
}

// ---------------------------------------------------------------------------------------------
// Moments (朋友圈)

export function findMoment(s: ChatState, id: string): Moment | undefined {
  return s.moments.find((m) => m.id === id);
}

function requireMoment(s: ChatState, id: string): Moment {
  const m = findMoment(s, id);
  if (!m) throw new ChatRuleError(`no moment with id "${id}"`);
  return m;
}

/** Newest first; with `authorId`, only that author's. */
export function momentFeed<M extends Moment>(moments: readonly M[], authorId?: string): M[] {
  return moments.filter((m) => authorId === undefined || m.authorId === authorId).sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
}

export function nextMomentId(s: ChatState): string {
  return nextId(s.moments.map((m) => m.id), 'p_', 3);
}

export function nextCommentId(s: ChatState): string {
  return nextId(s.moments.flatMap((m) => m.comments.map((c) => c.id)), 'mc_', 4);
}

export function toggleLike(s: ChatState, momentId: string): boolean {
  const m = requireMoment(s, momentId);
  const i = m.likes.indexOf('me');
  if (i >= 0) m.likes.splice(i, 1);
  else m.likes.push('me');
  return i < 0;
}

/** Comments on a moment (replyTo '') or replies to someone's comment (replyTo: their id). Returns null for blank text. */
export function addComment(s: ChatState, req: { momentId: string; text: string; replyTo: string; now: number }): MomentComment | null {
  const m = requireMoment(s, req.momentId);
  const text = req.text.trim();
  if (text === '') return null;
  if (req.replyTo === 'me') throw new ChatRuleError('cannot reply to myself');
  if (req.replyTo !== '') requireContact(s, req.replyTo);
  const c: MomentComment = { id: nextCommentId(s), from: 'me', replyTo: req.replyTo, text, time: req.now };
  m.comments.push(c);
  return c;
}

/** Only my own comments can be deleted. */
export function deleteComment(s: ChatState, momentId: string, commentId: string): void {
  const m = requireMoment(s, momentId);
  const i = m.comments.findIndex((c) => c.id === commentId && c.from === 'me');
  if (i < 0) throw new ChatRuleError(`no comment of mine with id "${commentId}"`);
  m.comments.splice(i, 1);
}

export function postMoment(s: ChatState, req: { text: string; images: MomentImage[]; visibility: Visibility; now: number }): Moment | null {
  const text = req.text.trim();
  if (text === '' && req.images.length === 0) return null;
  if (req.images.length > 9) throw new ChatRuleError('at most 9 images');
  const m: Moment = { id: nextMomentId(s), authorId: 'me', text, images: req.images.map((im) => ({ ...im })), location: '', time: req.now, likes: [], comments: [], visibility: req.visibility };
  s.moments.push(m);
  return m;
}

export function deleteMoment(s: ChatState, momentId: string): void {
  const i = s.moments.findIndex((m) => m.id === momentId);
  if (i < 0) throw new ChatRuleError(`no moment with id "${momentId}"`);
  if (s.moments[i].authorId !== 'me') throw new ChatRuleError('only my own moments can be deleted');
  s.moments.splice(i, 1);
}

/** A moment's age as 朋友圈 shows it: 刚刚 / N分钟前 / N小时前 / 昨天 / N天前 / M月D日. */
export function momentAge(time: number, now: number, formatDate: (t: number) => string): string {
  const min = Math.floor((now - time) / 60_000);
  if (min < 1) return '刚刚';
  if (min < 60) return `${min}分钟前`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h}小时前`;
  const d = Math.floor(h / 24);
  if (d === 1) return '昨天';
  if (d < 7) return `${d}天前`;
  return formatDate(time);
}
