/**
 * Shared pieces of the 邮箱 suite: typed access to the mail slice, parameter builders that draw
 * mails a goal can name without ambiguity (by a unique subject), the checks of a mail I sent, and
 * oracle moves on `data-ui` keys (a folder, a mail, compose). Files starting with `_` are not tasks.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { displayOf, folderName, mailsIn, photoAttachment, photoIdOf, photoRef, sizeText } from '../../simulator-apps/mail/logic.ts';
import type { Address, Mail, MailState } from '../../simulator-apps/mail/types.ts';
import { addedRecords, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { livePhotos, photosOf, photoWords, type Photo } from '../photos/_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

export { displayOf, folderName, mailsIn, photoAttachment, photoIdOf, photoRef, sizeText };
export type { Address, Mail, MailState };

export const MINUTE = 60_000;

export function mailOf(state: PhoneState): MailState {
  return state.apps.mail as unknown as MailState;
}

export function mailById(state: PhoneState, id: string): Mail | undefined {
  return mailOf(state).mails.find((m) => m.id === id);
}

export const mailPath = (id: string): string => `apps.mail.mails[${id}]`;
/** Opening a mail reads it: a task that opens mails declares their `read`. */
export const readPaths = (ids: readonly string[]): string[] => ids.map((id) => `${mailPath(id)}.read`);

export interface MailParams extends Record<string, unknown> {
  mailId: string;
  subject: string;
  senderName: string;
}

/**
 * The `_mail` parameter: a mail whose subject no other mail of the slice has (`where` filters),
 * spread into mailId, subject and senderName.
 */
export function mailParam(where: (m: Mail, state: PhoneState) => boolean): Record<string, ParamSpec> {
  return spreadParam('_mail', ['mailId', 'subject', 'senderName'], (state, rng) => {
    const m = pickOrNull(rng, uniquelyNamed(mailOf(state).mails, (x) => x.subject, (x) => x.subject !== '' && where(x, state)));
    return m && { mailId: m.id, subject: m.subject, senderName: displayOf(m.from) };
  });
}

/** A mail of the inbox that a person wrote (no service, not me). */
export function fromPerson(m: Mail, state: PhoneState): boolean {
  const s = mailOf(state);
  return m.from.address !== s.account.address && /\.|_/.test(m.from.address.split('@')[0]!) && !m.subject.includes('验证码');
}

/** Mails in `final` that were not in `init`. */
export function addedMails(input: JudgeInput): Mail[] {
  return addedRecords(mailOf(input.init).mails, mailOf(input.final).mails);
}

export const addedMailPaths = (input: JudgeInput): string[] => addedMails(input).map((m) => mailPath(m.id));

/** Mails I sent during the episode (new ones, and drafts that went out). */
export function sentDuring(input: JudgeInput): Mail[] {
  const before = new Map(mailOf(input.init).mails.map((m) => [m.id, m]));
  return mailOf(input.final).mails.filter((m) => m.folder === 'sent' && before.get(m.id)?.folder !== 'sent');
}

const addrs = (list: readonly Address[] | undefined) => (list ?? []).map((a) => a.address.toLowerCase()).sort().join(',');

/** Exactly one mail sent, with these recipients (addresses), and the checks `more` adds. */
export function oneSentCriteria(input: JudgeInput, want: { to: readonly string[]; cc?: readonly string[] }, more: (m: Mail | undefined) => Criterion[] = () => []): Criterion[] {
  const sent = sentDuring(input);
  const m = sent[0];
  return [
    exactlyOne('exactly one mail sent', sent, m ? mailPath(m.id) : undefined),
    criteria.equals('its recipients', addrs(m?.to), want.to.map((a) => a.toLowerCase()).sort().join(',')),
    ...(want.cc !== undefined ? [criteria.equals('its cc', addrs(m?.cc), want.cc.map((a) => a.toLowerCase()).sort().join(','))] : []),
    ...more(m),
  ];
}

