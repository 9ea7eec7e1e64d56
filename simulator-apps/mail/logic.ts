/**
 * 邮箱's rules, pure: folders and what they list, conversations, search, compose drafts, and the
 * mutators (in place, inside `phone.update`) with the refusals the screens show. Also the slice's
 * validator.
 */
import { makeDateKey, pad2 } from '../shared/dates.ts';
import { nextId } from '../shared/ids.ts';
import { wallClock } from '../shared/time.ts';
import { photoIdOfRef, photoRef } from '../photos/logic.ts';
import { ATTACHMENT_KINDS, SYSTEM_FOLDERS, type Address, type Attachment, type FolderId, type Mail, type MailState, type SystemFolder } from './types.ts';

export const MAIL_APP_ID = 'mail';

/** The system folders' names, and 星标邮件 (a view over the folders, not a folder a mail is in). */
export const FOLDER_NAMES: Record<SystemFolder | 'starred', string> = {
  inbox: '收件箱',
  starred: '星标邮件',
  sent: '已发送',
  drafts: '草稿箱',
  trash: '已删除',
  spam: '垃圾邮件',
};
/** The order 邮箱列表 lists the system folders in. */
export const FOLDER_ORDER = ['inbox', 'starred', 'drafts', 'sent', 'trash', 'spam'] as const;
export type FolderView = FolderId | 'starred';

export function dateKeyAt(t: number, timezone: string): string {
  const w = wallClock(t, timezone);
  return makeDateKey(w.year, w.month, w.day);
}

export function isSystemFolder(id: string): id is SystemFolder {
  return (SYSTEM_FOLDERS as readonly string[]).includes(id);
}

export function folderName(s: Pick<MailState, 'folders'>, id: FolderView): string {
  if (id === 'starred' || isSystemFolder(id)) return FOLDER_NAMES[id];
  return s.folders.find((f) => f.id === id)?.name ?? '';
}

export function folderExists(s: Pick<MailState, 'folders'>, id: string): boolean {
  return id === 'starred' || isSystemFolder(id) || s.folders.some((f) => f.id === id);
}

const newestFirst = (a: Mail, b: Mail): number => b.time - a.time || (a.id < b.id ? 1 : -1);

/** What a folder lists, newest first (星标邮件: starred mail outside 草稿箱, 已删除 and 垃圾邮件). */
export function mailsIn(s: Pick<MailState, 'mails'>, folder: FolderView): Mail[] {
  const out = folder === 'starred' ? s.mails.filter((m) => m.starred && !['drafts', 'trash', 'spam'].includes(m.folder)) : s.mails.filter((m) => m.folder === folder);
  return out.sort(newestFirst);
}

/** The number on a folder in 邮箱列表: unread mail (草稿箱: all its drafts). */
export function folderBadge(s: Pick<MailState, 'mails'>, folder: FolderView): number {
  const list = mailsIn(s, folder);
  return folder === 'drafts' ? list.length : list.filter((m) => !m.read).length;
}

/** A mail's conversation, oldest first: its thread's mails in the same world (已删除 and 垃圾邮件 keep to themselves). */
export function conversationOf(s: Pick<MailState, 'mails'>, mail: Mail): Mail[] {
  const apart = (m: Mail) => m.folder === 'trash' || m.folder === 'spam' || m.folder === 'drafts';
  return s.mails
    .filter((m) => m.id === mail.id || (m.threadId === mail.threadId && !apart(m) && !apart(mail)))
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
}

/** Mail whose subject, sender, recipients, body or attachment names hold `query` (not 已删除, not 垃圾邮件), newest first. */
export function searchMails(s: Pick<MailState, 'mails'>, query: string): Mail[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const hay = (m: Mail) => [m.subject, m.from.name, m.from.address, ...m.to.map((a) => `${a.name} ${a.address}`), m.body, ...m.attachments.map((a) => a.name)].join('\n').toLowerCase();
  return s.mails.filter((m) => m.folder !== 'trash' && m.folder !== 'spam' && hay(m).includes(q)).sort(newestFirst);
}

/** The first line of a body with text, for a list row. */
export function previewOf(body: string): string {
  return body.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
}

/** `356 KB`, `1.2 MB`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Who a mail shows as: the name, else the address. */
export function displayOf(a: Address): string {
  return a.name || a.address;
}

const ADDRESS_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export function isAddress(text: string): boolean {
  return ADDRESS_RE.test(text.trim());
}

/** Subject with a prefix, not doubled (`回复：回复：` stays one). */
export function prefixed(prefix: '回复：' | '转发：', subject: string): string {
  return subject.startsWith(prefix) ? subject : `${prefix}${subject}`;
}

