/**
 * The contacts app's rules as pure functions over plain `ContactsState` (no Svelte, no DOM).
 * Queries return views; mutators change the object they are given in place and are called
 * by `ContactsModel` inside `phone.update`, which bumps the revision.
 */
import { SPECIAL_CONTACTS } from '../chat/data.ts';
import { nameInitial } from '../chat/logic.ts';
import { SERVICES } from './seed.ts';
import type { CallEntry, ContactsState, Group, Person, PhoneLabel, PhoneNumber } from './types.ts';
import { PHONE_LABELS } from './types.ts';
import { NEW_CONTACT_COLORS } from '../shared/avatarColors.ts';
import { nextId } from '../shared/ids.ts';

// ---------------------------------------------------------------------------------------------
// Avatars

const SERVICE_NAMES = new Set(SERVICES.map((s) => s.name));
/** 轻聊's special people are saved here under what I call them (妈妈, 刘总): their own name. */
const OWN_NAME_BY_REMARK = new Map<string, string>(Object.values(SPECIAL_CONTACTS).map((p) => [p.remark, p.name]));

/**
 * Whose picture a name's avatar draws (../shared/avatarArt.ts): the person's own name, so 妈妈
 * here looks like 李秀兰 in 轻聊; null (a letter) for a service or a number without a name.
 */