/** The body holds `text` (ignoring spaces and a trailing full stop). */
export function bodySays(m: Mail | undefined, text: string): Criterion {
  const norm = (s: string) => s.replace(/\s+/g, '').replace(/[。.!！]+$/, '');
  return criteria.that(`its body says “${text}”`, !!m && norm(m.body).includes(norm(text)), { expected: text, actual: m?.body ?? null });
}

/** A seeded mail of mine, planted by a task: one that answers or announces something. */
export function plantMail(state: PhoneState, fields: Partial<Mail> & Pick<Mail, 'from' | 'subject' | 'body' | 'time'>): Mail {
  const s = mailOf(state);
  const n = Math.max(0, ...s.mails.map((m) => Number(m.id.slice(2)))) + 1;
  const t = Math.max(0, ...s.mails.map((m) => Number(m.threadId.slice(2)))) + 1;
  const mail: Mail = {
    id: `m_${String(n).padStart(4, '0')}`, threadId: `t_${String(t).padStart(3, '0')}`, folder: 'inbox', deletedFrom: null, to: [{ ...s.account }], cc: [],
    read: false, starred: false, attachments: [], refMailId: null, refKind: null, meeting: null, ...fields,
  };
  s.mails.push(mail);
  return mail;
}

// --- oracle navigation ------------------------------------------------------------------------

/** From anywhere, the inbox (the mail app's root). */
export async function openInbox(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'mail') await ui.openApp('mail');
  for (let i = 0; i < 8 && !(ui.route.app === 'mail' && ui.route.path === '/'); i++) await ui.back();
  if (ui.route.app !== 'mail') await ui.openApp('mail');
  if (ui.route.path !== '/') throw new Error(`could not get back to the inbox (route ${ui.route.app}${ui.route.path})`);
}

/** From anywhere, a folder's list (邮箱列表 → the folder). */
export async function openFolder(ui: OracleUi, folder: string): Promise<void> {
  await openInbox(ui);
  if (folder === 'inbox') return;
  await ui.tap('mail.menu');
  await ui.scrollTo(`mail.folders.${folder}`, { within: 'mail.folders.list' });
  await ui.tap(`mail.folders.${folder}`);
}

/** From anywhere, a mail of a folder (its row, scrolled to). */
export async function openMail(ui: OracleUi, mailId: string, folder?: string): Promise<void> {
  await openFolder(ui, folder ?? mailById(ui.state, mailId)!.folder);
  await ui.scrollTo(`mail.item.${mailId}`, { within: 'mail.list' });
  await ui.tap(`mail.item.${mailId}`);
}

/** On the open mail: 更多 → 移动到 → the folder. */
export async function moveOpenMail(ui: OracleUi, folder: string): Promise<void> {
  await ui.tap('mail.detail.more');
  await ui.tap('mail.more.move');
  await ui.tap(`mail.move.${folder}`);
}

/** On compose: a recipient by a whole address (typed, then Enter). */
export async function addRecipient(ui: OracleUi, field: 'to' | 'cc', address: string): Promise<void> {
  await ui.type(`mail.compose.${field}`, address, { clear: true });
  await ui.pressEnter();
}

/** On compose: the fields given (the body replaces what is there: the signature goes). */
export async function fillCompose(ui: OracleUi, f: { to?: readonly string[]; cc?: readonly string[]; subject?: string; body?: string }): Promise<void> {
  for (const a of f.to ?? []) await addRecipient(ui, 'to', a);
  for (const a of f.cc ?? []) await addRecipient(ui, 'cc', a);
  if (f.subject !== undefined) await ui.type('mail.compose.subject', f.subject, { clear: true });
  if (f.body !== undefined) await ui.type('mail.compose.body', f.body, { clear: true });
}