// ---------------------------------------------------------------------------------------------
// Compose

export type ComposeMode = 'new' | 'reply' | 'replyAll' | 'forward' | 'draft';

/** What the compose form edits (kept outside the state while it is open). */
export interface ComposeDraft {
  to: Address[];
  cc: Address[];
  subject: string;
  body: string;
  attachments: Attachment[];
  refMailId: string | null;
  refKind: 'reply' | 'forward' | null;
  threadId: string | null;
  /** The 草稿箱 mail this form edits (saving and sending reuse its id); null for a new mail. */
  draftId: string | null;
}

const sameAddress = (a: Address, b: Address) => a.address.toLowerCase() === b.address.toLowerCase();
function without(list: readonly Address[], drop: readonly Address[]): Address[] {
  const out: Address[] = [];
  for (const a of list) if (!drop.some((d) => sameAddress(a, d)) && !out.some((o) => sameAddress(o, a))) out.push({ ...a });
  return out;
}

/** The form a compose screen opens with: afresh, answering a mail, passing one on, or a draft. */
export function composeStart(s: MailState, mode: ComposeMode, ref: Mail | undefined, to: Address[] = []): ComposeDraft {
  const sig = s.settings.signature ? `\n\n${s.settings.signature}` : '';
  const blank: ComposeDraft = { to, cc: [], subject: '', body: sig, attachments: [], refMailId: null, refKind: null, threadId: null, draftId: null };
  if (!ref || mode === 'new') return blank;
  const me = [s.account];
  const fromMe = sameAddress(ref.from, s.account);
  switch (mode) {
    case 'draft':
      return { to: ref.to.map((a) => ({ ...a })), cc: ref.cc.map((a) => ({ ...a })), subject: ref.subject, body: ref.body, attachments: ref.attachments.map((a) => ({ ...a })), refMailId: ref.refMailId, refKind: ref.refKind, threadId: ref.threadId, draftId: ref.id };
    case 'reply':
      return { ...blank, to: fromMe ? without(ref.to, me) : [{ ...ref.from }], subject: prefixed('回复：', ref.subject), refMailId: ref.id, refKind: 'reply', threadId: ref.threadId };
    case 'replyAll':
      return { ...blank, to: without(fromMe ? ref.to : [ref.from, ...ref.to], me), cc: without(ref.cc, [...me, ref.from, ...ref.to]), subject: prefixed('回复：', ref.subject), refMailId: ref.id, refKind: 'reply', threadId: ref.threadId };
    case 'forward':
      return { ...blank, subject: prefixed('转发：', ref.subject), attachments: ref.attachments.map((a) => ({ ...a })), refMailId: ref.id, refKind: 'forward' };
  }
}

/** The `ref` of a photo of 相册 attached to a mail. */
export { photoRef };

/** The photo id a `photos:<id>` reference points at, or null for any other attachment. */
export function photoIdOf(a: Pick<Attachment, 'ref'>): string | null {
  return photoIdOfRef(a.ref);
}

/**
 * A photo of 相册 as an attachment: named the way a camera names its files (`IMG_20260305_142007.jpg`,
 * the phone's wall clock when it was taken; zones are whole minutes, so the second is the timestamp's), its size the photo's bytes.
 */
export function photoAttachment(photo: { id: string; takenAt: number; bytes: number }, timezone: string): Attachment {
  const w = wallClock(photo.takenAt, timezone);
  return { kind: 'photo', name: `IMG_${w.year}${pad2(w.month)}${pad2(w.day)}_${pad2(w.hour)}${pad2(w.minute)}${pad2(Math.floor(photo.takenAt / 1000) % 60)}.jpg`, size: photo.bytes, ref: photoRef(photo.id) };
}

/** Why a form cannot be sent, or null. */
export function sendProblem(d: ComposeDraft): string | null {
  if (d.to.length === 0) return '请填写收件人';
  const bad = [...d.to, ...d.cc].find((a) => !isAddress(a.address));
  if (bad) return `收件人地址有误：${bad.address}`;
  return null;
}