export function avatarPerson(name: string): string | null {
  const t = name.trim();
  if (t === '' || /^[0-9+]/.test(t) || SERVICE_NAMES.has(t)) return null;
  return OWN_NAME_BY_REMARK.get(t) ?? t;
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** Digits and a leading `+` only: how numbers are compared. */
export function normalizeNumber(n: string): string {
  return n.replace(/[^0-9+]/g, '');
}

/** `138 1234 5678` for an 11-digit mobile; anything else as stored. */
export function formatNumber(n: string): string {
  return /^1\d{10}$/.test(n) ? `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}` : n;
}

export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '未接通';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}小时${m}分${s}秒`;
  if (m > 0) return `${m}分${s}秒`;
  return `${s}秒`;
}

// ---------------------------------------------------------------------------------------------
// Queries

export function findPerson(s: ContactsState, id: string): Person | undefined {
  return s.contacts.find((c) => c.id === id);
}

export function findGroup(s: ContactsState, id: string): Group | undefined {
  return s.groups.find((g) => g.id === id);
}

export function findCall(s: ContactsState, id: string): CallEntry | undefined {
  return s.calls.find((c) => c.id === id);
}

/** The contact that has this number saved (first by id), and under which label. */
export function personForNumber(s: ContactsState, number: string): { person: Person; label: PhoneLabel } | undefined {
  const n = normalizeNumber(number);
  if (n === '') return undefined;
  for (const person of s.contacts) {
    const phone = person.phones.find((p) => normalizeNumber(p.number) === n);
    if (phone) return { person, label: phone.label };
  }
  return undefined;
}

/** Who a call-log row names: the contact saved now under the number, else the number itself. */
export function callTitle(s: ContactsState, call: CallEntry): string {
  return personForNumber(s, call.number)?.person.name ?? formatNumber(call.number);
}

export function groupsOf(s: ContactsState, contactId: string): Group[] {
  return s.groups.filter((g) => g.memberIds.includes(contactId));
}

/** Calls with this number (or any number of this contact), newest first. */
export function callsWith(s: ContactsState, numbers: readonly string[]): CallEntry[] {
  const set = new Set(numbers.map(normalizeNumber));
  return s.calls.filter((c) => set.has(normalizeNumber(c.number))).reverse();
}

/** Missed calls the user has not seen yet (the 通话记录 badge). */
export function unseenMissed(s: ContactsState): number {
  return s.calls.reduce((n, c) => n + (c.direction === 'missed' && c.time > s.missedSeenAt ? 1 : 0), 0);
}

let collator: Intl.Collator | null = null;
function pinyinCollator(): Intl.Collator {
  return (collator ??= new Intl.Collator('zh-Hans-CN-u-co-pinyin'));
}

/** How two people sort: by pinyin when known, else by the pinyin collation of the name; ties by id. */
export function comparePeople(a: Person, b: Person): number {
  const ka = a.pinyin !== '' ? a.pinyin : a.name;
  const kb = b.pinyin !== '' ? b.pinyin : b.name;
  const byKey = a.pinyin !== '' && b.pinyin !== '' ? (ka < kb ? -1 : ka > kb ? 1 : 0) : pinyinCollator().compare(ka, kb);
  return byKey || pinyinCollator().compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
}

export interface Section<P extends Person = Person> {
  letter: string;
  people: P[];
}

/** People grouped by index letter (A-Z, then #). */
export function sections<P extends Person>(people: readonly P[]): Section<P>[] {
  const groups = new Map<string, P[]>();
  for (const p of people) {
    let g = groups.get(p.initial);
    if (!g) groups.set(p.initial, (g = []));
    g.push(p);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return letters.map((letter) => ({ letter, people: groups.get(letter)!.sort(comparePeople) }));
}

/** Name, pinyin (`zhangwei`), initials (`zw`) or a part of a number. */
export function searchPeople<P extends Person>(people: readonly P[], query: string): P[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const digits = normalizeNumber(q);
  return people
    .filter((p) => {
      if (p.name.toLowerCase().includes(q)) return true;
      const syl = p.pinyin.split(' ').filter(Boolean);
      if (syl.length > 0 && (syl.join('').startsWith(q) || syl.map((x) => x[0]).join('').startsWith(q))) return true;
      return digits.length >= 3 && digits === q.replace(/[\s-]/g, '') && p.phones.some((ph) => normalizeNumber(ph.number).includes(digits));
    })
    .sort(comparePeople);
}

/** The dialler's suggestions: people with a number containing the typed digits. */
export function dialMatches<P extends Person>(people: readonly P[], typed: string): { person: P; phone: PhoneNumber }[] {
  const d = normalizeNumber(typed);
  if (d.length < 2) return [];
  const out: { person: P; phone: PhoneNumber }[] = [];
  for (const person of people) {
    const phone = person.phones.find((p) => normalizeNumber(p.number).includes(d));
    if (phone) out.push({ person, phone });
  }
  return out.sort((a, b) => comparePeople(a.person, b.person));
}

// ---------------------------------------------------------------------------------------------
// Drafts (the edit form)

export interface ContactDraft {
  name: string;
  phones: PhoneNumber[];
  company: string;
  email: string;
  birthday: string;
  note: string;
}

export function draftOf(p: Person | undefined): ContactDraft {
  return p
    ? { name: p.name, phones: p.phones.map((x) => ({ ...x })), company: p.company, email: p.email, birthday: p.birthday, note: p.note }
    : { name: '', phones: [{ label: '手机', number: '' }], company: '', email: '', birthday: '', note: '' };
}

/** The draft as it would be saved: fields trimmed, blank numbers dropped. */
export function cleanDraft(d: ContactDraft): ContactDraft {
  return {
    name: d.name.trim(),
    phones: d.phones.map((p) => ({ label: p.label, number: p.number.trim() })).filter((p) => p.number !== ''),
    company: d.company.trim(),
    email: d.email.trim(),
    birthday: d.birthday.trim(),
    note: d.note.trim(),
  };
}

/** Why a draft cannot be saved (shown to the user), or null. */
export function draftError(d: ContactDraft): string | null {
  const c = cleanDraft(d);
  if (c.name === '' && c.phones.length === 0) return '请输入姓名或电话号码';
  for (const p of c.phones) if (!/^\+?[0-9][0-9 -]{1,22}$/.test(p.number)) return `号码“${p.number}”格式不正确`;
  if (c.email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.email)) return '邮箱格式不正确';
  if (c.birthday !== '' && !validDate(c.birthday)) return '生日格式应为 年-月-日，如 1990-05-20';
  return null;
}

function validDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

// ---------------------------------------------------------------------------------------------
// Ids

export function nextContactId(s: ContactsState): string {
  return nextId(s.contacts.map((c) => c.id), 'ct_', 3);
}

export function nextCallId(s: ContactsState): string {
  return nextId(s.calls.map((c) => c.id), 'k_', 4);
}

// ---------------------------------------------------------------------------------------------
// Mutators (in place)

export class ContactsRuleError extends Error {
  override name = 'ContactsRuleError';
}

function requirePerson(s: ContactsState, id: string): Person {
  const p = findPerson(s, id);
  if (!p) throw new ContactsRuleError(`no contact with id "${id}"`);
  return p;
}

function requireGroup(s: ContactsState, id: string): Group {
  const g = findGroup(s, id);
  if (!g) throw new ContactsRuleError(`no group with id "${id}"`);
  return g;
}

function applyDraft(p: Person, d: ContactDraft): void {
  const c = cleanDraft(d);
  const name = c.name !== '' ? c.name : formatNumber(c.phones[0]?.number ?? '');
  if (p.name !== name) {
    p.name = name;
    p.pinyin = '';
    p.initial = nameInitial(name);
  }
  if (JSON.stringify(p.phones) !== JSON.stringify(c.phones)) p.phones = c.phones;
  if (p.company !== c.company) p.company = c.company;
  if (p.email !== c.email) p.email = c.email;
  if (p.birthday !== c.birthday) p.birthday = c.birthday;
  if (p.note !== c.note) p.note = c.note;
}

/** Saves a new contact (appended, next id). Throws on an invalid draft. */
export function addContact(s: ContactsState, d: ContactDraft): Person {
  const err = draftError(d);
  if (err) throw new ContactsRuleError(err);
  const id = nextContactId(s);
  const p: Person = { id, name: '', pinyin: '', initial: '#', phones: [], company: '', email: '', birthday: '', favorite: false, note: '', color: NEW_CONTACT_COLORS[Number(id.slice(3)) % NEW_CONTACT_COLORS.length] };
  applyDraft(p, d);
  s.contacts.push(p);
  return p;
}

/** Saves an edit: only fields that differ are written (an unchanged name keeps its pinyin). */
export function updateContact(s: ContactsState, id: string, d: ContactDraft): void {
  const err = draftError(d);
  if (err) throw new ContactsRuleError(err);
  applyDraft(requirePerson(s, id), d);
}

/** Removes a contact and its group memberships; its calls stay, as bare numbers (`contactId: null`). */
export function deleteContact(s: ContactsState, id: string): void {
  const i = s.contacts.findIndex((c) => c.id === id);
  if (i < 0) throw new ContactsRuleError(`no contact with id "${id}"`);
  s.contacts.splice(i, 1);
  for (const g of s.groups) if (g.memberIds.includes(id)) g.memberIds = g.memberIds.filter((m) => m !== id);
  for (const c of s.calls) if (c.contactId === id) c.contactId = null;
}

export function setFavorite(s: ContactsState, id: string, favorite: boolean): void {
  const p = requirePerson(s, id);
  if (p.favorite !== favorite) p.favorite = favorite;
}

export function addToGroup(s: ContactsState, groupId: string, contactId: string): void {
  requirePerson(s, contactId);
  const g = requireGroup(s, groupId);
  if (!g.memberIds.includes(contactId)) g.memberIds.push(contactId);
}

export function removeFromGroup(s: ContactsState, groupId: string, contactId: string): void {
  const g = requireGroup(s, groupId);
  if (g.memberIds.includes(contactId)) g.memberIds = g.memberIds.filter((m) => m !== contactId);
}

/** Records an outgoing call at `time` (duration 0 until it is hung up). */
export function placeCall(s: ContactsState, number: string, time: number): CallEntry {
  const n = number.trim();
  if (normalizeNumber(n) === '') throw new ContactsRuleError('cannot call an empty number');
  const entry: CallEntry = { id: nextCallId(s), number: n, contactId: personForNumber(s, n)?.person.id ?? null, time, direction: 'outgoing', duration: 0 };
  s.calls.push(entry);
  return entry;
}

/** Hang up: the call lasted from its start to `now`, in whole seconds. */
export function endCall(s: ContactsState, callId: string, now: number): void {
  const c = findCall(s, callId);
  if (!c) throw new ContactsRuleError(`no call with id "${callId}"`);
  const d = Math.max(0, Math.floor((now - c.time) / 1000));
  if (c.duration !== d) c.duration = d;
}

export function markMissedSeen(s: ContactsState, now: number): void {
  if (unseenMissed(s) > 0) s.missedSeenAt = now;
}

export function isPhoneLabel(v: unknown): v is PhoneLabel {
  return (PHONE_LABELS as readonly unknown[]).includes(v);
}

/** Checks the shape the screens rely on; returns a message naming the first problem, or null. */
export function validateContactsState(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'apps.contacts must be an object';
  const s = v as Partial<ContactsState>;
  if (!Array.isArray(s.contacts)) return 'apps.contacts.contacts must be an array';
  if (!Array.isArray(s.groups)) return 'apps.contacts.groups must be an array';
  if (!Array.isArray(s.calls)) return 'apps.contacts.calls must be an array';
  if (typeof s.missedSeenAt !== 'number') return 'apps.contacts.missedSeenAt must be a number';
  const ids = new Set<string>();
  for (const [i, c] of s.contacts.entries()) {
    if (typeof c?.id !== 'string' || typeof c.name !== 'string' || typeof c.pinyin !== 'string' || typeof c.initial !== 'string') return `apps.contacts.contacts[${i}] needs string id, name, pinyin and initial`;
    if (ids.has(c.id)) return `apps.contacts.contacts[${i}].id "${c.id}" is not unique`;
    ids.add(c.id);
    if (!Array.isArray(c.phones) || c.phones.some((p) => !isPhoneLabel(p?.label) || typeof p.number !== 'string')) return `apps.contacts.contacts[${i}].phones must be [{label: 手机|工作|家庭, number}]`;
    for (const k of ['company', 'email', 'birthday', 'note', 'color'] as const) if (typeof c[k] !== 'string') return `apps.contacts.contacts[${i}].${k} must be a string`;
    if (typeof c.favorite !== 'boolean') return `apps.contacts.contacts[${i}].favorite must be a boolean`;
  }
  for (const [i, g] of s.groups.entries()) {
    if (typeof g?.id !== 'string' || typeof g.name !== 'string' || !Array.isArray(g.memberIds)) return `apps.contacts.groups[${i}] needs string id, name and a memberIds array`;
    const stray = g.memberIds.find((m) => !ids.has(m));
    if (stray !== undefined) return `apps.contacts.groups[${i}].memberIds names unknown contact "${String(stray)}"`;
  }
  for (const [i, c] of s.calls.entries()) {
    if (typeof c?.id !== 'string' || typeof c.number !== 'string' || typeof c.time !== 'number' || typeof c.duration !== 'number') return `apps.contacts.calls[${i}] needs string id and number, numeric time and duration`;
    if (c.direction !== 'incoming' && c.direction !== 'outgoing' && c.direction !== 'missed') return `apps.contacts.calls[${i}].direction must be incoming, outgoing or missed`;
    if (c.contactId !== null && typeof c.contactId !== 'string') return `apps.contacts.calls[${i}].contactId must be a string or null`;
  }
  return null;
}