/** A newsletter (a sender that is not a person) with at least `min` mails in the inbox: its name and those mails' ids. */
export function newsletterParam(min: number): Record<string, ParamSpec> {
  return spreadParam('_sender', ['senderName', 'senderAddress'], (state, rng) => {
    const inbox = mailOf(state).mails.filter((m) => m.folder === 'inbox' && !fromPerson(m, state) && !m.subject.includes('验证码') && !m.attachments.length);
    const count = new Map<string, number>();
    for (const m of inbox) count.set(m.from.address, (count.get(m.from.address) ?? 0) + 1);
    const senders = [...count].filter(([, n]) => n >= min).map(([a]) => inbox.find((m) => m.from.address === a)!.from);
    const s = pickOrNull(rng, senders);
    return s && { senderName: s.name, senderAddress: s.address };
  });
}

/** The inbox mails from an address (as the state was at the start). */
export function inboxFrom(state: PhoneState, address: string): Mail[] {
  return mailOf(state).mails.filter((m) => m.folder === 'inbox' && m.from.address === address);
}

/** 电话 contacts with a mail address and a number: the people compose suggests. */
export interface Reachable {
  contactId: string;
  contactName: string;
  email: string;
  number: string;
}

export function reachableContacts(state: PhoneState): Reachable[] {
  const people = (state.apps.contacts as unknown as { contacts: { id: string; name: string; email: string; phones: { number: string }[] }[] }).contacts;
  const names = new Map<string, number>();
  for (const c of people) names.set(c.name, (names.get(c.name) ?? 0) + 1);
  return people.filter((c) => c.email && /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(c.email) && c.phones.length > 0 && names.get(c.name) === 1).map((c) => ({ contactId: c.id, contactName: c.name, email: c.email, number: c.phones[0]!.number }));
}

/** The `_contact` parameter: a 电话 contact with a mail address, spread into contactId, contactName, email, number. */
export function contactParam(): Record<string, ParamSpec> {
  return spreadParam('_contact', ['contactId', 'contactName', 'email', 'number'], (state, rng) => pickOrNull(rng, reachableContacts(state)));
}

/** On compose: a recipient picked from the suggestions for a name (the one with this address). */
export async function pickRecipient(ui: OracleUi, field: 'to' | 'cc', name: string, address: string): Promise<void> {
  await ui.type(`mail.compose.${field}`, name, { clear: true });
  await ui.tap({ key: 'mail.compose.suggest.*', textIncludes: address });
}

/** The attachments' references, in order: the check of what a mail carries. */
export function attachmentRefs(m: Mail | undefined): string {
  return (m?.attachments ?? []).map((a) => a.ref).join(',');
}

/** On compose: 添加附件 → 从相册选择 → the photos ticked in 相册's picker → 完成. */
export async function attachFromAlbum(ui: OracleUi, photoIds: readonly string[]): Promise<void> {
  await ui.tap('mail.compose.attach');
  await ui.tap('mail.compose.attach.photos');
  for (const id of photoIds) {
    await ui.scrollTo(`photos.picker.tile.${id}`, { within: 'photos.picker.grid', maxSwipes: 40 });
    await ui.tap(`photos.picker.tile.${id}`);
  }
  await ui.tap('photos.picker.done');
}

/** Photos a mail is sent for, and the subject such a mail has. */
export const PAPER_SUBJECTS: Partial<Record<Photo['kind'], string>> = { receipt: '报销小票', ticket: '车票', document: '资料照片' };

export interface PaperPhotoParams extends Record<string, unknown> {
  photoId: string;
  photoText: string;
  subject: string;
}

/**
 * `_paper`: a live photo of paper (a receipt, the ticket, a document) as a goal names it (day, time,
 * place, what it shows: photoWords), spread into photoId, photoText and the subject of its mail.
 */
export function paperPhotoParam(): Record<string, ParamSpec> {
  return spreadParam('_paper', ['photoId', 'photoText', 'subject'], (state, rng) => {
    const p = pickOrNull(rng, livePhotos(photosOf(state)).filter((x) => PAPER_SUBJECTS[x.kind] !== undefined));
    return p && { photoId: p.id, photoText: photoWords(state, p), subject: PAPER_SUBJECTS[p.kind]! };
  });
}