/** Whether a form holds anything worth keeping as a draft (more than the signature it opened with). */
export function hasContent(d: ComposeDraft, s: MailState): boolean {
  const sig = s.settings.signature ? `\n\n${s.settings.signature}` : '';
  return d.to.length + d.cc.length > 0 || d.subject.trim() !== '' || (d.body.trim() !== '' && d.body !== sig) || (d.refKind === 'forward' ? false : d.attachments.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Mutators

export class MailRuleError extends Error {}

export function findMail(s: Pick<MailState, 'mails'>, id: string): Mail | undefined {
  return s.mails.find((m) => m.id === id);
}

function mailOrThrow(s: MailState, id: string): Mail {
  const m = findMail(s, id);
  if (!m) throw new MailRuleError(`no mail with id "${id}"`);
  return m;
}

export function setRead(s: MailState, id: string, read: boolean): void {
  const m = mailOrThrow(s, id);
  if (m.read !== read) m.read = read;
}

export function setStarred(s: MailState, id: string, starred: boolean): void {
  const m = mailOrThrow(s, id);
  if (m.starred !== starred) m.starred = starred;
}

/** Where 移动到 may put a mail: the inbox and custom folders (and 垃圾邮件), never 草稿箱/已发送/已删除. */
export function moveTargets(s: MailState, mail: Mail): { id: FolderId; name: string }[] {
  const all = [{ id: 'inbox', name: FOLDER_NAMES.inbox }, ...s.folders.map((f) => ({ id: f.id, name: f.name })), { id: 'spam', name: FOLDER_NAMES.spam }];
  return all.filter((f) => f.id !== mail.folder);
}

export function moveMail(s: MailState, id: string, folder: FolderId): void {
  const m = mailOrThrow(s, id);
  if (!folderExists(s, folder) || folder === 'starred' || folder === 'trash' || folder === 'drafts') throw new MailRuleError(`cannot move a mail to "${folder}"`);
  if (m.folder === folder) return;
  m.folder = folder;
  if (m.deletedFrom !== null) m.deletedFrom = null;
}

/** 删除: into 已删除 (remembering where from); in 已删除 it is gone for good. */
export function deleteMail(s: MailState, id: string): 'trashed' | 'erased' {
  const m = mailOrThrow(s, id);
  if (m.folder === 'trash') {
    s.mails.splice(s.mails.indexOf(m), 1);
    return 'erased';
  }
  m.deletedFrom = m.folder;
  m.folder = 'trash';
  return 'trashed';
}

/** 恢复: back to where it was deleted from (the inbox when that folder is gone). */
export function restoreMail(s: MailState, id: string): FolderId {
  const m = mailOrThrow(s, id);
  if (m.folder !== 'trash') throw new MailRuleError(`mail "${id}" is not in 已删除`);
  const back = m.deletedFrom && folderExists(s, m.deletedFrom) ? m.deletedFrom : 'inbox';
  m.folder = back;
  m.deletedFrom = null;
  return back;
}

/** 清空: every mail of 已删除 or 垃圾邮件 gone for good; returns how many. */
export function emptyFolder(s: MailState, folder: 'trash' | 'spam'): number {
  const before = s.mails.length;
  s.mails = s.mails.filter((m) => m.folder !== folder);
  return before - s.mails.length;
}

/** Why a new folder's name is refused, or null. */
export function folderNameProblem(s: MailState, name: string): string | null {
  const n = name.trim();
  if (n === '') return '请输入文件夹名称';
  if (n.length > 12) return '文件夹名称最多12个字';
  if (Object.values(FOLDER_NAMES).includes(n) || s.folders.some((f) => f.name === n)) return '已有同名文件夹';
  return null;
}

export function createFolder(s: MailState, name: string): string {
  const problem = folderNameProblem(s, name);
  if (problem) throw new MailRuleError(problem);
  const id = nextId(s.folders.map((f) => f.id), 'f_', 2);
  s.folders.push({ id, name: name.trim() });
  return id;
}

function nextMailId(s: MailState): string {
  return nextId(s.mails.map((m) => m.id), 'm_', 4);
}

function nextThreadId(s: MailState): string {
  return nextId(s.mails.map((m) => m.threadId), 't_', 3);
}

/** Writes the form into a mail of `folder` (its draft's own record when it has one); returns its id. */
function writeMail(s: MailState, d: ComposeDraft, folder: 'drafts' | 'sent', now: number): string {
  const fields = {
    folder,
    deletedFrom: null,
    from: { ...s.account },
    to: d.to.map((a) => ({ ...a })),
    cc: d.cc.map((a) => ({ ...a })),
    subject: d.subject.trim(),
    body: d.body,
    time: now,
    read: true,
    attachments: d.attachments.map((a) => ({ ...a })),
    refMailId: d.refMailId,
    refKind: d.refKind,
  };
  const existing = d.draftId ? s.mails.find((m) => m.id === d.draftId && m.folder === 'drafts') : undefined;
  if (existing) {
    Object.assign(existing, fields);
    return existing.id;
  }
  const mail: Mail = { id: nextMailId(s), threadId: d.threadId ?? nextThreadId(s), starred: false, meeting: null, ...fields };
  s.mails.push(mail);
  return mail.id;
}

export function saveDraft(s: MailState, d: ComposeDraft, now: number): string {
  return writeMail(s, d, 'drafts', now);
}

export function sendMail(s: MailState, d: ComposeDraft, now: number): string {
  const problem = sendProblem(d);
  if (problem) throw new MailRuleError(problem);
  return writeMail(s, d, 'sent', now);
}

export function setSignature(s: MailState, text: string): void {
  const t = text.slice(0, 200);
  if (s.settings.signature !== t) s.settings.signature = t;
}

export function setConversationView(s: MailState, on: boolean): void {
  if (s.settings.conversationView !== on) s.settings.conversationView = on;
}

// ---------------------------------------------------------------------------------------------
// Validation

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAddr = (v: unknown): boolean => isObj(v) && typeof v.name === 'string' && typeof v.address === 'string';

function mailProblem(m: unknown, i: number, folders: Set<string>): string | null {
  const at = `apps.mail.mails[${i}]`;
  if (!isObj(m)) return `${at} must be an object`;
  if (typeof m.id !== 'string' || typeof m.threadId !== 'string') return `${at}.id and .threadId must be strings`;
  if (typeof m.folder !== 'string' || !folders.has(m.folder)) return `${at}.folder must be a system folder or a custom folder's id, got ${JSON.stringify(m.folder)}`;
  if (m.deletedFrom !== null && typeof m.deletedFrom !== 'string') return `${at}.deletedFrom must be a folder id or null`;
  if (!isAddr(m.from)) return `${at}.from must be { name, address }`;
  if (!Array.isArray(m.to) || !m.to.every(isAddr) || !Array.isArray(m.cc) || !m.cc.every(isAddr)) return `${at}.to and .cc must be lists of { name, address }`;
  if (typeof m.subject !== 'string' || typeof m.body !== 'string') return `${at}.subject and .body must be strings`;
  if (typeof m.time !== 'number' || !Number.isFinite(m.time)) return `${at}.time must be a timestamp`;
  if (typeof m.read !== 'boolean' || typeof m.starred !== 'boolean') return `${at}.read and .starred must be booleans`;
  if (!Array.isArray(m.attachments)) return `${at}.attachments must be a list`;
  for (const a of m.attachments) {
    if (!isObj(a) || !(ATTACHMENT_KINDS as readonly unknown[]).includes(a.kind) || typeof a.name !== 'string' || typeof a.size !== 'number' || typeof a.ref !== 'string') return `${at}.attachments entries must be { kind (${ATTACHMENT_KINDS.join('|')}), name, size, ref }`;
  }
  if (m.refMailId !== null && typeof m.refMailId !== 'string') return `${at}.refMailId must be a mail id or null`;
  if (m.refKind !== null && m.refKind !== 'reply' && m.refKind !== 'forward') return `${at}.refKind must be 'reply', 'forward' or null`;
  if (m.meeting !== null) {
    const e = m.meeting;
    if (!isObj(e) || typeof e.title !== 'string' || typeof e.date !== 'string' || typeof e.start !== 'string' || typeof e.end !== 'string' || typeof e.place !== 'string') return `${at}.meeting must be { title, date, start, end, place } or null`;
  }
  return null;
}

export function validateMailState(v: unknown): string | null {
  if (!isObj(v)) return 'apps.mail must be an object';
  if (!isAddr(v.account)) return 'apps.mail.account must be { name, address }';
  if (!Array.isArray(v.folders) || !v.folders.every((f) => isObj(f) && typeof f.id === 'string' && typeof f.name === 'string')) return 'apps.mail.folders must be a list of { id, name }';
  if (!isObj(v.settings) || typeof v.settings.signature !== 'string' || typeof v.settings.conversationView !== 'boolean') return 'apps.mail.settings must be { signature: string, conversationView: boolean }';
  if (!Array.isArray(v.mails)) return 'apps.mail.mails must be a list';
  const folders = new Set<string>([...SYSTEM_FOLDERS, ...(v.folders as { id: string }[]).map((f) => f.id)]);
  const ids = new Set<string>();
  for (const [i, m] of v.mails.entries()) {
    const p = mailProblem(m, i, folders);
    if (p) return p;
    const id = (m as Mail).id;
    if (ids.has(id)) return `apps.mail.mails[${i}].id "${id}" is used twice`;
    ids.add(id);
  }
  return null;
}
